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
export function runNative(args) {
  const out = execFileSync(`${repoRoot}build/native/grasplab`, ['run', ...args], { encoding: 'utf8' });
  return JSON.parse(out);
}
