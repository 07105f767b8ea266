// Peer benchmark (not run by the project's two commands): grasplab's WASM
// module and mujoco-js on the grasp scenes, in Node, after mujoco_grasp
// wrote DIR/<scene>.xml and DIR/<scene>.replay.json.
//
//   node tests/bench/peers/grasp_wasm.mjs DIR SCENE.json...
//
// Prints one JSON object (grasp_wasm_core.mjs).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadGrasplab, repoRoot } from '../../wasm/load_module.mjs';
import { runGraspBenchmark } from './grasp_wasm_core.mjs';

const [replayDir, ...scenes] = process.argv.slice(2);
const { default: loadMujoco } = await import('mujoco-js');
const out = await runGraspBenchmark({
  Module: await loadGrasplab(),
  mujoco: await loadMujoco(),
  files: async (path) => new Uint8Array(fs.readFileSync(path.startsWith('/') ? path : repoRoot + path)),
  replayDir,
  scenes,
  now: () => performance.now(),
  formulation: process.env.GRASPLAB_FORMULATION,
});
console.log(JSON.stringify(out));
