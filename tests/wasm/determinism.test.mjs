// Every built-in scene, 2 s of simulated time: the WASM build ends in the
// same state, bit for bit, as the native CLI (compared by state hash and by
// every number of every body).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadGrasplab, runNative } from './load_module.mjs';

const Module = await loadGrasplab();
const scenes = Module.builtinScenes().split(',');

test('the built-in scenes are listed', () => {
  assert.deepEqual(scenes, ['falling-sphere', 'shapes', 'finger-squeeze', 'finger-prism', 'arm-hand']);
});

for (const name of scenes) {
  test(`${name}: WASM and native agree bit for bit after 2 s`, () => {
    const sim = new Module.Simulation();
    try {
      assert.equal(sim.loadBuiltin(name), '');
      assert.equal(sim.step(800), '');
      const wasm = JSON.parse(sim.summaryJson());
      const native = runNative(['--scene', name, '--steps', '800']);
      assert.equal(wasm.stateHash, native.stateHash);
      assert.deepEqual(wasm.bodies, native.bodies);
      assert.deepEqual(wasm.joints, native.joints);
      assert.deepEqual(wasm.solver, native.solver);
      assert.equal(wasm.contacts, native.contacts);
      assert.equal(wasm.nonfiniteEvents, 0);
    } finally {
      sim.delete();
    }
  });
}
