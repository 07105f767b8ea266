// Loads build/wasm/grasplab_wasm.mjs in Node. Emscripten 3.1.6's loader trips
// over Node's global fetch, so the wasm bytes are passed in (toolchain.md).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export async function loadGrasplab() {
  const dir = new URL('../../build/wasm/', import.meta.url);
  const { default: createGrasplab } = await import(new URL('grasplab_wasm.mjs', dir));
  return createGrasplab({ wasmBinary: fs.readFileSync(new URL('grasplab_wasm.wasm', dir)) });
}

// Runs the native CLI and returns its parsed JSON summary.
export function runNative(args, command = 'run') {
  const out = execFileSync(`${repoRoot}build/native/grasplab`, [command, ...args], { encoding: 'utf8' });
  return JSON.parse(out);
}

// Loads a bundled scene file (assets/scenes/NAME.json) into sim as the
// worker does: every asset it names handed over with setAsset first.
// Returns loadJson's message ("" on success).
export async function loadBundled(sim, name) {
  const { assetPaths } = await import('../../web/src/scene_assets.js');
  const text = fs.readFileSync(`${repoRoot}assets/scenes/${name}.json`, 'utf8');
  for (const asset of assetPaths(JSON.parse(text))) {
    sim.setAsset(asset, new Uint8Array(fs.readFileSync(repoRoot + asset)));
  }
  return sim.loadJson(text);
}
