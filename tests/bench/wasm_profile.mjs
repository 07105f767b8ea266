// Where the WASM step spends its time, per function (not a test): steps
// scene files in Node under V8's sampling profiler (node:inspector, 200 us
// interval) and prints each wasm function's share of the step, self (the
// sampled frame) and total (with its callees), and its self time per step.
// The native side of the comparison: perf record -e cpu-clock --call-graph
// dwarf on build/native/grasplab_bench_grasp_cpu (tests/bench/grasp_cpu_bench.cc),
// perf report --children (docs/benchmarks.md, "Where the WASM step loses,
// per function").
//
//   node tests/bench/wasm_profile.mjs [--build DIR] [--steps N] [--runs R]
//        [--top K] [--json] SCENE.json...
//   node tests/bench/wasm_profile.mjs --time [--build DIR]... [--steps N] [--runs R] SCENE.json...
//
// --time profiles nothing: it prints the CPU us/step (minimum of R runs) of
// each build named by --build (several allowed: the builds' runs are
// interleaved in this one process, so a change in the machine's load moves
// them alike), as JSON {scene: {build: us}}.
//
// DIR holds grasplab_wasm.mjs and .wasm (default build/wasm-prof): build a
// profiling variant with function names kept, beside the shipped build, e.g.
//
//   cmake -S . -B build/wasm-prof -G Ninja \
//     -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake \
//     -DCMAKE_BUILD_TYPE=Release -DEigen3_DIR=/usr/share/eigen3/cmake \
//     -DCMAKE_EXE_LINKER_FLAGS=--profiling-funcs
//   cmake --build build/wasm-prof -j2
//
// (--profiling-funcs keeps the name section; the code is the -O3 code of the
// shipped build.) Each scene runs once untimed over all N steps first, so V8
// has tiered the hot functions up (docs/benchmarks.md: the first run is
// Liftoff's), then R runs of N steps from load are profiled. The samples of
// the step loop alone are kept (the scene load is outside the profile).
// "CPU us/step" is process.cpuUsage() over R unprofiled runs (minimum),
// interleaved with the profiled ones; the shares come from the profiled runs.
import fs from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { assetPaths } from '../../web/src/scene_assets.js';
import { repoRoot } from '../wasm/load_module.mjs';

const args = process.argv.slice(2);
const opt = { builds: [], steps: 2000, runs: 3, top: 25, json: false, time: false };
const scenes = [];
for (let i = 0; i < args.length; ++i) {
  const a = args[i];
  if (a === '--build') opt.builds.push(args[++i]);
  else if (a === '--time') opt.time = true;
  else if (a === '--steps') opt.steps = Number(args[++i]);
  else if (a === '--runs') opt.runs = Number(args[++i]);
  else if (a === '--top') opt.top = Number(args[++i]);
  else if (a === '--json') opt.json = true;
  else scenes.push(a);
}
if (scenes.length === 0) {
  console.error('usage: node tests/bench/wasm_profile.mjs [--build DIR] [--steps N] [--runs R] [--top K] [--json] SCENE.json...');
  process.exit(2);
}

if (opt.builds.length === 0) opt.builds.push('build/wasm-prof');

async function loadModule(build) {
  const dir = path.resolve(repoRoot, build);
  const { default: createGrasplab } = await import(pathToFileURL(path.join(dir, 'grasplab_wasm.mjs')).href);
  return createGrasplab({ wasmBinary: fs.readFileSync(path.join(dir, 'grasplab_wasm.wasm')) });
}

function load(Module, file) {
  const text = fs.readFileSync(path.resolve(repoRoot, file), 'utf8');
  const sim = new Module.Simulation();
  for (const asset of assetPaths(JSON.parse(text))) sim.setAsset(asset, new Uint8Array(fs.readFileSync(repoRoot + asset)));
  const error = sim.loadJson(text);
  if (error !== '') throw new Error(`${file}: ${error}`);
  return sim;
}

// V8 names a wasm function by the name section's entry, with the
// characters the name section escapes as \XX hex.
const unescape = (name) => name.replace(/\\([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

// CPU us/step of one run of `steps` from load.
function timeRun(Module, file) {
  const sim = load(Module, file);
  const c0 = process.cpuUsage();
  const e = sim.step(opt.steps);
  const c = process.cpuUsage(c0);
  sim.delete();
  if (e !== '') throw new Error(`${file}: ${e}`);
  return (c.user + c.system) / opt.steps;
}

if (opt.time) {
  // Every function compiled by the optimising tier when the module is
  // instantiated (the code a page runs once it has warmed up), not tiered
  // up while timed: with V8's default dynamic tiering a scene timed alone
  // or first read 13.5-20 us a step on finger-squeeze, whose functions were
  // still being optimised on compiler threads that process.cpuUsage()
  // counts, and 7.5 when timed after two other scenes; with this flag 7.5
  // in any order (docs/benchmarks.md, stop 42).
  v8.setFlagsFromString('--no-liftoff');
  const modules = [];
  for (const build of opt.builds) modules.push(await loadModule(build));
  const out = {};
  for (const file of scenes) {
    for (const Module of modules) timeRun(Module, file);  // untimed
    const best = opt.builds.map(() => Infinity);
    for (let run = 0; run < opt.runs; ++run) {
      modules.forEach((Module, b) => { best[b] = Math.min(best[b], timeRun(Module, file)); });
    }
    out[file] = Object.fromEntries(opt.builds.map((build, b) => [build, Number(best[b].toFixed(2))]));
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

const Module = await loadModule(opt.builds[0]);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });

// A function's name without its parameter list and namespaces, for the
// table (the JSON keeps the full name).
const short = (name) => {
  const n = name.replace(/\(anonymous namespace\)::/g, '').replace(/grasplab::/g, '');
  const open = n.indexOf('(');
  return open > 0 ? n.slice(0, open) : n;
};

const out = {};
for (const file of scenes) {
  { const sim = load(Module, file); sim.step(opt.steps); sim.delete(); }
  // Self time (the sampled frame) and total time (every distinct function
  // on the sampled stack) per function, in profiler microseconds.
  const self = new Map();
  const total = new Map();
  let sampled = 0;
  let cpuBest = Infinity;
  for (let run = 0; run < opt.runs; ++run) {
    cpuBest = Math.min(cpuBest, timeRun(Module, file));  // unprofiled
    const sim = load(Module, file);
    await session.post('Profiler.start');
    const e = sim.step(opt.steps);
    const { profile } = await session.post('Profiler.stop');
    sim.delete();
    if (e !== '') throw new Error(`${file}: ${e}`);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    for (let k = 0; k < profile.samples.length; ++k) {
      const node = byId.get(profile.samples[k]);
      // Samples with no script behind them (the profiler's own session
      // dispatch, (program), (idle), (garbage collector)) are not the step's.
      if (!node.callFrame.url) continue;
      const name = unescape(node.callFrame.functionName || `(${node.callFrame.url})`);
      const dt = profile.timeDeltas[k + 1] ?? 0;
      self.set(name, (self.get(name) ?? 0) + dt);
      sampled += dt;
      const seen = new Set();
      for (let id = node.id; id !== undefined; id = parent.get(id)) {
        const f = byId.get(id).callFrame;
        if (!f.url) continue;
        const fn = unescape(f.functionName || `(${f.url})`);
        if (seen.has(fn)) continue;
        seen.add(fn);
        total.set(fn, (total.get(fn) ?? 0) + dt);
      }
    }
  }
  // Shares of the sampled step; us/step scales them to the unprofiled CPU
  // time (the profiler's own cost is not the step's).
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]);
  out[file] = {
    cpuUsPerStep: cpuBest,
    functions: rows.map(([name, t]) => ({
      name, share: t / sampled, usPerStep: (cpuBest * t) / sampled,
      totalShare: (total.get(name) ?? 0) / sampled,
    })),
    totals: [...total.entries()].sort((a, b) => b[1] - a[1]).map(([name, t]) => ({ name, share: t / sampled })),
  };
  if (!opt.json) {
    console.log(`\n${file}: ${opt.runs} x ${opt.steps} steps, CPU ${cpuBest.toFixed(1)} us/step unprofiled (min), ${(sampled / 1e3).toFixed(0)} ms sampled`);
    console.log('  self %   total %   self us/step  function');
    for (const { name, share, usPerStep, totalShare } of out[file].functions.slice(0, opt.top)) {
      console.log(`${(100 * share).toFixed(1).padStart(8)} ${(100 * totalShare).toFixed(1).padStart(9)} ${usPerStep.toFixed(2).padStart(14)}  ${short(name)}`);
    }
  }
}
if (opt.json) console.log(JSON.stringify(out));
