// grasplab plan / evaluate / merge (docs/planning.md): shards and Slurm array
// tasks give the rows of the whole run, an interrupted run resumes without
// redoing or losing rows, and bad input is refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot } from './load_module.mjs';

const cli = `${repoRoot}build/native/grasplab`;
const sphere = `${repoRoot}assets/scenes/three-finger-sphere.json`;
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-plan-'));
const run = (args, env = {}) => spawnSync(cli, args, { encoding: 'utf8', env: { ...process.env, ...env } });
const rows = (file) => fs.readFileSync(file, 'utf8').trim().split('\n').slice(1);

// One small set shared by the tests: 6 grasps of 300 annealing steps.
const dir = tmp();
const grasps = path.join(dir, 'g.jsonl');
const planned = run(['plan', sphere, '--grasps', '6', '--steps', '300', '--seed', '3', '--out', grasps]);

test('plan writes a header and one row per grasp, and prints its summary', () => {
  assert.equal(planned.status, 0, planned.stderr);
  const lines = fs.readFileSync(grasps, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines[0].format, 'grasplab-grasps');
  assert.equal(lines[0].robot, 'hand');   // from the scene's "grasp" entry
  assert.equal(lines[0].object, 'object');
  assert.deepEqual(lines.slice(1).map((r) => r.index), [0, 1, 2, 3, 4, 5]);
  const summary = JSON.parse(planned.stdout).summary;
  assert.equal(summary.rows, 6);
  assert.equal(summary.staticForceClosure, lines.slice(1).filter((r) => r.static.forceClosure).length);
  // Not a terminal: plain progress lines, the last one complete.
  assert.match(planned.stderr, /plan: 6\/6 /);
  assert.ok(!fs.existsSync(`${grasps}.partial`));
});

test('evaluate in shards, by --shard or by Slurm array variables, merges to the unsharded rows', () => {
  const whole = path.join(dir, 'whole.jsonl');
  assert.equal(run(['evaluate', grasps, '--out', whole]).status, 0);
  const parts = [];
  for (let i = 0; i < 3; ++i) {
    const out = path.join(dir, `part${i}.jsonl`);
    // Task ids 1..3 with SLURM_ARRAY_TASK_MIN=1 for the first two, --shard for the last.
    const r = i < 2
      ? run(['evaluate', grasps, '--out', out], { SLURM_ARRAY_TASK_ID: String(i + 1), SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MIN: '1' })
      : run(['evaluate', grasps, '--out', out, '--shard', '2/3']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(rows(out).map((l) => JSON.parse(l).index), [i, i + 3]);
    parts.push(out);
  }
  const merged = path.join(dir, 'merged.jsonl');
  const m = run(['merge', '--out', merged, ...parts]);
  assert.equal(m.status, 0, m.stderr);
  assert.deepEqual(rows(merged), rows(whole));
  for (const r of rows(whole).map((l) => JSON.parse(l))) {
    assert.equal(typeof r.dynamic.held, 'boolean');
    assert.match(r.dynamic.stateHash, /^[0-9a-f]{16}$/);
  }
  // A missing shard is named.
  const short = run(['merge', '--out', path.join(dir, 'short.jsonl'), parts[0], parts[1]]);
  assert.equal(short.status, 2);
  assert.match(short.stderr, /2 of 6 rows are in no input \(rows 2, 5\)/);
});

test('an interrupted evaluate resumes: finished rows are kept, the rest done, the result the same', async () => {
  const whole = path.join(dir, 'whole2.jsonl');
  assert.equal(run(['evaluate', grasps, '--out', whole]).status, 0);
  const out = path.join(dir, 'resumed.jsonl');
  // Stop the run once it has written two rows.
  await new Promise((resolve) => {
    const child = spawn(cli, ['evaluate', grasps, '--out', out]);
    const timer = setInterval(() => {
      const partial = `${out}.partial`;
      if (fs.existsSync(partial) && fs.readFileSync(partial, 'utf8').split('\n').length >= 4) {
        child.kill('SIGKILL');
      }
    }, 5);
    child.on('exit', () => { clearInterval(timer); resolve(); });
  });
  assert.ok(!fs.existsSync(out), 'the output appears only when complete');
  const kept = fs.readFileSync(`${out}.partial`, 'utf8').split('\n').filter((l) => l.endsWith('}')).length - 1;
  assert.ok(kept >= 2 && kept < 6, `${kept} rows kept`);
  const again = run(['evaluate', grasps, '--out', out]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`resuming .*: ${kept} rows kept`));
  assert.equal(JSON.parse(again.stdout).rowsThisRun, 6 - kept);
  assert.deepEqual(rows(out), rows(whole));
  // Run once more: nothing to do, nothing overwritten.
  const done = run(['evaluate', grasps, '--out', out]);
  assert.equal(done.status, 0);
  assert.match(done.stderr, /already holds this shard/);
  // Another set's output is not overwritten.
  const other = run(['evaluate', grasps, '--out', out, '--shard', '1/2']);
  assert.equal(other.status, 2);
  assert.match(other.stderr, /refusing|not grasplab-grasp-results of set .* shard 1\/2/);
});

test('bad input is refused by name', () => {
  const expect = (args, pattern, env = {}) => {
    const r = run(args, env);
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, pattern);
  };
  const out = path.join(dir, 'x.jsonl');
  expect(['plan', sphere, '--robot', 'gripper', '--out', out], /robot "gripper": the scene has no robot of that name \(robots: "hand"\)/);
  expect(['plan', sphere, '--object', 'cube', '--out', out], /object "cube": the scene has no body of that name/);
  expect(['plan', `${repoRoot}assets/scenes/barrett-handset.json`, '--out', out], /attached/);
  expect(['evaluate', grasps, '--shard', '3/2'], /shard "3\/2": I must be in \[0, N - 1\]/);
  expect(['evaluate', grasps, '--shard', 'x'], /must be I\/N/);
  const text = fs.readFileSync(grasps, 'utf8');
  const truncated = path.join(dir, 'truncated.jsonl');
  fs.writeFileSync(truncated, text.slice(0, text.length - 30));
  expect(['evaluate', truncated], /truncated\.jsonl:7: the file ends in the middle of a line/);
  expect(['evaluate', grasps], /SLURM_ARRAY_TASK_COUNT is not/, { SLURM_ARRAY_TASK_ID: '0' });
});

test('plan --mesh plans on any closed OBJ/STL mesh and refuses open ones by their edge', () => {
  const d = tmp();
  const box = ['v -20 -15 0', 'v 20 -15 0', 'v 20 15 0', 'v -20 15 0', 'v -20 -15 60', 'v 20 -15 60', 'v 20 15 60',
    'v -20 15 60', 'f 1 3 2', 'f 1 4 3', 'f 5 6 7', 'f 5 7 8', 'f 1 2 6', 'f 1 6 5', 'f 2 3 7', 'f 2 7 6', 'f 3 4 8',
    'f 3 8 7', 'f 4 1 5', 'f 4 5 8'];
  fs.writeFileSync(path.join(d, 'box.obj'), `${box.join('\n')}\n`);
  fs.writeFileSync(path.join(d, 'open.obj'), `${box.slice(0, -1).join('\n')}\n`);
  const out = path.join(d, 'm.jsonl');
  const r = run(['plan', '--mesh', path.join(d, 'box.obj'), '--scale', '0.001', '--hand', 'three-finger', '--grasps', '2',
    '--steps', '200', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const [head, ...planned] = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(planned.length, 2);
  // The set carries the mesh's hull inline: it evaluates with no mesh file.
  const scene = JSON.parse(head.sceneText);
  assert.equal(scene.bodies[1].shape.type, 'convex');
  assert.equal(scene.bodies[1].shape.points.length, 8);
  assert.ok(scene.bodies[1].shape.points.every((p) => p[2] >= 0 && p[2] <= 0.06 + 1e-12));
  fs.rmSync(path.join(d, 'box.obj'));
  assert.equal(run(['evaluate', out]).status, 0);
  // The scene has no actions: the verification ran the default sequence,
  // and grasp-scene writes that sequence into the row's scene.
  const results = path.join(d, 'm.results.jsonl');
  const row = JSON.parse(rows(results)[0]);
  const rowScene = path.join(d, 'row0.json');
  fs.writeFileSync(rowScene, run(['grasp-scene', results, '0']).stdout);
  assert.deepEqual(JSON.parse(fs.readFileSync(rowScene, 'utf8')).actions.map((a) => a.type), ['autograsp', 'lift', 'shake']);
  assert.equal(JSON.parse(run(['run', rowScene, '--steps', String(row.dynamic.steps)]).stdout).stateHash, row.dynamic.stateHash);
  const expect = (args, pattern) => {
    const e = run(args);
    assert.equal(e.status, 2, e.stdout);
    assert.match(e.stderr, pattern);
  };
  expect(['plan', '--mesh', path.join(d, 'open.obj'), '--scale', '0.001', '--out', out],
    /open\.obj: the mesh is not closed: the edge from \[.*\] to \[.*\] belongs to 1 triangle/);
  fs.writeFileSync(path.join(d, 'box.obj'), `${box.join('\n')}\n`);
  expect(['plan', '--mesh', path.join(d, 'box.obj'), '--out', out], /60 m across at --scale 1; .*--scale 0\.001 reads millimetres/);
  expect(['plan', '--mesh', path.join(d, 'box.obj'), '--scale', '0.001', '--hand', 'puma', '--out', out], /has no <grasplab_hand>/);
});

test('grasp-scene replays a row: its scene (and its link) run to the row\'s verification hash', () => {
  const results = path.join(dir, 'replay.jsonl');
  assert.equal(run(['evaluate', grasps, '--out', results]).status, 0);
  const row = JSON.parse(rows(results)[4]);
  const sceneFile = path.join(dir, 'row4.json');
  const scene = run(['grasp-scene', results, '4']);
  assert.equal(scene.status, 0, scene.stderr);
  fs.writeFileSync(sceneFile, scene.stdout);
  const steps = String(row.dynamic.steps);
  const byFile = JSON.parse(run(['run', sceneFile, '--steps', steps]).stdout);
  assert.equal(byFile.stateHash, row.dynamic.stateHash);
  const link = run(['grasp-scene', results, '4', '--link']).stdout.trim();
  assert.match(link, /^http:\/\/127\.0\.0\.1:8080\/#scene=/);
  assert.equal(JSON.parse(run(['run', link, '--steps', steps]).stdout).stateHash, row.dynamic.stateHash);
  const missing = run(['grasp-scene', results, '9']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /has no row 9 \(6 rows\)/);
});
