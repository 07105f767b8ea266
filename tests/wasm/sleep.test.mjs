// Sleeping islands in the WASM module (core/world/island_sleep.h): the box
// stacks scene (sleep on) falls asleep as natively, the page's flags and
// counters say so, a drag wakes the dragged stack only, and two runs with
// the same drag give the same state hash (a replay is bit for bit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadBundled, loadGrasplab } from './load_module.mjs';
import { Stats } from '../../web/src/protocol.js';

const Module = await loadGrasplab();

async function stacks() {
  const sim = new Module.Simulation();
  assert.equal(await loadBundled(sim, 'box-stacks'), '');
  return sim;
}

test('box stacks fall asleep in WASM: flags, counters and the native hash', async () => {
  const sim = await stacks();
  try {
    assert.equal(JSON.parse(sim.settingsJson()).sleep.enabled, true);
    assert.equal(sim.step(400), '');  // 1 s
    const stats = sim.stats();
    const bodies = sim.bodyCount();
    const sleeping = Array.from(sim.sleeping());
    assert.equal(sleeping.length, bodies);
    assert.equal(sleeping[0], 0);  // the ground is static
    assert.equal(sleeping.reduce((a, b) => a + b, 0), 100);
    assert.equal(stats[Stats.SLEEPING_BODIES], 100);
    assert.equal(stats[Stats.SLEEPING_ISLANDS], 25);
    assert.equal(stats[Stats.AWAKE_BODIES], 0);
    const summary = JSON.parse(sim.summaryJson());
    assert.deepEqual(summary.sleep, { enabled: true, awakeIslands: 0, sleepingIslands: 25, awakeBodies: 0, sleepingBodies: 100 });
    const cli = 'build/native/grasplab';
    if (existsSync(cli)) {
      const native = JSON.parse(execFileSync(cli, ['run', '--scene', 'box-stacks', '--steps', '400'], { encoding: 'utf8' }));
      assert.equal(sim.stateHash(), native.stateHash);
      assert.deepEqual(native.sleep, summary.sleep);
    }
  } finally {
    sim.delete();
  }
});

test('a drag wakes one stack; the same drag replays to the same hash', async () => {
  const run = async () => {
    const sim = await stacks();
    try {
      assert.equal(sim.step(400), '');
      const box = 1;  // the first stack's bottom box
      const p = Array.from(sim.poses().subarray(7 * box, 7 * box + 3));
      assert.equal(sim.startDrag(box, ...p, p[0], p[1], p[2] + 0.02, 3), '');
      const sleeping = Array.from(sim.sleeping());
      assert.equal(sleeping[box], 0);
      assert.equal(sim.step(40), '');
      const stats = sim.stats();
      assert.equal(stats[Stats.AWAKE_ISLANDS], 1);
      assert.equal(stats[Stats.AWAKE_BODIES], 4);  // its stack, woken whole
      assert.equal(stats[Stats.SLEEPING_BODIES], 96);
      sim.endDrag();
      assert.equal(sim.step(800), '');
      assert.equal(sim.stats()[Stats.SLEEPING_BODIES], 100);  // asleep again
      return sim.stateHash();
    } finally {
      sim.delete();
    }
  };
  assert.equal(await run(), await run());
});
