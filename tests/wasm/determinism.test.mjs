// Every bundled scene file, 2 s of simulated time: the WASM build ends in
// the same state, bit for bit, as the native CLI (compared by state hash and
// by every number of every body).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadGrasplab, repoRoot, runNative } from './load_module.mjs';
import { assetPaths } from '../../web/src/scene_assets.js';

const Module = await loadGrasplab();

// `grasplab run --scene NAME` is the bundled file of that name.
test('the CLI\'s --scene NAME runs assets/scenes/NAME.json', () => {
  for (const name of ['falling-sphere', 'shapes', 'arm-hand']) {
    const byName = runNative(['--scene', name, '--steps', '200']);
    const byFile = runNative([path.join(repoRoot, 'assets', 'scenes', `${name}.json`), '--steps', '200']);
    assert.equal(byName.stateHash, byFile.stateHash);
  }
});

// Every bundled scene file (assets/scenes/*.json), robots and actions
// included: the worker's path (assets handed over with setAsset) against the
// native CLI reading the same file.
const sceneDir = path.join(repoRoot, 'assets', 'scenes');
const indexed = JSON.parse(fs.readFileSync(path.join(sceneDir, 'index.json'), 'utf8')).scenes.map((s) => s.file);

test('assets/scenes/index.json lists every scene file once', () => {
  const files = fs.readdirSync(sceneDir).filter((f) => f.endsWith('.json') && f !== 'index.json').sort();
  assert.deepEqual([...indexed].sort(), files);
});

for (const file of indexed) {
  test(`assets/scenes/${file}: WASM and native agree bit for bit after 2 s`, () => {
    const text = fs.readFileSync(path.join(sceneDir, file), 'utf8');
    const sim = new Module.Simulation();
    try {
      for (const asset of assetPaths(JSON.parse(text))) {
        sim.setAsset(asset, new Uint8Array(fs.readFileSync(path.join(repoRoot, asset))));  // bytes, not text
      }
      assert.equal(sim.loadJson(text), '');
      assert.equal(sim.step(800), '');
      const wasm = JSON.parse(sim.summaryJson());
      const native = runNative([path.join(sceneDir, file), '--steps', '800']);
      assert.equal(wasm.stateHash, native.stateHash);
      assert.deepEqual(wasm.bodies, native.bodies);
      assert.equal(sim.hasGrasp(), Boolean(native.grasp));
      if (native.grasp) {
        // The run's summary has the L1 metrics; `grasplab quality` at the
        // same step has L-infinity too.
        assert.deepEqual(JSON.parse(sim.graspJson(false)), native.grasp);
        const at = 800 * (JSON.parse(text).timestep ?? 0.0025);
        const quality = runNative([path.join(sceneDir, file), '--at', String(at)], 'quality');
        assert.deepEqual(JSON.parse(sim.graspJson(true)), quality.grasp);
      }
    } finally {
      sim.delete();
    }
  });
}

// An edited bundled scene, `steps` steps through the worker's path and
// through the native CLI reading it from a file: both summaries.
function wasmAndNative(doc, steps) {
  const text = JSON.stringify(doc);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-edited-'));
  const file = path.join(dir, 'edited.json');
  fs.writeFileSync(file, text);
  const sim = new Module.Simulation();
  try {
    for (const asset of assetPaths(doc)) sim.setAsset(asset, new Uint8Array(fs.readFileSync(path.join(repoRoot, asset))));
    assert.equal(sim.loadJson(text), '');
    assert.equal(sim.step(steps), '');
    return { wasm: JSON.parse(sim.summaryJson()), native: runNative([file, '--steps', String(steps)]) };
  } finally {
    sim.delete();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Soft contacts (solver.contactHertz; no bundled scene uses them, so no
// golden hash covers them): bin-picking's 100 objects and gripper with soft
// contacts, through the worker's path and the native CLI, the same bits.
test('soft contacts: bin-picking with solver.contactHertz 60, dampingRatio 1: WASM and native agree bit for bit after 2 s', () => {
  const doc = JSON.parse(fs.readFileSync(path.join(sceneDir, 'bin-picking.json'), 'utf8'));
  doc.solver = { ...doc.solver, contactHertz: 60, contactDampingRatio: 1 };
  const { wasm, native } = wasmAndNative(doc, 800);
  const rigid = runNative([path.join(sceneDir, 'bin-picking.json'), '--steps', '800']);
  assert.notEqual(native.stateHash, rigid.stateHash);  // the setting reached the solver
  assert.equal(wasm.stateHash, native.stateHash);
  assert.deepEqual(wasm.bodies, native.bodies);
});

// A scene file at 10 ms in 4 substeps of one sweep with soft contacts at
// 60 Hz, zeta 1 (the settings docs/benchmarks.md measures the pile with).
function inSubsteps(file) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  doc.timestep = 0.01;
  doc.solver = { ...doc.solver, substeps: 4, iterations: 1, contactHertz: 60, contactDampingRatio: 1 };
  return doc;
}

// Substeps (solver.substeps): bin-picking in substeps, the worker's path
// against the native CLI.
test('substeps: bin-picking at 10 ms, solver.substeps 4, iterations 1, contactHertz 60: WASM and native agree bit for bit after 2 s', () => {
  const { wasm, native } = wasmAndNative(inSubsteps(path.join(sceneDir, 'bin-picking.json')), 200);
  assert.equal(wasm.stateHash, native.stateHash);
  assert.deepEqual(wasm.bodies, native.bodies);
});

// Substeps on worker threads: the 1,000-body pile at 10 ms in 4 substeps.
// Once it lands its island holds thousands of contacts, and the native CLI
// (one thread per hardware thread) sweeps it in the stages of its contacts'
// partition on its workers (solvers/contact_partition.h); WASM, with no
// threads, visits the same groups in turn. The same bits after 1.5 s.
test('substeps in parallel: the 1,000-body pile at 10 ms in 4 substeps: WASM and the threaded native CLI agree bit for bit after 1.5 s', () => {
  const { wasm, native } = wasmAndNative(inSubsteps(path.join(repoRoot, 'assets/benchmarks/pile-1000.json')), 150);
  assert.ok(native.contacts > 2 * 512, `${native.contacts} contacts`);
  assert.equal(wasm.stateHash, native.stateHash);
  assert.deepEqual(wasm.bodies, native.bodies);
});
