// Sensors in the WASM module (docs/sensors.md): the bundled parallel-jaw cube
// scene's encoders, wrist force/torque sensor and tactile pads read the same
// numbers as the native CLI, bit for bit, with known answers at rest; noisy
// readings repeat from their seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadBundled, loadGrasplab, repoRoot, runNative } from './load_module.mjs';

const Module = await loadGrasplab();
const G = 9.81;

test('the parallel jaw holding the cube: the wrist reads hand + cube weight, pads sum to their contact force, same as native', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(await loadBundled(sim, 'parallel-jaw-cube'), '');
    const before = JSON.parse(sim.sensorsJson());
    assert.deepEqual(before.map((s) => [s.name, s.type, s.count]),
      [['jaw-encoders', 'joint', 0], ['wrist', 'force_torque', 0], ['left-pad', 'tactile', 0], ['right-pad', 'tactile', 0]]);
    assert.equal(sim.step(1180), '');  // 2.95 s: lifted, held still, before the shake
    const sensors = JSON.parse(sim.sensorsJson());
    const wrist = sensors[1];
    assert.equal(wrist.body, 'hand/palm');
    assert.equal(wrist.step, 1180);
    assert.ok(Math.abs(wrist.force[2] + 0.7 * G) < 0.01 * 0.7 * G, `fz ${wrist.force[2]}`);
    // sensorValues is the same reading as a flat view.
    assert.deepEqual(Array.from(sim.sensorValues(1)), [...wrist.force, ...wrist.torque]);
    assert.equal(sim.sensorValues(99).length, 0);
    const enc = sensors[0];
    assert.deepEqual(enc.joints, ['hand/left_jaw_joint', 'hand/right_jaw_joint']);
    assert.equal(sim.sensorValues(0).length, 6);
    for (const pad of sensors.slice(2)) {
      assert.equal(pad.taxels.length, pad.rows * pad.cols);
      assert.ok(pad.total > 1, `${pad.name} total ${pad.total}`);
    }
    // The native CLI's summary: the same readings to the bit.
    const native = runNative(['--scene', 'parallel-jaw-cube', '--steps', '1180']);
    assert.equal(JSON.stringify(native.sensors), JSON.stringify(sensors));
    assert.equal(native.stateHash, sim.stateHash());
    // The frame carries the readings without names.
    const frame = JSON.parse(sim.frameJson());
    assert.deepEqual(frame.sensors[1].force, wrist.force);
    assert.equal(frame.sensors[0].joints, undefined);
  } finally {
    sim.delete();
  }
});

test('noisy sensors repeat from their seed, match native, and leave the trajectory alone', async () => {
  const scene = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/parallel-jaw-cube.json`, 'utf8'));
  scene.sensors[0].noise = { position: 1e-4, velocity: 1e-3, effort: 0.1, seed: 5 };
  scene.sensors[1].noise = { force: 0.05, torque: 0.001, seed: 6 };
  scene.sensors[1].rate = 100;
  const text = JSON.stringify(scene);
  const run = async () => {
    const sim = new Module.Simulation();
    try {
      const { assetPaths } = await import('../../web/src/scene_assets.js');
      for (const a of assetPaths(scene)) sim.setAsset(a, new Uint8Array(fs.readFileSync(repoRoot + a)));
      assert.equal(sim.loadJson(text), '');
      assert.equal(sim.step(403), '');
      return { sensors: sim.sensorsJson(), hash: sim.stateHash() };
    } finally {
      sim.delete();
    }
  };
  const a = await run(), b = await run();
  assert.equal(a.sensors, b.sensors);
  const wrist = JSON.parse(a.sensors)[1];
  assert.equal(wrist.step, 401);  // 100 Hz at h = 2.5 ms: steps 1, 5, ..., 401
  assert.equal(wrist.count, 101);
  // Sensors only read: the state is the bundled scene's.
  const plain = runNative(['--scene', 'parallel-jaw-cube', '--steps', '403']);
  assert.equal(a.hash, plain.stateHash);
  // And the native CLI draws the same noise.
  const file = `${repoRoot}build/wasm/sensors-noise-test.json`;
  fs.writeFileSync(file, text);
  try {
    const native = runNative([file, '--steps', '403']);
    assert.deepEqual(native.sensors, JSON.parse(a.sensors));  // the same doubles (the CLI writes 1.0 for 1)
  } finally {
    fs.unlinkSync(file);
  }
});
