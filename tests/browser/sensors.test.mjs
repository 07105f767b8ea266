// The sensors card and the wrist wrench in the view (web/src/sensor_panel.js,
// overlays.js setWrench): the parallel jaw holding the cube shows its wrist
// force (the hand's and the cube's weight, as the core computes it), a force
// plot, and the two jaw pads as heat maps whose totals are the pads'
// readings; a scene without sensors hides the card. Screenshots at desktop
// and phone widths go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadScene, openPage, waitForState } from './browser.mjs';

const G = 9.81;

async function holdTheCube(page) {
  await waitForState(page, (s) => s.ready, { what: 'the first frame' });
  let s = await loadScene(page, 'assets/scenes/parallel-jaw-cube.json');
  assert.notEqual(s.sensors, null, 'the card is built from the first frame');
  await page.evaluate(() => window.grasplab.runSteps(1180));  // 2.95 s: lifted and held still
  s = await waitForState(page, (st) => st.steps === 1180 && st.sensors && st.sensors.readings[1].step === 1180,
    { what: '1180 steps', timeout: 120000 });
  return s;
}

test('desktop: the wrist reads hand + cube weight, its arrows are drawn, the pads are heat maps', async () => {
  const session = await openPage({ width: 1280, height: 900 });
  const { page } = session;
  try {
    const s = await holdTheCube(page);
    const [encoders, wrist, left, right] = s.sensors.readings;
    assert.equal(encoders.type, 'joint');
    assert.ok(Math.abs(wrist.force[2] + 0.7 * G) < 0.01 * 0.7 * G, `fz ${wrist.force[2]}`);
    assert.equal(s.overlay.wrench, 1, 'the force arrow (the torque at rest is too small to draw)');
    assert.ok(s.sensors.samples > 0);
    assert.equal(await page.isVisible('#sensor-panel'), true);
    assert.equal(await page.isVisible('#legend-wrench'), true);
    assert.equal(await page.textContent('#sensor-panel .sensor-wrench tr:nth-child(2) td:nth-child(4)'), wrist.force[2].toFixed(3));
    assert.equal(await page.textContent('#sensor-panel .sensor-wrench tr:nth-child(2) td:nth-child(2)'), '0.000');  // not -0.000
    const labels = await page.$$eval('#sensor-panel figure.tactile canvas', (cs) => cs.map((c) => c.getAttribute('aria-label')));
    assert.equal(labels.length, 2);
    assert.match(labels[0], new RegExp(`^left-pad: ${left.total.toFixed(2)} N on 8 x 4 taxels`));
    assert.match(labels[1], new RegExp(`^right-pad: ${right.total.toFixed(2)} N on 8 x 4 taxels`));
    assert.ok(left.total > 4 && right.total > 4, `${left.total} ${right.total}`);
    // The heat map colours the loaded taxels: some cell is not white.
    const coloured = await page.$eval('#sensor-panel figure.tactile canvas', (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let k = 0; k < d.length; k += 4) if (d[k + 3] > 0 && d[k + 1] < 200) ++n;
      return n;
    });
    assert.ok(coloured > 0);
    await page.locator('#sensor-panel').scrollIntoViewIfNeeded();
    console.log(`screenshot: ${await session.screenshot('sensors-1280.png')}`);
    // A scene without sensors: no card, no wrench arrows.
    await loadScene(page, 'assets/scenes/falling-sphere.json');
    const none = await waitForState(page, (st) => st.scene === 'assets/scenes/falling-sphere.json' && st.steps === 0);
    assert.equal(none.sensors, null);
    assert.equal(none.overlay.wrench, 0);
    assert.equal(await page.isVisible('#sensor-panel'), false);
    assert.equal(await page.isVisible('#legend-wrench'), false);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('desktop: compliant pads hold the cube as two soft fingers in force closure, drawn as pressure heat maps', async () => {
  const session = await openPage({ width: 1280, height: 900 });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/parallel-jaw-cube-pads.json');
    await page.evaluate(() => window.grasplab.runSteps(1180));  // 2.95 s: lifted and held still
    const s = await waitForState(page, (st) => st.steps === 1180 && st.sensors && st.sensors.readings[1].step === 1180 && st.grasp,
      { what: '1180 steps', timeout: 180000 });
    const [, wrist, left, right] = s.sensors.readings;
    // The wrist carries the hand (0.5 kg) and the cube (0.2 kg) through the pads.
    assert.ok(Math.abs(wrist.force[2] + 0.7 * G) < 0.01 * 0.7 * G, `fz ${wrist.force[2]}`);
    // The cube at rest between the pads: their normal forces balance (the
    // only horizontal forces on it), and each presses.
    assert.ok(left.total > 1 && right.total > 1, `${left.total} ${right.total}`);
    assert.ok(Math.abs(left.total - right.total) < 0.01 * left.total, `${left.total} ${right.total}`);
    // The grasp analysis sees each pad as one soft-finger contact: force closure.
    assert.equal(s.grasp.contacts, 2);
    assert.equal(s.grasp.forceClosure, true);
    const labels = await page.$$eval('#sensor-panel figure.tactile canvas', (cs) => cs.map((c) => c.getAttribute('aria-label')));
    assert.equal(labels.length, 2);
    assert.match(labels[0], new RegExp(`^left-pad: ${left.total.toFixed(2)} N on 16 x 5 taxels`));
    // The pressure map: the loaded cells are coloured, the unloaded ones
    // (the pad is longer than the cube's face) stay white.
    const cells = await page.$eval('#sensor-panel figure.tactile canvas', (c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let coloured = 0, white = 0;
      for (let k = 0; k < d.length; k += 4) {
        if (d[k + 3] === 0) continue;
        if (d[k + 1] < 200) ++coloured; else if (d[k] > 250 && d[k + 1] > 250 && d[k + 2] > 250) ++white;
      }
      return { coloured, white };
    });
    assert.ok(cells.coloured > 0 && cells.white > 0, JSON.stringify(cells));
    await page.locator('#sensor-panel').scrollIntoViewIfNeeded();
    console.log(`screenshot: ${await session.screenshot('sensors-pads-1280.png')}`);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('a recorded frame shows its own sensor readings, and the exported recording carries them as the CLI writes them', async () => {
  const session = await openPage({ width: 1280, height: 900 });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/parallel-jaw-cube.json');
    await page.evaluate(() => window.grasplab.record(true));
    await waitForState(page, (s) => s.recording && s.recording.on, { what: 'recording on' });
    await page.evaluate(() => window.grasplab.runSteps(1183));  // every 7 steps: frame 169 is step 1183
    await waitForState(page, (s) => s.steps === 1183, { what: '1183 steps', timeout: 120000 });
    await page.evaluate(() => window.grasplab.record(false));
    await waitForState(page, (st) => st.recording && !st.recording.on, { what: 'recording off' });
    const lines = (await page.evaluate(() => window.grasplab.exportRecording())).trim().split('\n').map((l) => JSON.parse(l));
    // Frame 10 is step 70: the jaw still open, the hand hanging (its weight, 0.5 kg).
    assert.equal(lines[10].step, 70);
    const wristThen = lines[10].sensors[1];
    assert.ok(Math.abs(wristThen.force[2] + 0.5 * G) < 1e-6, `${wristThen.force[2]}`);
    assert.equal(lines[169].sensors[1].step, 1183);
    await page.evaluate(() => window.grasplab.showRecorded(10));
    const shown = await waitForState(page, (st) => st.replay && st.replay.index === 10, { what: 'frame 10' });
    assert.equal(shown.sensors.readings[1].step, 70);
    assert.equal(shown.overlay.wrench, 0, 'no arrows while replaying');
    assert.equal(await page.textContent('#sensor-panel .sensor-wrench tr:nth-child(2) td:nth-child(4)'), wristThen.force[2].toFixed(3));
    assert.match(await page.$eval('#sensor-panel figure.tactile canvas', (c) => c.getAttribute('aria-label')), /^left-pad: 0\.00 N/);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('phone: the sensors card is in the drawer and fits its width', async () => {
  const session = await openPage({ width: 390, height: 844, touch: true });
  const { page } = session;
  try {
    await holdTheCube(page);
    await page.tap('#drawer-toggle');
    await page.locator('#sensor-panel').scrollIntoViewIfNeeded();
    const box = await page.locator('#sensor-panel').boundingBox();
    assert.ok(box && box.width > 0 && box.x >= 0 && box.x + box.width <= 390 + 1, JSON.stringify(box));
    console.log(`screenshot: ${await session.screenshot('sensors-390.png')}`);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
