// grasplab as a library: the same WASM core as the page and the CLI, behind
// a small typed API (index.d.ts), for Node and for browsers. Each simulation
// owns its own module instance (its own memory), so several run side by side
// without interfering; dispose() frees it.
//
//   import { createSimulation } from 'grasplab';
//   const sim = await createSimulation({ baseUrl: 'https://example.org/grasplab/' });
//   await sim.loadScene(sceneTextOrShareLink);
//   sim.step(800);
//   sim.stateHash();  // the CLI's and the page's hash for the same scene and steps
//
// Scenes name their assets (robots, meshes) as "assets/..." paths, read
// relative to `baseUrl`: a file: URL or directory path in Node (read from the
// disk), an http(s) URL anywhere (fetched).
//
// In a browser, createWorkerSimulation() runs the same simulation in a Web
// Worker (worker.js), so stepping never blocks the page: the same methods,
// each returning a Promise. The package has no dependencies (fflate, for
// share links, is vendored as fflate.js, MIT), so its modules load in a
// browser as they are, with or without a bundler.
import createGrasplab from './grasplab_wasm.mjs';
import { decodeLink } from './link.js';
import { assetPaths } from './scene_assets.js';
import { CONTACT_STRIDE, Contact, JOINT_STRIDE, POSE_STRIDE } from './protocol.js';

export { CONTACT_STRIDE, Contact, JOINT_STRIDE, POSE_STRIDE };

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

// The module's bytes: read from beside this file in Node (Emscripten 3.1.6's
// loader trips over Node's fetch), located by URL in a browser.
async function instantiate() {
  const wasm = new URL('./grasplab_wasm.wasm', import.meta.url);
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    return createGrasplab({ wasmBinary: await readFile(wasm) });
  }
  return createGrasplab({ locateFile: (path) => (path.endsWith('.wasm') ? wasm.href : path) });
}

function toBaseUrl(baseUrl) {
  if (baseUrl instanceof URL) return baseUrl;
  if (baseUrl && typeof baseUrl === 'object' && typeof baseUrl.href === 'string') return new URL(baseUrl.href);
  if (typeof baseUrl !== 'string' || !baseUrl) {
    if (isNode) return new URL(`file://${process.cwd()}/`);
    return new URL('./', globalThis.location?.href ?? 'http://localhost/');
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseUrl)) return new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (isNode) {  // a directory path
    const abs = baseUrl.startsWith('/') ? baseUrl : `${process.cwd()}/${baseUrl}`;
    return new URL(`file://${abs.endsWith('/') ? abs : `${abs}/`}`);
  }
  return new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, globalThis.location?.href);
}

// An asset's bytes, relative to the base URL. Paths are checked as the page
// checks them (scene_assets.js gives only "assets/..." without "..").
async function readBytes(base, path) {
  const url = new URL(path, base);
  if (url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    try {
      return new Uint8Array(await readFile(url));
    } catch (e) {
      throw new Error(`${path}: cannot be read (${e.code ?? e.message})`);
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${path}: ${response.status === 404 ? 'no such file on the server' : 'the server refused it'} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

const text = (bytes) => new TextDecoder().decode(bytes);

class Simulation {
  constructor(Module, base) {
    this.Module = Module;
    this.base = base;
    this.sim = null;
    this.disposed = false;
  }

  check() {
    if (this.disposed) throw new Error('grasplab: this simulation was disposed');
    if (!this.sim) throw new Error('grasplab: no scene is loaded (loadScene first)');
  }

  // textOrLink: a scene's JSON text, or a share link (the page's "#scene=..."
  // or "#builtin=NAME", with or without the address before it). A refused
  // scene throws with the core's message (naming the field) and keeps the
  // scene loaded before.
  async loadScene(textOrLink) {
    if (this.disposed) throw new Error('grasplab: this simulation was disposed');
    if (typeof textOrLink !== 'string') throw new Error('grasplab: loadScene takes a string (scene JSON or a link)');
    let sceneText = textOrLink;
    if (!/^\s*\{/.test(textOrLink)) {
      const at = textOrLink.indexOf('#');
      const link = decodeLink(at >= 0 ? textOrLink.slice(at) : `#${textOrLink}`);  // throws naming the problem
      if (!link) throw new Error('grasplab: neither scene JSON nor a link (#scene=... or #builtin=...)');
      sceneText = link.text ?? text(await readBytes(this.base, `assets/scenes/${link.builtin}.json`));
    }
    let parsed;
    try {
      parsed = JSON.parse(sceneText);
    } catch (e) {
      throw new Error(`scene: not valid JSON (${e.message})`);
    }
    const next = new this.Module.Simulation();
    try {
      for (const asset of assetPaths(parsed)) next.setAsset(asset, await readBytes(this.base, asset));
      const err = next.loadJson(sceneText);
      if (err) throw new Error(err);
    } catch (e) {
      next.delete();
      throw e;
    }
    if (this.sim) this.sim.delete();
    this.sim = next;
    this.sceneText = sceneText;
  }

  step(n = 1) {
    this.check();
    if (!(Number.isInteger(n) && n >= 1 && n <= 1e7)) throw new Error(`grasplab: step(n): n must be a whole number in [1, 1e7], got ${n}`);
    const err = this.sim.step(n);
    if (err) throw new Error(err);
  }

  reset() {
    this.check();
    const err = this.sim.reset();
    if (err) throw new Error(err);
  }

  get time() { this.check(); return this.sim.time(); }
  get stepCount() { this.check(); return this.sim.stepCount(); }
  get timestep() { this.check(); return this.sim.timestep(); }

  stateHash() { this.check(); return this.sim.stateHash(); }
  // Copies (the module's views go stale when its memory grows).
  poses() { this.check(); return new Float64Array(this.sim.poses()); }
  contacts() { this.check(); return new Float64Array(this.sim.contacts()); }
  joints() { this.check(); return new Float64Array(this.sim.joints()); }
  // 1 per body asleep (the scene's "sleep"; docs/scene-format.md), 0 awake or static.
  sleeping() { this.check(); return new Uint8Array(this.sim.sleeping()); }

  // The scene's grasp metrics (L1; with linf the L-infinity ones too, slower), or null without a grasp.
  grasp({ linf = false } = {}) {
    this.check();
    return this.sim.hasGrasp() ? JSON.parse(this.sim.graspJson(!!linf)) : null;
  }

  state() {
    this.check();
    const d = JSON.parse(this.sim.describeJson());
    const p = this.sim.poses();
    return {
      time: this.sim.time(),
      steps: this.sim.stepCount(),
      stateHash: this.sim.stateHash(),
      contactCount: this.sim.contactCount(),
      bodies: d.bodies.map((b, i) => ({
        name: b.name,
        static: b.static,
        position: [p[7 * i], p[7 * i + 1], p[7 * i + 2]],
        orientation: [p[7 * i + 3], p[7 * i + 4], p[7 * i + 5], p[7 * i + 6]],
      })),
    };
  }

  // What `grasplab run` prints for the scene as it stands.
  summary() { this.check(); return JSON.parse(this.sim.summaryJson()); }

  // Every sensor's last reading (docs/sensors.md; the summary's "sensors"), [] without sensors.
  sensors() { this.check(); return JSON.parse(this.sim.sensorsJson()); }

  dispose() {
    if (this.sim) this.sim.delete();
    this.sim = null;
    this.disposed = true;
    this.Module = null;
  }
}

export async function createSimulation(options = {}) {
  return new Simulation(await instantiate(), toBaseUrl(options.baseUrl));
}

// The same simulation in a Web Worker (browsers): every method returns a
// Promise of what the Simulation's returns; time, stepCount and timestep are
// methods here. dispose() ends the worker.
export async function createWorkerSimulation(options = {}) {
  if (typeof Worker === 'undefined') throw new Error('grasplab: createWorkerSimulation needs Web Workers (in Node, use createSimulation)');
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const pending = new Map();
  let next = 0;
  let ended = false;
  worker.onmessage = ({ data }) => {
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if ('error' in data) p.reject(new Error(data.error)); else p.resolve(data.result);
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(`grasplab worker: ${e.message ?? 'failed'}`));
    pending.clear();
  };
  const call = (method, ...args) => {
    if (ended) return Promise.reject(new Error('grasplab: this simulation was disposed'));
    return new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  };
  // The base URL is the page's, resolved here (the worker's own address differs).
  await call('create', { baseUrl: toBaseUrl(options.baseUrl).href });
  const methods = ['loadScene', 'step', 'reset', 'time', 'stepCount', 'timestep', 'stateHash', 'poses', 'contacts', 'joints',
    'grasp', 'state', 'summary', 'sensors', 'sleeping'];
  const sim = Object.fromEntries(methods.map((m) => [m, (...args) => call(m, ...args)]));
  sim.dispose = () => {
    ended = true;
    worker.terminate();
    for (const p of pending.values()) p.reject(new Error('grasplab: this simulation was disposed'));
    pending.clear();
  };
  return sim;
}
