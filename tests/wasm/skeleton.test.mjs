// The WASM build in Node: every binding is called, and the falling sphere
// ends bit-identical to the native build (same state hash, same pose).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBundled, loadGrasplab, runNative } from './load_module.mjs';

const Module = await loadGrasplab();

test('falling sphere rests at its radius, bit-identical to native', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(await loadBundled(sim, 'falling-sphere'), '');
    assert.equal(sim.timestep(), 0.0025);
    assert.equal(sim.step(800), '');  // 2 s
    const summary = JSON.parse(sim.summaryJson());
    const native = runNative(['--scene', 'falling-sphere', '--steps', '800']);
    assert.equal(summary.stateHash, native.stateHash);
    assert.equal(sim.stateHash(), native.stateHash);
    assert.deepEqual(summary.bodies, native.bodies);
    assert.equal(summary.time, 2);
    assert.equal(sim.time(), 2);
    assert.equal(sim.stepCount(), 800);

    const sphere = summary.bodies.find((b) => b.name === 'sphere');
    assert.ok(Math.abs(sphere.position[2] - 0.05) < 1e-4, `resting height ${sphere.position[2]}`);
    assert.equal(sim.contactCount(), 1);
  } finally {
    sim.delete();
  }
});

test('poses view and description match the scene', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(await loadBundled(sim, 'falling-sphere'), '');
    assert.equal(sim.bodyCount(), 2);
    const desc = JSON.parse(sim.describeJson());
    assert.deepEqual(desc.bodies.map((b) => b.name), ['ground', 'sphere']);
    assert.deepEqual(desc.bodies[1].shape, { type: 'sphere', radius: 0.05 });
    const poses = sim.poses();
    assert.ok(poses instanceof Float64Array);
    assert.equal(poses.length, 14);
    assert.deepEqual(Array.from(poses.subarray(7)), [0, 0, 0.5, 1, 0, 0, 0]);
    assert.equal(sim.step(1), '');
    // Eq. 12 moves with v^0 = 0 first, so z is still 0.5 after one step.
    assert.equal(sim.poses()[9], 0.5);
    assert.equal(sim.step(1), '');
    assert.equal(sim.poses()[9], 0.5 - 9.81 * 0.0025 * 0.0025);
  } finally {
    sim.delete();
  }
});

test('reset rebuilds the scene from its spec: time 0, the same trajectory bit for bit', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.reset(), 'reset: no scene loaded');
    assert.equal(await loadBundled(sim, 'parallel-jaw-cube'), '');
    const start = sim.stateHash();
    assert.equal(sim.step(300), '');  // through the auto-grasp at 0.2 s
    const after300 = sim.stateHash();
    assert.notEqual(after300, start);
    assert.equal(sim.reset(), '');
    assert.equal(sim.time(), 0);
    assert.equal(sim.stepCount(), 0);
    assert.equal(sim.stateHash(), start);
    assert.equal(sim.step(300), '');  // the actions run again
    assert.equal(sim.stateHash(), after300);
  } finally {
    sim.delete();
  }
});

test('a JSON scene loads, and a bad one is refused keeping the loaded scene', async () => {
  const fs = await import('node:fs');
  const text = fs.readFileSync(new URL('../../assets/scenes/falling-sphere.json', import.meta.url), 'utf8');
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadJson(text), '');
    assert.equal(sim.step(800), '');
    const native = runNative([new URL('../../assets/scenes/falling-sphere.json', import.meta.url).pathname, '--steps', '800']);
    assert.equal(sim.stateHash(), native.stateHash);
    const before = sim.stateHash();
    assert.equal(sim.loadJson('{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "a", "mass": 0}]}'),
      'bodies[0].shape: required');
    assert.equal(sim.stateHash(), before);
  } finally {
    sim.delete();
  }
});

test('a page-side controller drives a hand joint through setJointTarget', async () => {
  const fs = await import('node:fs');
  const { repoRoot } = await import('./load_module.mjs');
  const sim = new Module.Simulation();
  try {
    const { assetPaths } = await import('../../web/src/scene_assets.js');
    const scene = JSON.parse(fs.readFileSync(repoRoot + 'assets/scenes/barrett-handset.json', 'utf8'));
    for (const a of assetPaths(scene)) sim.setAsset(a, new Uint8Array(fs.readFileSync(repoRoot + a)));
    scene.actions = [];  // the controller below closes the thumb instead
    assert.equal(sim.loadJson(JSON.stringify(scene)), '');
    assert.deepEqual(JSON.parse(sim.describeJson()).robots, ['puma', 'hand']);
    assert.equal(sim.setExternalControl('hand', true), '');
    // A ramp to 0.5 rad over 0.5 s, then held: the controller a user writes.
    for (let k = 0; k < 600; ++k) {
      const t = sim.time();
      assert.equal(sim.setJointTarget('hand', 'thumb_proximal_joint', Math.min(0.5, t), 0), '');
      assert.equal(sim.step(1), '');
    }
    const thumb = JSON.parse(sim.jointsJson('hand')).find((j) => j.name === 'thumb_proximal_joint');
    assert.ok(Math.abs(thumb.position - 0.5) < 0.02, `thumb at ${thumb.position}`);
    assert.equal(thumb.target, 0.5);
    assert.match(sim.setJointTarget('hand', 'nope', 0, 0), /no driven joint "nope"/);
    assert.match(sim.setExternalControl('arm', true), /no robot named "arm"/);
  } finally {
    sim.delete();
  }
});
