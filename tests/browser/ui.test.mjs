// The simulator as a user drives it (issue 7): real clicks and mouse drags on
// the page, with physical answers checked through window.grasplab.state().
// Screenshots go to test-artifacts/ and are looked at by the developer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadScene, openPage, waitForState } from './browser.mjs';

const G = 9.81;

// A scene file's JSON, edited, loaded as an opened file would be.
async function loadEdited(page, file, edit, name) {
  const text = await page.evaluate(async (f) => (await fetch(f)).text(), file);
  const scene = edit(JSON.parse(text));
  await page.evaluate(([t, n]) => window.grasplab.loadText(t, n), [JSON.stringify(scene), name]);
  return waitForState(page, (s) => s.scene === name && s.steps === 0, { what: `${name} loaded` });
}

// Sets a range input as a user dragging it would (input events).
async function setSlider(page, selector, value) {
  await page.$eval(selector, (input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

test('a new user picks the Barrett hand and the handset, presses Auto-grasp and sees force closure', async () => {
  const session = await openPage({ width: 1400, height: 860 });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const scene = 'assets/scenes/barrett-handset.json';
    const label = await page.$eval(`#scene-picker option[value="${scene}"]`, (o) => o.textContent);
    assert.match(label, /Barrett hand grasps a phone handset/);
    await page.selectOption('#scene-picker', scene);
    await waitForState(page, (s) => s.scene === scene && s.steps === 0, { what: 'the handset scene' });
    assert.equal(await page.textContent('#grasp-verdict'), 'no force closure');
    await page.click('#grasp-actions button[data-action=autograsp]');  // also starts the simulation
    const s = await waitForState(page, (st) => st.grasp && st.grasp.forceClosure && st.overlay.arrows > 0,
      { what: 'force closure', timeout: 120000 });
    assert.ok(s.running);
    assert.equal(await page.textContent('#grasp-verdict'), 'force closure');
    assert.ok(s.grasp.epsilonL1 > 0.01, `epsilon ${s.grasp.epsilonL1}`);
    // One cone per contact, with the solver's 8 edges, and force arrows.
    assert.ok(s.overlay.contacts >= 3, JSON.stringify(s.overlay));
    assert.equal(s.overlay.cones, s.overlay.contacts);
    assert.equal(s.overlay.coneEdges, 8);
    assert.equal(s.diagnostics.frictionEdges, 8);
    assert.ok(s.plots.samples > 5 && s.plots.force.handset > 0, JSON.stringify(s.plots));
    await page.click('#play');
    await waitForState(page, (st) => !st.running, { what: 'pause' });
    console.log(`screenshot: ${await session.screenshot('new-user-barrett-handset.png')}`);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

// A CI run once failed the Lift test below with the cube "rising" -0.375 m: its start height had been
// read from the falling sphere's last frame (0.5 m), paired with the new scene's body names in the
// gap between the worker's scene message and its first frame. The scene message now carries that frame.
test('the first state() that names a newly loaded scene carries that scene\'s poses, not the last scene\'s', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready && s.scene === 'assets/scenes/falling-sphere.json', { what: 'the falling sphere' });
    const text = await page.evaluate(async () => (await fetch('assets/scenes/parallel-jaw-cube.json')).text());
    const cubeZ = JSON.parse(text).bodies.find((b) => b.name === 'object').position[2];
    for (let k = 0; k < 4; ++k) {
      // The sphere (body 1, as the cube is in the next scene) falls from 0.5 m for a while first.
      const fallen = await page.evaluate(() => window.grasplab.state().steps);
      await page.evaluate((n) => window.grasplab.runSteps(n), 20 + 10 * k);
      await waitForState(page, (s) => s.steps > fallen, { what: 'the sphere falling' });
      const first = await page.evaluate(async ([t, n]) => {
        window.grasplab.loadText(t, n);
        const channel = new MessageChannel();  // a yield to the next task, without setTimeout's 4 ms clamp
        for (;;) {  // at every task boundary until the page names the scene
          const s = window.grasplab.state();
          if (s.scene === n) return { steps: s.steps, time: s.time, z: s.bodies.find((b) => b.name === 'object').position[2] };
          await new Promise((r) => { channel.port1.onmessage = r; channel.port2.postMessage(0); });
        }
      }, [text, `cube-${k}`]);
      assert.equal(first.steps, 0);
      assert.equal(first.time, 0);
      assert.equal(first.z, cubeZ, `load ${k}: the cube at ${first.z} m in the first state naming its scene`);
      await page.evaluate(() => window.grasplab.load('assets/scenes/falling-sphere.json'));
      await waitForState(page, (s) => s.scene === 'assets/scenes/falling-sphere.json' && s.steps === 0, { what: 'the sphere again' });
    }
  } finally {
    await session.close();
  }
});

test('Auto-grasp closes the parallel jaw on the cube to force closure and Lift carries it up', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    // The bundled scene grasps by itself at 0.2 s; without its actions only the button can.
    const name = 'cube-no-actions';
    const start = await loadEdited(page, 'assets/scenes/parallel-jaw-cube.json', (s) => { delete s.actions; return s; }, name);
    const z0 = start.bodies.find((b) => b.name === 'object').position[2];
    await page.evaluate(() => window.grasplab.runSteps(400));
    const idle = await waitForState(page, (s) => s.steps === 400, { what: '1 s without a grasp' });
    assert.equal(idle.grasp.forceClosure, false);
    assert.equal(idle.grasp.contacts, 0);
    await page.click('#reset');
    await waitForState(page, (s) => s.steps === 0, { what: 'reset' });
    await page.click('#grasp-actions button[data-action=autograsp]');
    const held = await waitForState(page, (s) => s.grasp && s.grasp.forceClosure && s.time > 1.0,
      { what: 'force closure', timeout: 60000 });
    assert.ok(held.grasp.contacts >= 2);
    assert.equal(held.overlay.cones, held.overlay.contacts);
    assert.ok(held.overlay.arrows > 0);
    const t0 = held.time;
    await page.click('#grasp-actions button[data-action=lift]');
    // The lift takes 1 s of simulated time from when the click reaches the worker, which on a loaded
    // machine can be a good part of a second after t0: wait for the cube to rise (or 5 s to pass).
    const cubeZ = (st) => st.bodies.find((b) => b.name === 'object').position[2];
    const lifted = await waitForState(page, (s) => cubeZ(s) > z0 + 0.08 || s.time > t0 + 5,
      { what: 'the lift', timeout: 60000 });
    const z = cubeZ(lifted);
    assert.ok(z > z0 + 0.08, `the cube rose ${z - z0} m (the lift is 0.1 m)`);
    assert.ok(lifted.grasp.forceClosure);
    assert.deepEqual(lifted.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('dragging the ball with the mouse lifts it; the spring carries its weight, the camera stays put', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/falling-sphere.json');
    await page.evaluate(() => window.grasplab.runSteps(800));  // 2 s: at rest on the ground
    const rest = await waitForState(page, (s) => s.steps === 800, { what: 'the ball at rest' });
    const ball = rest.bodies.find((b) => !b.static);
    const camera = await page.evaluate(() => window.grasplab.cameraState());
    await page.evaluate(() => window.grasplab.play());
    const [x, y] = await page.evaluate((n) => window.grasplab.clientPosition(n), ball.name);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 200, { steps: 10 });
    const held = await waitForState(page, (s) => s.drag !== null && s.time > rest.time + 3,
      { what: '3 s of dragging', timeout: 60000 });
    assert.equal(held.drag.body, ball.name);
    const lifted = held.bodies.find((b) => b.name === ball.name);
    assert.ok(lifted.position[2] > ball.position[2] + 0.03, `z ${ball.position[2]} -> ${lifted.position[2]}`);
    console.log(`screenshot: ${await session.screenshot('drag-ball.png')}`);
    // Grabbed off-centre, the ball swings under the grab point (eq. 7 damps the
    // point, not the swing); averaged over the swings the spring's vertical
    // force carries the weight. 40 samples, 100 ms apart.
    let sum = 0;
    for (let k = 0; k < 40; ++k) {
      sum += (await page.evaluate(() => window.grasplab.state().drag.force[2]));
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(Math.abs(sum / 40 - ball.mass * G) < 0.1 * ball.mass * G,
      `mean spring force ${sum / 40} N, weight ${ball.mass * G} N`);
    const after = await page.evaluate(() => window.grasplab.cameraState());  // the orbit did not turn
    for (const k of ['camera', 'target']) after[k].forEach((v, i) => assert.ok(Math.abs(v - camera[k][i]) < 1e-6, `${k} moved`));
    await page.mouse.up();
    const released = await waitForState(page, (s) => s.drag === null, { what: 'release' });
    assert.deepEqual(released.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('changing the friction edges or the solver restarts the scene and the cones follow the solver', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/three-finger-sphere.json');
    await page.evaluate(() => window.grasplab.runSteps(600));
    const before = await waitForState(page, (s) => s.steps === 600 && s.overlay.contacts > 0, { what: 'contacts' });
    assert.equal(before.overlay.coneEdges, 8);
    await page.click('#params-toggle');
    await page.waitForSelector('#params:not([hidden])');
    await page.selectOption('#params select[name=frictionEdges]', '4');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the edited scene' });
    await page.evaluate(() => window.grasplab.runSteps(600));
    const after = await waitForState(page, (s) => s.steps === 600 && s.overlay.contacts > 0, { what: 'contacts' });
    assert.equal(after.diagnostics.frictionEdges, 4);
    assert.equal(after.overlay.coneEdges, 4);
    assert.equal(after.overlay.cones, after.overlay.contacts);
    // The exact-cone Gauss-Seidel solver: smooth cones, the same grasp.
    await page.selectOption('#params select[name=type]', 'pgs');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the pgs scene' });
    await page.evaluate(() => window.grasplab.runSteps(600));
    const pgs = await waitForState(page, (s) => s.steps === 600 && s.overlay.contacts > 0, { what: 'pgs contacts' });
    assert.equal(pgs.diagnostics.frictionEdges, 0);
    assert.equal(pgs.overlay.coneEdges, 0);
    assert.equal(pgs.overlay.cones, pgs.overlay.contacts);
    assert.ok(pgs.grasp.forceClosure, JSON.stringify(pgs.grasp));
    assert.match(await page.textContent('#legend-cones'), /exact circular cones/);
    console.log(`screenshot: ${await session.screenshot('pgs-cones.png')}`);
    // The maximal formulation (the paper's: every body 6 coordinates, joints
    // as rows) in place of the default reduced one: the same grasp holds.
    assert.equal(pgs.diagnostics.formulation, 'reduced');
    await page.selectOption('#params select[name=formulation]', 'maximal');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0 && s.diagnostics?.formulation === 'maximal',
      { what: 'the maximal scene' });
    await page.evaluate(() => window.grasplab.runSteps(600));
    const maximal = await waitForState(page, (s) => s.steps === 600 && s.overlay.contacts > 0, { what: 'maximal contacts' });
    assert.equal(maximal.diagnostics.formulation, 'maximal');
    assert.ok(maximal.grasp.forceClosure, JSON.stringify(maximal.grasp));
    assert.equal(maximal.overlay.cones, maximal.overlay.contacts);
    // Overlays toggle.
    await page.click('#overlay-toggles summary');
    await page.uncheck('#overlay-toggles input[name=cones]');
    const hidden = await page.evaluate(() => window.grasplab.state().overlay.visible);
    assert.equal(hidden.cones, false);
    assert.equal(hidden.forces, true);
    console.log(`screenshot: ${await session.screenshot('four-edge-cones.png')}`);
    assert.deepEqual(after.errors, []);
    assert.deepEqual(maximal.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('a joint slider drives the PD set point; a friction slider makes a sticking block slide', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadEdited(page, 'assets/scenes/parallel-jaw-cube.json', (s) => { delete s.actions; return s; }, 'jaw');
    await page.click('#joint-sliders summary');
    await page.waitForSelector('#joint-sliders input[data-joint=left_jaw_joint]');
    await setSlider(page, '#joint-sliders input[data-joint=left_jaw_joint]', 0.02);  // closing, short of the cube (contact at 0.034)
    await page.evaluate(() => window.grasplab.runSteps(800));
    const s = await waitForState(page, (st) => st.steps === 800, { what: '2 s' });
    const joint = s.robots.hand.joints.find((j) => j.name === 'left_jaw_joint');
    assert.ok(s.robots.hand.external);
    assert.ok(Math.abs(joint.target - 0.02) < 1e-9, `target ${joint.target}`);
    assert.ok(Math.abs(joint.position - 0.02) < 1e-3, `position ${joint.position}`);

    // A block on a plane tilted by tan(theta) = 0.3 sticks with mu_s = 0.5; with
    // mu_s = 0.1 (mu_k = 0.08) it slides at a = g (sin theta - mu_k cos theta).
    const theta = Math.atan(0.3);
    const block = {
      format: 'grasplab-scene', version: 1, name: 'incline', timestep: 0.0025,
      gravity: [G * Math.sin(theta), 0, -G * Math.cos(theta)],
      materials: { rubber: { staticFriction: 0.5, kineticFriction: 0.4 } },
      bodies: [
        { name: 'ground', static: true, shape: { type: 'plane' }, material: 'rubber' },
        { name: 'block', mass: 1, material: 'rubber', shape: { type: 'box', size: [0.1, 0.1, 0.1] }, position: [0, 0, 0.05005] },
      ],
    };
    await page.evaluate((t) => window.grasplab.loadText(t, 'incline'), JSON.stringify(block));
    await waitForState(page, (st) => st.scene === 'incline' && st.steps === 0, { what: 'the incline' });
    await page.evaluate(() => window.grasplab.runSteps(400));
    const stuck = await waitForState(page, (st) => st.steps === 400, { what: '1 s' });
    const x0 = stuck.bodies[1].position[0];
    assert.ok(Math.abs(x0) < 1e-3, `sticking block moved ${x0} m`);
    await page.click('#material-sliders summary');
    await setSlider(page, '#material-sliders input[aria-label="rubber mu_s"]', 0.1);
    await page.evaluate(() => window.grasplab.runSteps(400));
    const slid = await waitForState(page, (st) => st.steps === 800, { what: '1 s more' });
    const d = slid.bodies[1].position[0] - x0;
    // The pyramid's friction lies in [mu_k cos(pi/8), mu_k] (friction_directions.h).
    const aHi = G * (Math.sin(theta) - 0.08 * Math.cos(Math.PI / 8) * Math.cos(theta));
    const aLo = G * (Math.sin(theta) - 0.08 * Math.cos(theta));
    assert.ok(d > 0.5 * aLo * 0.97 && d < 0.5 * aHi * 1.03, `slid ${d} m in 1 s, expected ${0.5 * aLo}..${0.5 * aHi}`);
    assert.equal(slid.overlay.sliding, slid.overlay.contacts);
    assert.deepEqual(slid.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('the help overlay opens with ? and closes with Escape; errors show in the panel', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    assert.equal(await page.isVisible('#help'), false);
    await page.keyboard.press('?');
    assert.equal(await page.isVisible('#help'), true);
    assert.match(await page.textContent('#help'), /sqrt\(2 m k_p\)/);
    console.log(`screenshot: ${await session.screenshot('help.png')}`);
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#help'), false);
    await page.evaluate(() => window.grasplab.loadText('{"format": "grasplab-scene", "version": 1, "bodies": 3}', 'bad'));
    const s = await waitForState(page, (st) => st.errors.length > 0, { what: 'the load error' });
    assert.match(s.errors[0], /bodies/);
    assert.equal(await page.isVisible('#errors'), true);
    assert.equal(s.scene, 'assets/scenes/falling-sphere.json');  // the previous scene stays
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
