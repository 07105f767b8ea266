// WASM step time in Node (not a test): the bundled scenes of
// grasplab_bench_dynamics, with its warm-up and step counts, stepped by the
// WASM module (build/wasm, after scripts/build.sh). Prints one JSON object
// {scene: microseconds per step}; scripts/bench-peers.sh sets it beside
// the native benchmark's rows (same machine, same run).
import { performance } from 'node:perf_hooks';
import { loadBundled, loadGrasplab } from '../wasm/load_module.mjs';

const Module = await loadGrasplab();
const scenes = [
  ['3-finger squeeze (ball)', 'finger-squeeze', 400, 2000],
  ['3-finger hand on a prism', 'finger-prism', 400, 2000],
  ['6-joint arm + hand', 'arm-hand', 400, 2000],
];
// One run of a scene: `warmup` steps, then `steps` timed; us per step.
async function run(name, warmup, steps) {
  const sim = new Module.Simulation();
  try {
    if ((await loadBundled(sim, name)) !== '') throw new Error(`cannot load ${name}`);
    if (sim.step(warmup) !== '') throw new Error(`${name}: step failed`);
    const t0 = performance.now();
    if (sim.step(steps) !== '') throw new Error(`${name}: step failed`);
    return (1000 * (performance.now() - t0)) / steps;
  } finally {
    sim.delete();
  }
}
// V8 runs a new module's functions in its baseline compiler (Liftoff) and
// recompiles the hot ones optimised in the background: the first scene
// timed right after loading measured the baseline code (the squeeze's
// 98.5 us against 13 once optimised, docs/benchmarks.md). One untimed run
// of every scene first, so each is timed on optimised code, as the native
// side is.
for (const [, name, warmup, steps] of scenes) await run(name, warmup, steps);
const out = {};
for (const [label, name, warmup, steps] of scenes) out[label] = await run(name, warmup, steps);
console.log(JSON.stringify(out));
