#!/usr/bin/env node
// Rewrites tests/golden/state_hashes.json from the native CLI
// (build/native/grasplab run SCENE --solver S [--formulation F] --steps N for every run the
// file lists) and prints each hash that moved. Run it after a change that
// is meant to move trajectories, and give the reason in the commit message.
//   node scripts/update-golden-hashes.mjs [--check]
// --check only compares (exit 1 on any difference).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const file = `${root}tests/golden/state_hashes.json`;
const check = process.argv.includes('--check');
const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
let moved = 0;
for (const run of doc.runs) {
  const args = ['run', `${root}assets/scenes/${run.scene}.json`, '--steps', String(run.steps)];
  if (run.solver !== 'scene') args.push('--solver', run.solver);
  if (run.formulation) args.push('--formulation', run.formulation);
  if (run.teleop) args.push('--teleop', `${root}tests/golden/${run.teleop}`);
  const hash = JSON.parse(execFileSync(`${root}build/native/grasplab`, args, { encoding: 'utf8', maxBuffer: 1 << 26 })).stateHash;
  if (hash !== run.hash) {
    console.log(`${run.scene} (${run.solver}${run.formulation ? ', ' + run.formulation : ''}${run.teleop ? ', teleop ' + run.teleop : ''}, ${run.steps} steps): ${run.hash} -> ${hash}`);
    run.hash = hash;
    ++moved;
  }
}
console.log(`${moved} of ${doc.runs.length} hashes moved`);
if (check) process.exit(moved ? 1 : 0);
// One run per line, so a diff shows which trajectories moved.
const lines = doc.runs.map((r) => `    ${JSON.stringify(r)}`);
const about = doc.about.map((a) => `    ${JSON.stringify(a)}`);
fs.writeFileSync(file, `{\n  "about": [\n${about.join(',\n')}\n  ],\n  "runs": [\n${lines.join(',\n')}\n  ]\n}\n`);
