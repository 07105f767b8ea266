// Every function the WASM module exports is called here at least once, with
// a result that has a known answer (so a binding that stops forwarding, or
// forwards to the wrong thing, fails), and the page's copy of the frame
// layouts (web/src/protocol.js) equals the core's (core/io/frame_arrays.h).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBundled, loadGrasplab } from './load_module.mjs';
import * as protocol from '../../web/src/protocol.js';

const Module = await loadGrasplab();

test('web/src/protocol.js has the core\'s frame layouts and stage names', () => {
  const layout = JSON.parse(Module.frameLayoutJson());
  assert.equal(protocol.POSE_STRIDE, layout.poseStride);
  assert.equal(protocol.CONTACT_STRIDE, layout.contactStride);
  assert.equal(protocol.JOINT_STRIDE, layout.jointStride);
  assert.deepEqual(protocol.STAGE_NAMES, layout.stageNames);
  assert.equal(protocol.Stats.CONTACTS, layout.statsCounters);
  assert.equal(protocol.STATS_SIZE, layout.statsSize);
});

test('every Simulation binding forwards to the core', async () => {
  const exported = Object.getOwnPropertyNames(Module.Simulation.prototype)
    .filter((n) => n !== 'constructor' && !/^(delete|clone|isDeleted|deleteLater|isAliasOf)$/.test(n)).sort();
  const called = new Set();
  const sim = new Module.Simulation();
  const call = (name, ...args) => {
    called.add(name);
    return sim[name](...args);
  };
  try {
    // A free-floating gripper over a cube: every action type applies.
    called.add('setAsset');  // loadBundled hands the URDF over with setAsset
    assert.equal(await loadBundled(sim, 'parallel-jaw-cube'), '');
    called.add('loadJson');
    assert.equal(call('timestep'), 0.0025);
    // The settings in force, defaults included: what the parameters form starts from.
    const settings = JSON.parse(call('settingsJson'));
    assert.equal(settings.timestep, 0.0025);
    assert.deepEqual(settings.gravity, [0, 0, -9.81]);
    assert.equal(settings.solver.type, 'lcp');
    assert.equal(settings.solver.frictionEdges, 8);
    assert.equal(settings.solver.errorReduction, 0.2);
    assert.equal(settings.solver.iterations, 200);
    assert.equal(settings.contact.threshold, 1e-4);
    const desc = JSON.parse(call('describeJson'));
    assert.equal(call('bodyCount'), desc.bodies.length);
    assert.ok(call('hasGrasp'));
    const robot = desc.robots[0];
    const mats = JSON.parse(call('materialsJson'));
    assert.ok(mats.some((m) => m.name === 'default' && m.staticFriction === 0.5));
    assert.equal(call('setMaterialFriction', 'default', 0.9, 0.8), '');
    assert.equal(JSON.parse(sim.materialsJson()).find((m) => m.name === 'default').staticFriction, 0.9);
    assert.equal(sim.setMaterialFriction('default', 0.5, 0.4), '');  // back to the scene's
    assert.match(call('setMaterialFriction', 'nope', 1, 1), /no material named "nope"/);
    // Buttons: a dynamic auto-grasp closes the jaw on the cube (force closure by 0.7 s).
    assert.equal(call('action', 'autograsp', robot, 0.5), '');
    assert.match(sim.action('move', robot, 1), /type must be autograsp-static, autograsp, open, lift or shake/);
    assert.match(sim.action('lift', robot, 0), /duration must be in \(0, 100\] s/);
    assert.equal(call('step', 1), '');
    assert.equal(call('time'), 0.0025);
    assert.equal(call('stepCount'), 1);
    assert.equal(call('poses').length, 7 * desc.bodies.length);
    assert.equal(call('contacts').length % protocol.CONTACT_STRIDE, 0);
    assert.equal(call('contactCount'), sim.contacts().length / protocol.CONTACT_STRIDE);
    assert.equal(call('joints').length % 13, 0);
    // Sleeping flags, one per body (none asleep in this scene: sleep is off).
    const sleeping = call('sleeping');
    assert.equal(sleeping.length, sim.bodyCount());
    assert.ok(sleeping.every((s) => s === 0));
    const stats = call('stats');
    assert.equal(stats.length, JSON.parse(Module.frameLayoutJson()).statsSize);
    assert.ok(stats.subarray(0, 10).every((s) => s >= 0));
    // The stage clock: off in a new Simulation (no clock read, every stage
    // 0 s), on with setStageTiming(true) (Node's clock is fine enough that
    // 50 steps' mean is positive), off again.
    const stageSum = () => sim.stats().subarray(0, protocol.STAGE_NAMES.length).reduce((a, b) => a + b, 0);
    assert.equal(sim.step(50), '');
    assert.equal(stageSum(), 0);
    call('setStageTiming', true);
    assert.equal(sim.step(50), '');
    const timed = stageSum();
    assert.ok(timed > 0 && timed < 0.01, `mean step ${timed} s`);
    call('setStageTiming', false);
    assert.equal(sim.step(50), '');
    assert.equal(stageSum(), timed);  // no step timed since: the last means again
    assert.equal(call('energy').length, 3);
    assert.equal(call('dragState')[0], -1);
    const joints = JSON.parse(call('jointsJson', robot));
    assert.ok(joints.length >= 1);
    assert.equal(call('jointsJson', 'nope'), 'null');
    assert.equal(sim.step(249), '');  // 400 steps in all with the 150 above
    const grasp = JSON.parse(call('graspJson', false));
    assert.equal(grasp.forceClosure, true);
    // The same metrics with the wrench space: the weakest facet's support is
    // epsilon, up to the hull's joggle (where the jaw's coplanar pad wrenches
    // are degenerate the hull is built on wrenches moved by up to `joggle`;
    // where they are not, joggle is 0 and the support is epsilon to rounding).
    const gw = JSON.parse(call('graspWrenchJson'));
    assert.equal(gw.epsilonL1, grasp.epsilonL1);
    assert.equal(gw.wrenchSpace.generators.length, grasp.wrenches);
    const support = Math.max(...gw.wrenchSpace.generators.map((w) => w.reduce((a, x, k) => a + x * gw.wrenchSpace.weakest[k], 0)));
    assert.ok(gw.wrenchSpace.joggle >= 0);
    assert.ok(Math.abs(support - grasp.epsilonL1) <= Math.sqrt(6) * gw.wrenchSpace.joggle + 1e-12, `${support} vs ${grasp.epsilonL1}`);
    // The grasp's probe input (recorded with each frame in the page) evaluates
    // to the same metrics and wrench space, to the byte.
    const input = call('graspProbeInputJson');
    assert.equal(JSON.parse(input).contacts.length, grasp.contacts);
    assert.equal(Module.evaluateGraspProbeJson(input), sim.graspWrenchJson());
    assert.equal(call('summaryJson').length > 0, true);
    // Sensors (tests/wasm/sensors.test.mjs has their physics): the scene's wrist reads after the steps.
    const sensors = JSON.parse(call('sensorsJson'));
    assert.equal(sensors[1].name, 'wrist');
    assert.equal(sensors[1].step, sim.stepCount());
    assert.deepEqual(Array.from(call('sensorValues', 1)), [...sensors[1].force, ...sensors[1].torque]);
    assert.equal(JSON.parse(call('frameJson')).time, sim.time());
    assert.equal(call('stateHash'), JSON.parse(sim.summaryJson()).stateHash);
    // Sliders: the sliders own the set points until handed back.
    assert.equal(call('setExternalControl', robot, true), '');
    assert.equal(call('setJointTarget', robot, joints[0].name, joints[0].lower ?? 0, 0), '');
    assert.equal(JSON.parse(sim.jointsJson(robot))[0].target, joints[0].lower ?? 0);
    assert.equal(sim.setExternalControl(robot, false), '');
    // Drag: k_p = m (2 pi f)^2 pulls the cube; the spring force points at the target.
    const cube = desc.grasp.object;
    const p = Array.from(sim.poses().subarray(7 * cube, 7 * cube + 3));
    assert.equal(call('startDrag', cube, ...p, p[0], p[1], p[2] + 0.05, 3), '');
    assert.match(sim.startDrag(cube, ...p, ...p, 0), /frequency must be in \(0, 100\] Hz/);
    assert.match(sim.startDrag(0, ...p, ...p, 3), /static/);
    assert.equal(call('moveDrag', p[0], p[1], p[2] + 0.06), '');
    assert.equal(sim.step(1), '');
    const drag = call('dragState');
    assert.equal(drag[0], cube);
    assert.ok(drag[9] > 0, `spring force z ${drag[9]}`);
    call('endDrag');
    assert.equal(sim.dragState()[0], -1);
    // Gravity, turned from the next step; a bad component is named and nothing changes.
    assert.match(call('setGravity', 0, 0, NaN), /^gravity\[2\]: /);
    assert.deepEqual(JSON.parse(sim.settingsJson()).gravity, [0, 0, -9.81]);
    assert.equal(sim.setGravity(1, 0, -9.81), '');
    assert.deepEqual(JSON.parse(sim.settingsJson()).gravity, [1, 0, -9.81]);
    // Teleoperation (tests/wasm/teleop.test.mjs has its physics): this scene has no "teleop" entry.
    assert.equal(call('teleopJson'), 'null');
    assert.equal(call('teleopSessionJson'), 'null');
    assert.equal(call('teleopCommand', 0, 0, 0, 0, 0, 0, 0), 'teleop: the scene has no "teleop" entry (docs/teleoperation.md)');
    assert.match(call('queueTeleopJson', '{"format": "grasplab-teleop", "version": 1, "commands": []}', 'teleop'),
      /no "teleop" entry/);
    // Reset: back to time 0 with the loaded scene's first state.
    assert.equal(call('reset'), '');
    assert.equal(sim.time(), 0);
  } finally {
    sim.delete();
  }
  assert.deepEqual([...called].filter((n) => exported.includes(n)).sort(), exported);
});
