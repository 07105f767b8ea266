// The committed golden hashes (tests/golden/state_hashes.json), reached by
// the WASM module on the worker's path: the scene text with its assets handed
// over by setAsset, the contact model and the formulation replaced in the
// text where the run names them. Native runs check the same file (tests/core/golden_hashes_test.cc),
// so a change that moves native and WASM together still fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadGrasplab, repoRoot } from './load_module.mjs';
import { assetPaths } from '../../web/src/scene_assets.js';

const Module = await loadGrasplab();
const golden = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/golden/state_hashes.json'), 'utf8'));

for (const run of golden.runs) {
  const formulation = run.formulation ?? 'scene';
  test(`${run.scene} (${run.solver}, ${formulation}, ${run.steps} steps${run.teleop ? `, teleop ${run.teleop}` : ''}): WASM ends on the golden hash`, () => {
    const doc = JSON.parse(fs.readFileSync(path.join(repoRoot, 'assets/scenes', `${run.scene}.json`), 'utf8'));
    if (run.solver !== 'scene') doc.solver = { ...(doc.solver ?? {}), type: run.solver };
    if (formulation !== 'scene') doc.dynamics = { ...(doc.dynamics ?? {}), formulation };
    const sim = new Module.Simulation();
    try {
      for (const asset of assetPaths(doc)) sim.setAsset(asset, new Uint8Array(fs.readFileSync(path.join(repoRoot, asset))));
      assert.equal(sim.loadJson(JSON.stringify(doc)), '');
      if (run.teleop) {
        const session = fs.readFileSync(path.join(repoRoot, 'tests/golden', run.teleop), 'utf8');
        assert.equal(sim.queueTeleopJson(session, run.teleop), '');
      }
      assert.equal(sim.step(run.steps), '');
      assert.equal(sim.stateHash(), run.hash);
    } finally {
      sim.delete();
    }
  });
}
