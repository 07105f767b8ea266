// The native CLI's headless features: JSONL frame output, grasp quality, and
// argument errors (exit 2 with the problem on stderr).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './load_module.mjs';

const cli = `${repoRoot}build/native/grasplab`;
const handset = `${repoRoot}assets/scenes/barrett-handset.json`;

test('run --out writes sampled frames whose contact forces hold the grasped handset up', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-')), 'run.jsonl');
  const r = spawnSync(cli, ['run', handset, '--duration', '3', '--out', out, '--every', '100'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  const frames = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(frames.length, 13);  // t = 0 and every 100 steps to 1,200
  assert.deepEqual(frames.map((f) => f.step), [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
  const last = frames.at(-1);
  assert.deepEqual(last.poses.map((p) => p.slice(0, 3)), summary.bodies.map((b) => b.position));
  assert.equal(last.grasp.forceClosure, true);
  // The kinetic-energy ratio's terms: the hand is still at 3 s, so no ratio.
  assert.ok(last.energy.T >= 0 && last.energy.Tgrip >= 0 && last.energy.Tgrip < 1e-6, JSON.stringify(last.energy));
  assert.equal(last.energy.ratio, null);
  // Held still in the air: the contact forces on the handset balance its weight (0.2 kg).
  let fz = 0;
  for (const c of last.contacts) {
    const sign = c.a === 'handset' ? 1 : c.b === 'handset' ? -1 : 0;
    fz += sign * (c.normalForce * c.normal[2] + c.frictionForce[2]);
  }
  assert.ok(Math.abs(fz - 0.2 * 9.81) < 0.05 * 0.2 * 9.81, `net contact force ${fz} N`);
});

test('quality reports the static grasp as no force closure and the dynamic one as force closure', () => {
  const run = (args) => JSON.parse(spawnSync(cli, ['quality', handset, ...args], { encoding: 'utf8' }).stdout);
  const stat = run(['--static-grasp', 'hand']);
  assert.equal(stat.grasp.forceClosure, false);
  assert.equal(stat.grasp.contacts, 3);
  const dyn = run(['--at', '3']);
  assert.equal(dyn.grasp.forceClosure, true);
  assert.ok(dyn.grasp.epsilonL1 > 0.01);
});

// The state hash after `steps` steps of a parallel-jaw scene file with
// solver.type set to `type`, run in the WASM module.
async function parallelJawHashInWasm(scene, type, steps) {
  const { loadGrasplab } = await import('./load_module.mjs');
  const M = await loadGrasplab();
  const sim = new M.Simulation();
  sim.setAsset('assets/robots/parallel-jaw.urdf', fs.readFileSync(`${repoRoot}assets/robots/parallel-jaw.urdf`));
  const json = JSON.parse(fs.readFileSync(scene, 'utf8'));
  json.solver = { ...json.solver, type };
  assert.equal(sim.loadJson(JSON.stringify(json)), '');
  assert.equal(sim.step(steps), '');
  const hash = sim.stateHash();
  sim.delete();
  return hash;
}

test('--solver pgs runs the same scene with exact cones: the cube is lifted and held, bit-identical in WASM', async () => {
  const scene = `${repoRoot}assets/scenes/parallel-jaw-cube.json`;
  const r = spawnSync(cli, ['run', scene, '--duration', '2.7', '--solver', 'pgs'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.solver.type, 'pgs');
  assert.equal(summary.solver.lemkePivots, 0);
  assert.ok(summary.solver.pgsSweeps > 0);
  const cube = summary.bodies.find((b) => b.name === 'object');
  assert.ok(cube.position[2] > 0.025 + 0.09, `cube at z = ${cube.position[2]} after the 10 cm lift`);
  assert.equal(summary.grasp.forceClosure, true);
  // The same scene with solver.type "pgs" in the file gives the same bits in WASM.
  assert.equal(await parallelJawHashInWasm(scene, 'pgs', 1080), summary.stateHash);
});

test('--solver penalty lifts the cube on overlap-volume forces, bit-identical in WASM', async () => {
  const scene = `${repoRoot}assets/scenes/parallel-jaw-cube.json`;
  const r = spawnSync(cli, ['run', scene, '--duration', '2.7', '--solver', 'penalty'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.solver.type, 'penalty');
  assert.equal(summary.solver.lemkePivots >= 0, true);
  assert.ok(summary.solver.penaltySubsteps > 1080, 'Dormand-Prince substeps within the 2.5 ms steps');
  const cube = summary.bodies.find((b) => b.name === 'object');
  // Lifted 10 cm; the tanh friction lets it creep down a few millimetres.
  assert.ok(cube.position[2] > 0.025 + 0.08, `cube at z = ${cube.position[2]} after the 10 cm lift`);
  assert.equal(await parallelJawHashInWasm(scene, 'penalty', 1080), summary.stateHash);
});

test('--threads: bin-picking steps to its golden state hash on one, two and every hardware thread', () => {
  // The narrow phase's pair queries run on the worker threads (World::SetThreads);
  // the trajectory is the one the golden file pins (the WASM module's too).
  const golden = JSON.parse(fs.readFileSync(`${repoRoot}tests/golden/state_hashes.json`, 'utf8'));
  const entry = golden.runs.find((r) => r.scene === 'bin-picking' && r.solver === 'scene');
  const scene = `${repoRoot}assets/scenes/bin-picking.json`;
  for (const threads of ['1', '2', '0']) {
    const r = spawnSync(cli, ['run', scene, '--steps', String(entry.steps), '--threads', threads], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).stateHash, entry.hash, `--threads ${threads}`);
  }
});

test('bad arguments exit 2 with the problem', () => {
  for (const [args, message] of [
    [['run', handset, '--every', '0'], '--every: must be a whole number of steps >= 1'],
    [['run', handset, '--out'], '--out: needs a file name'],
    [['run', handset, '--threads', '-1'], '--threads: must be a whole number in [0, 16]'],
    [['run', handset, '--threads', '2.5'], '--threads: must be a whole number in [0, 16]'],
    [['run', handset, '--solver', 'magic'], '--solver: must be one of lcp, pgs, penalty, impulse; got "magic"'],
    [['quality', handset, '--static-grasp', 'arm'], '--static-grasp: the scene has no robot named "arm"'],
    [['quality', `${repoRoot}assets/scenes/falling-sphere.json`], 'grasp: the scene names no grasped object'],
    [['run', '--set', 'solver.substeps'], '--set solver.substeps: needs PATH=VALUE'],
    [['run', '--set', 'solver.substeps=four'], '--set solver.substeps=four: the value is not JSON'],
    [['run', '--set', 'name.x=1'], '--set name.x=1: "name" is not an object in the scene'],
    [['run', '--set', 'solver..x=1'], '"solver..x" has an empty key'],
    // The loader checks the field as it checks a file's, by its path.
    [['run', '--set', 'solver.substeps=0'], 'solver.substeps: must be a finite number >= 1 and <= 64, got 0'],
    [['run', '--set'], '--set: needs PATH=VALUE'],
  ]) {
    const r = spawnSync(cli, args, { encoding: 'utf8' });
    assert.equal(r.status, 2, args.join(' '));
    assert.ok(r.stderr.includes(message), `${args.join(' ')}: ${r.stderr}`);
  }
});

// --set PATH=VALUE edits the scene before it loads: the falling sphere
// under Gauss-Seidel with soft contacts (30 Hz, zeta 1) in 4 substeps comes
// to rest g / omega^2 below its resting gap (tests/core/solvers/
// soft_contact_test.cc), and the run is the one of a file with those fields.
test('run --set edits the scene: the sphere on soft contacts rests g / omega^2 deep, as from a file with the same fields', () => {
  const sets = ['solver.type="pgs"', 'solver.contactHertz=30', 'solver.contactDampingRatio=1', 'solver.substeps=4'];
  const args = ['run', '--scene', 'falling-sphere', '--steps', '1200'];
  for (const s of sets) args.push('--set', s);
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  const omega = 2 * Math.PI * 30;
  const sink = 0.05 + 0.5e-4 - summary.bodies.find((b) => b.name === 'sphere').position[2];
  assert.ok(Math.abs(sink / (9.81 / omega ** 2) - 1) < 1e-5, `sinks ${sink} m`);
  const doc = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/falling-sphere.json`, 'utf8'));
  doc.solver = { type: 'pgs', contactHertz: 30, contactDampingRatio: 1, substeps: 4 };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-')), 'soft.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  const fromFile = spawnSync(cli, ['run', file, '--steps', '1200'], { encoding: 'utf8' });
  assert.equal(fromFile.status, 0, fromFile.stderr);
  assert.equal(JSON.parse(fromFile.stdout).stateHash, summary.stateHash);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});
