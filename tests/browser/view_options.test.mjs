// What a student sees: the force arrows' scale follows the forces and comes
// back after a spike (a resting ball's weight is drawn 0.3 scene sizes long
// again), the overlays can be drawn behind the solids and the cones smaller,
// the grasped object is highlighted, the plots keep every body (the rest
// summed) and give the handset's object its kinetic energy, and a recorded
// frame shows its own step, contacts and wrench space.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ForceScale } from '../../web/src/overlays.js';
import { loadScene, openPage, waitForState } from './browser.mjs';

test('the force scale: a spike is cut short, a sustained force rescales, and the scale comes back', () => {
  const s = new ForceScale();
  const weight = 1.962;  // N: the 0.2 kg ball
  s.reset(weight);
  for (let k = 0; k < 200; ++k) s.push(weight);
  assert.equal(s.reference, weight);
  // An impact: three frames of 2 kN do not move the 90th percentile.
  for (let k = 0; k < 3; ++k) s.push(2000);
  assert.equal(s.reference, weight);
  // A grip of 50 N held for 2 s becomes the reference...
  for (let k = 0; k < 120; ++k) s.push(50);
  assert.equal(s.reference, 50);
  // ...and 2 s after it ends, the weight is again (never below the floor).
  for (let k = 0; k < 120; ++k) s.push(0.5);
  assert.equal(s.reference, weight);
});

test('a resting ball\'s weight is drawn at full length again after its landing spike; overlays behind solids, small cones', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the sphere' });
    await page.evaluate(() => window.grasplab.play());
    // The ball lands at about 0.3 s; 2.5 s later the window holds only its rest.
    const s = await waitForState(page, (st) => st.time > 3 && st.contactCount > 0, { what: '3 s', timeout: 60000 });
    await page.evaluate(() => window.grasplab.pause());
    assert.ok(Math.abs(s.overlay.forceReference - 0.2 * 9.81) < 1e-6, `${s.overlay.forceReference}`);
    assert.match(await page.textContent('#legend-force-text'), /^5 cm = [\d.]+ N \(follows the last 2 s\)$/);
    // Overlay style: depth-tested (behind the solids), small cones.
    await page.click('#overlay-toggles summary');
    await page.selectOption('#overlay-toggles select[name=depth]', 'behind');
    await page.selectOption('#overlay-toggles select[name=cones]', 'small');
    const style = await page.evaluate(() => window.grasplab.state().overlay.style);
    assert.deepEqual(style, { depth: true, cones: 'small' });
    assert.equal(await page.evaluate(() => window.grasplab.state().highlighted), null);  // no grasp here
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('the handset is highlighted as the grasped object and its kinetic energy is plotted; 100 boxes plot 5 and the other 95', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/barrett-handset.json');
    await page.evaluate(() => window.grasplab.runSteps(200));
    let s = await waitForState(page, (st) => st.steps === 200 && st.plots, { what: '200 steps' });
    assert.equal(s.highlighted, 'handset');
    assert.ok(await page.isVisible('#legend-object'));
    assert.equal(await page.textContent('#legend-object-name'), 'handset');
    // The hand's base is fixed: no ratio, but the object's own kinetic energy.
    assert.equal(s.plots.energyRatio, null);
    assert.ok(Number.isFinite(s.plots.energy) && s.plots.energy > 0, `${s.plots.energy}`);
    await loadScene(page, 'assets/scenes/box-stacks.json');
    await page.evaluate(() => window.grasplab.runSteps(10));
    s = await waitForState(page, (st) => st.steps === 10 && st.plots, { what: '10 steps of the boxes' });
    const labels = Object.keys(s.plots.force);
    assert.equal(labels.length, 6);
    assert.equal(labels[5], 'other bodies (95)');
    // The other 95 boxes carry the rest of the 100 boxes' weight on the ground and each other.
    assert.ok(s.plots.force['other bodies (95)'] > 0);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('a recorded frame shows its own step, contacts and wrench space, not the live ones', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/barrett-handset.json');
    await page.evaluate(() => window.grasplab.record(true));
    await waitForState(page, (s) => s.recording && s.recording.on, { what: 'recording on' });
    await page.evaluate(() => window.grasplab.runSteps(1400));  // the dynamic auto-grasp closes by 3.5 s
    const live = await waitForState(page, (s) => s.steps === 1400, { what: '1400 steps', timeout: 120000 });
    await page.evaluate(() => window.grasplab.record(false));
    await waitForState(page, (s) => s.recording && !s.recording.on, { what: 'recording off' });
    const lines = (await page.evaluate(() => window.grasplab.exportRecording())).trim().split('\n').map((l) => JSON.parse(l));
    const k = lines.length - 1;
    assert.ok(lines[k].grasp.forceClosure, 'the last recorded frame is in closure');
    await page.evaluate(() => { document.getElementById('wrench-panel').hidden = false; document.getElementById('wrench-panel').open = true; });
    await page.evaluate((i) => window.grasplab.showRecorded(i), k);
    const shown = await waitForState(page, (st) => st.replay && st.replay.index === k && st.replay.grasp && st.replay.grasp.wrenchSpace,
      { what: 'the last frame with its wrench space' });
    // The frame's wrench space is its recorded grasp's: the same epsilon, to the bit.
    assert.equal(shown.replay.grasp.epsilonL1, lines[k].grasp.epsilonL1);
    assert.equal(shown.replay.grasp.contacts, lines[k].grasp.contacts);
    assert.equal(shown.replay.contactCount, lines[k].contacts.length);
    assert.equal(await page.textContent('#steps'), `step ${lines[k].step} (frame ${k + 1} of ${lines.length})`);
    assert.equal(await page.textContent('#hash'), 'recorded frame (no state hash)');
    // An early frame: no contacts on the handset yet, so no closure, and the status says so.
    await page.evaluate(() => window.grasplab.showRecorded(1));
    const early = await waitForState(page, (st) => st.replay && st.replay.index === 1, { what: 'frame 1' });
    assert.equal(early.replay.grasp.forceClosure, false);
    assert.equal(await page.textContent('#contacts'), `${lines[1].contacts.length} contact${lines[1].contacts.length === 1 ? '' : 's'}`);
    assert.ok(live.stateHash.length > 0);
    console.log(`frame ${k}: epsilon ${shown.replay.grasp.epsilonL1}, ${shown.replay.contactCount} contacts`);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('contact models side by side: the lesson runs two more as ghosts in lockstep, the button acts on all, the plot follows each', async () => {
  const session = await openPage({ hash: '#lesson=dynamic-autograsp&step=4' });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready && s.scene === 'assets/scenes/barrett-handset.json', { what: 'the lesson' });
    await waitForState(page, (s) => s.compare.length === 2, { what: 'the ghosts', timeout: 30000 });
    assert.match(await page.textContent('#legend-compare'), /solid = LCP, 8-edge pyramid; ghosts = Gauss-Seidel, exact cone, impulses, then LCP/);
    // The panel's boxes show what runs.
    const ticked = await page.$$eval('#compare-models input', (boxes) => boxes.map((b) => b.checked));
    assert.deepEqual(ticked, [false, false, true, true, false, false]);
    await page.evaluate(() => window.grasplab.action('autograsp', 'hand', 1.5));
    await page.evaluate(() => window.grasplab.runSteps(800));
    const s = await waitForState(page, (st) => st.steps >= 800, { what: '2 s', timeout: 120000 });
    const h = s.bodies.findIndex((b) => b.name === 'handset');
    for (const g of s.compare) {
      assert.equal(g.time, s.time);  // lockstep
      assert.equal(g.contactCount, 5);  // the grasp closed under every model
      // The handset ends where the LCP's does, within a millimetre (the same grasp).
      const d = Math.hypot(...[0, 1, 2].map((k) => g.poses[7 * h + k] - s.bodies[h].position[k]));
      assert.ok(d < 1e-3, `${g.label}: ${d} m from the LCP's`);
    }
    assert.equal(Object.keys(s.plots.models).length, 3);
    assert.ok(Object.values(s.plots.models).every((v) => v > 5), JSON.stringify(s.plots.models));  // pulled into the palm
    // Bad input is refused by name and the ghosts stay.
    await page.evaluate(() => window.grasplab.compare([{ label: 'x', solver: { nosuch: 1 } }]));
    await page.waitForFunction(() => window.grasplab.state().errors.some((e) => /compare\[0\]\.solver\.nosuch/.test(e)));
    // Unticking both in the panel stops them (and restarts the scene).
    await page.click('#compare-models summary');
    await page.uncheck('#compare-models input[name=compare-2]');
    await waitForState(page, (st) => st.compare.length === 1 && st.steps === 0, { what: 'one ghost left' });
    await page.uncheck('#compare-models input[name=compare-3]');
    await waitForState(page, (st) => st.compare.length === 0, { what: 'no ghost' });
    assert.ok(await page.isHidden('#legend-compare'));
    console.log(`screenshot: ${await session.screenshot('compare-models.png')}`);
    // The two formulations side by side: the same model with the robot in joint coordinates.
    await page.check('#compare-models input[name=compare-5]');
    await waitForState(page, (st) => st.compare.length === 1 && st.steps === 0, { what: 'the reduced ghost' });
    await page.evaluate(() => window.grasplab.action('autograsp', 'hand', 1.5));
    await page.evaluate(() => window.grasplab.runSteps(800));
    const r = await waitForState(page, (st) => st.steps >= 800, { what: '2 s, reduced beside', timeout: 120000 });
    const ghost = r.compare[0];
    assert.equal(ghost.label, 'reduced coordinates (same model)');
    assert.equal(ghost.time, r.time);
    assert.ok(ghost.contactCount >= 3, `${ghost.contactCount} contacts`);
    const dr = Math.hypot(...[0, 1, 2].map((k) => ghost.poses[7 * h + k] - r.bodies[h].position[k]));
    assert.ok(dr < 1e-3, `reduced: ${dr} m from the maximal formulation's handset`);
    await page.evaluate(() => window.grasplab.compare([{ label: 'x', solver: {}, dynamics: { formulation: 'nope' } }]));
    await page.waitForFunction(() => window.grasplab.state().errors.some((e) => /compare\[0\]\.dynamics\.formulation/.test(e)));
    console.log(`screenshot: ${await session.screenshot('compare-formulations.png')}`);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
