// The package's simulation in a Web Worker (createWorkerSimulation in
// index.js): each message { id, method, args } calls that method of the
// worker's Simulation; the answer { id, result } or { id, error } comes back,
// Float64Arrays transferred.
import { createSimulation } from './index.js';

let sim = null;
const GETTERS = new Set(['time', 'stepCount', 'timestep']);

onmessage = async ({ data: { id, method, args } }) => {
  try {
    let result = null;
    if (method === 'create') {
      sim = await createSimulation(args[0]);
    } else if (GETTERS.has(method)) {
      result = sim[method];
    } else {
      result = await sim[method](...args);
    }
    postMessage({ id, result }, result instanceof Float64Array || result instanceof Uint8Array ? [result.buffer] : []);
  } catch (e) {
    postMessage({ id, error: e && e.message ? e.message : String(e) });
  }
};
