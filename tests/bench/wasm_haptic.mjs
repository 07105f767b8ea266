// The haptic-rate check in WASM (not a test; issue 21): the parallel-jaw
// hand holding the cube on two pads (assets/scenes/parallel-jaw-cube-pads),
// stepped one step at a time at h = 1 ms by the WASM module in Node, as
// grasplab_bench_pads --haptic does natively. Prints per-step wall-clock
// figures (a shared machine's time slices are in them), the process's CPU
// time per step (process.cpuUsage: Node's own threads included, 1 us
// resolution) and the final state hash, which must equal the native run's
// (bit-identical trajectories).
//   node tests/bench/wasm_haptic.mjs [--pad-solver lemke|active-set|gauss-seidel] [--pad-model fe|winkler] [--runs N]
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadGrasplab, repoRoot } from '../wasm/load_module.mjs';
import { assetPaths } from '../../web/src/scene_assets.js';

const args = process.argv.slice(2);
const solverAt = args.indexOf('--pad-solver');
const solver = solverAt >= 0 ? args[solverAt + 1] : '';
const modelAt = args.indexOf('--pad-model');
const model = modelAt >= 0 ? args[modelAt + 1] : '';
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const h = 0.001, seconds = 6.0, steps = Math.round(seconds / h);

const Module = await loadGrasplab();
const scene = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/parallel-jaw-cube-pads.json`, 'utf8'));
scene.timestep = h;
if (solver) for (const pad of scene.pads) pad.solver = solver;
if (model) for (const pad of scene.pads) pad.model = model;
const text = JSON.stringify(scene);

for (let run = 0; run < runs; ++run) {
  const sim = new Module.Simulation();
  try {
    for (const asset of assetPaths(scene)) sim.setAsset(asset, new Uint8Array(fs.readFileSync(repoRoot + asset)));
    const msg = sim.loadJson(text);
    if (msg !== '') throw new Error(msg);
    const dt = new Float64Array(steps), cpu = new Float64Array(steps);
    for (let k = 0; k < steps; ++k) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const err = sim.step(1);
      dt[k] = (performance.now() - t0) * 1000;  // us
      const c = process.cpuUsage(c0);
      cpu[k] = c.user + c.system;  // us, the process's (1 us resolution)
      if (err !== '') throw new Error(`step ${k}: ${err}`);
    }
    const sorted = Float64Array.from(dt).sort();
    const mean = dt.reduce((a, b) => a + b, 0) / steps;
    const over = dt.filter((x) => x > h * 1e6).length;
    const cpuSorted = Float64Array.from(cpu).sort();
    const cpuOver = cpu.filter((x) => x > h * 1e6).length;
    console.log(`WASM parallel-jaw-cube-pads (model ${model || 'halfspace'}, solver ${solver || 'auto'}), h = 1 ms, ${seconds} s (${steps} steps): ` +
      `mean ${mean.toFixed(1)} us/step, median ${sorted[steps >> 1].toFixed(1)}, p99 ${sorted[Math.floor(steps * 0.99)].toFixed(1)}, ` +
      `max ${sorted[steps - 1].toFixed(1)} us; steps over h: ${over}\n  process CPU time per step: median ${cpuSorted[steps >> 1]}, ` +
      `p99 ${cpuSorted[Math.floor(steps * 0.99)]}, max ${cpuSorted[steps - 1]} us; steps over h: ${cpuOver}; state hash ${sim.stateHash()}`);
  } finally {
    sim.delete();
  }
}
