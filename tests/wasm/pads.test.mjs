// Compliant pads in the WASM module (docs/contact-models.md, "Compliant
// pads"): the bundled parallel-jaw-cube-pads runs in the default (reduced)
// formulation, the grasp analysis sees its two pressed pads as soft-finger
// contacts in force closure, the wrist reads the hand's and the cube's
// weight through the pads, and the state is the native CLI's bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBundled, loadGrasplab, runNative } from './load_module.mjs';

const Module = await loadGrasplab();
const G = 9.81;

test('the jaw holding the cube on its pads: two soft-finger contacts in force closure, wrist reads 0.7 kg g, same as native', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(await loadBundled(sim, 'parallel-jaw-cube-pads'), '');
    assert.equal(sim.step(1180), '');  // 2.95 s: lifted, held still, before the shake
    const grasp = JSON.parse(sim.graspJson(false));
    assert.equal(grasp.contacts, 2);  // one per pressed pad
    assert.equal(grasp.forceClosure, true);
    assert.ok(grasp.epsilonL1 > 0, `epsilon ${grasp.epsilonL1}`);
    const sensors = JSON.parse(sim.sensorsJson());
    const wrist = sensors.find((s) => s.name === 'wrist');
    assert.ok(Math.abs(wrist.force[2] + 0.7 * G) < 0.01 * 0.7 * G, `fz ${wrist.force[2]}`);
    const pads = sensors.filter((s) => s.type === 'tactile');
    assert.equal(pads.length, 2);
    // The pads squeeze with the master jaw's motor effort between them.
    const enc = sensors.find((s) => s.type === 'joint');
    assert.ok(Math.abs(pads[0].total + pads[1].total - enc.effort[0]) < 1e-6 * enc.effort[0],
      `${pads[0].total} + ${pads[1].total} vs ${enc.effort[0]}`);
    const native = runNative(['--scene', 'parallel-jaw-cube-pads', '--steps', '1180']);
    assert.equal(native.stateHash, sim.stateHash());
    assert.equal(JSON.stringify(native.grasp), JSON.stringify(grasp));
  } finally {
    sim.delete();
  }
});
