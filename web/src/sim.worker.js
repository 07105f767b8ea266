// The simulation worker: owns the WASM module and steps it at the scene's
// fixed h, paced to real time (times a speed factor). Posts a frame at most
// every FRAME_INTERVAL_MS of wall time, with poses in a transferred buffer.
import createGrasplab from '@wasm/grasplab_wasm.mjs';
import wasmUrl from '@wasm/grasplab_wasm.wasm?url';
import { ToWorker, FromWorker } from './protocol.js';
import { assetPaths } from './scene_assets.js';

const FRAME_INTERVAL_MS = 1000 / 60;
const TICK_MS = 4;
const MAX_STEPS_PER_TICK = 2000;  // keeps a slow machine responsive to commands

let sim = null;
let hasGrasp = false;
let sceneText = null;  // the JSON of the loaded scene (null for a built-in one)
// Recording: frames as JSON lines, one every `recordEvery` steps.
const MAX_RECORDED_FRAMES = 20000;
let recording = false;
let recordEvery = 1;
let recorded = [];
let sceneName = 'falling-sphere';
let running = false;
let speed = 1;
let wallStart = 0;     // ms, when the current run segment started
let simStart = 0;      // s, sim time at wallStart
let lastFrameAt = -Infinity;
const speedWindow = []; // [wallMs, simTime] samples for the measured speed

function fail(message) {
  postMessage({ type: FromWorker.ERROR, message: String(message) });
}

function postFrame() {
  const poses = new Float64Array(sim.poses());  // copy out of WASM memory
  const now = performance.now();
  speedWindow.push([now, sim.time()]);
  while (speedWindow.length > 2 && now - speedWindow[0][0] > 500) speedWindow.shift();
  const [w0, s0] = speedWindow[0];
  const actualSpeed = running && now > w0 ? (sim.time() - s0) / ((now - w0) / 1000) : 0;
  postMessage({
    type: FromWorker.FRAME,
    time: sim.time(),
    steps: sim.stepCount(),
    running,
    stateHash: sim.stateHash(),
    contactCount: sim.contactCount(),
    actualSpeed,
    grasp: hasGrasp ? JSON.parse(sim.graspJson()) : null,
    recording: { on: recording, frames: recorded.length, every: recordEvery },
    poses,
  }, [poses.buffer]);
  lastFrameAt = now;
}

// JavaScript controllers by robot name: function(t, joints) -> { joint: target }.
const controllers = new Map();

function runControllers() {
  for (const [robot, fn] of controllers) {
    const targets = fn(sim.time(), JSON.parse(sim.jointsJson(robot)));
    if (!targets) continue;
    for (const [joint, value] of Object.entries(targets)) {
      const err = sim.setJointTarget(robot, joint, Number(value), 0);
      if (err) throw new Error(err);
    }
  }
}

function record() {
  if (recorded.length >= MAX_RECORDED_FRAMES) {
    recording = false;
    fail(`record: stopped at ${MAX_RECORDED_FRAMES} frames`);
    return;
  }
  recorded.push(sim.frameJson());
}

function stepN(n) {
  if (n <= 0) return true;
  let err = '';
  try {
    if (recording && controllers.size === 0) {
      // In chunks that end on the sampling grid (the same steps as the CLI's --every).
      let left = n;
      while (left > 0 && !err && recording) {
        const chunk = Math.min(left, recordEvery - (sim.stepCount() % recordEvery));
        err = sim.step(chunk);
        left -= chunk;
        if (!err && sim.stepCount() % recordEvery === 0) record();
      }
      if (!err && left > 0) err = sim.step(left);  // the recording stopped at its cap
    } else if (controllers.size === 0) {
      err = sim.step(n);
    } else {
      for (let k = 0; k < n && !err; ++k) {  // one control tick per step
        runControllers();
        err = sim.step(1);
        if (!err && recording && sim.stepCount() % recordEvery === 0) record();
      }
    }
  } catch (e) {
    controllers.clear();
    err = `controller: ${e && e.message ? e.message : e} (controllers removed)`;
  }
  if (err) {
    running = false;
    fail(`step: ${err}`);
    return false;
  }
  return true;
}

function setController(robot, source) {
  if (source === null || source === undefined) {
    controllers.delete(robot);
    const err = sim.setExternalControl(robot, false);
    if (err) fail(`controller: ${err}`);
    return;
  }
  let fn;
  try {
    fn = new Function('t', 'joints', String(source));  // eslint-disable-line no-new-func
  } catch (e) {
    fail(`controller: ${e.message}`);
    return;
  }
  const err = sim.setExternalControl(robot, true);
  if (err) {
    fail(`controller: ${err}`);
    return;
  }
  controllers.set(robot, fn);
}

function tick() {
  if (running) {
    const now = performance.now();
    const h = sim.timestep();
    let due;
    if (speed === Infinity) {
      due = MAX_STEPS_PER_TICK;
    } else {
      const target = simStart + ((now - wallStart) / 1000) * speed;
      due = Math.min(MAX_STEPS_PER_TICK, Math.floor((target - sim.time()) / h + 1e-9));
    }
    stepN(due);
    if (now - lastFrameAt >= FRAME_INTERVAL_MS) postFrame();
  }
  setTimeout(tick, TICK_MS);
}

function restartClock() {
  wallStart = performance.now();
  simStart = sim.time();
  speedWindow.length = 0;
}


// The page's root: this worker lives one folder below it (static/ when
// built, src/ under the dev server); asset paths are relative to the root.
const PAGE_ROOT = new URL('../', self.location.href);

async function fetchOk(path) {
  const url = new URL(path, PAGE_ROOT);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// A scene file from the server ("assets/scenes/NAME.json"), with every asset
// it names handed to the module first.
async function loadFile(name) {
  try {
    await loadText(await (await fetchOk(name)).text(), name);
  } catch (e) {
    fail(`scene ${name}: ${e && e.message ? e.message : e}`);
  }
}

// A scene given as JSON text (a file, a share link): its assets are fetched
// from the server first.
async function loadText(text, name) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    fail(`scene ${name}: not valid JSON (${e.message})`);
    return;
  }
  const next = new Module.Simulation();
  try {
    for (const asset of assetPaths(parsed)) {
      next.setAsset(asset, new Uint8Array(await (await fetchOk(asset)).arrayBuffer()));
    }
  } catch (e) {
    next.delete();
    fail(`scene ${name}: ${e && e.message ? e.message : e}`);
    return;
  }
  if (adopt(next, next.loadJson(text), name)) sceneText = text;
}

function load(name) {
  if (name.startsWith('assets/')) {
    loadFile(name);
    return;
  }
  const next = new Module.Simulation();
  if (adopt(next, next.loadBuiltin(name), name)) sceneText = null;
}

// Takes the new simulation if it loaded (err empty); otherwise keeps the old.
function adopt(next, err, name) {
  if (err) {
    next.delete();
    fail(`scene: ${err}`);
    return false;
  }
  if (sim) sim.delete();
  sim = next;
  sceneName = name;
  controllers.clear();
  recording = false;
  recorded = [];
  hasGrasp = sim.hasGrasp();
  running = false;
  postMessage({
    type: FromWorker.SCENE,
    name,
    timestep: sim.timestep(),
    description: JSON.parse(sim.describeJson()),
  });
  postFrame();
  return true;
}

function handle(msg) {
  try {
    switch (msg.type) {
      case ToWorker.LOAD:
        if (typeof msg.text === 'string') loadText(msg.text, String(msg.scene || 'scene')).then(() => {
          if (sim && sceneName === String(msg.scene || 'scene')) postMessage({ type: FromWorker.SOURCE, text: sceneText });
        });
        else load(msg.scene);
        break;
      case ToWorker.SOURCE: postMessage({ type: FromWorker.SOURCE, builtin: sceneText === null ? sceneName : null, text: sceneText }); break;
      case ToWorker.PLAY: if (sim) { running = true; restartClock(); } break;
      case ToWorker.PAUSE: running = false; if (sim) postFrame(); break;
      case ToWorker.STEP: if (sim && !running && stepN(1)) postFrame(); break;
      case ToWorker.RUN:
        if (!(Number.isInteger(msg.steps) && msg.steps >= 1 && msg.steps <= 1e6)) {
          fail(`run: steps must be a whole number in [1, 1e6], got ${msg.steps}`);
          break;
        }
        running = false;
        if (sim && stepN(msg.steps)) postFrame();
        break;
      case ToWorker.RESET: if (sceneText !== null && !sceneName.startsWith('assets/')) loadText(sceneText, sceneName); else load(sceneName); break;
      case ToWorker.SPEED:
        if (!(msg.factor === Infinity || (msg.factor >= 0.1 && msg.factor <= 10))) {
          fail(`speed: must be in [0.1, 10] or Infinity, got ${msg.factor}`);
          break;
        }
        speed = msg.factor;
        if (sim) restartClock();
        break;
      case ToWorker.RECORD:
        if (!sim) break;
        if (msg.on) {
          recordEvery = Math.max(1, Math.round(1 / 60 / sim.timestep()));
          recorded = [];
          recording = true;
          record();
        } else {
          recording = false;
        }
        postFrame();
        break;
      case ToWorker.SHOW_RECORDED: {
        const f = recorded[msg.index];
        if (!f) { fail(`replay: no recorded frame ${msg.index}`); break; }
        running = false;
        const frame = JSON.parse(f);
        const poses = new Float64Array(frame.poses.flat());
        postMessage({ type: FromWorker.RECORDED, index: msg.index, time: frame.time, step: frame.step, poses,
          grasp: frame.grasp, frames: recorded.length }, [poses.buffer]);
        break;
      }
      case ToWorker.EXPORT_RECORDING: postMessage({ type: FromWorker.RECORDING, jsonl: recorded.map((l) => `${l}\n`).join('') }); break;
      case ToWorker.CONTROLLER: if (sim) setController(String(msg.robot), msg.source ?? null); break;
      case ToWorker.ACTION: {
        if (!sim) break;
        const err = sim.action(String(msg.action), String(msg.robot), Number(msg.duration ?? 1));
        if (err) fail(err);
        postFrame();
        break;
      }
      default: fail(`unknown message type '${msg.type}'`);
    }
  } catch (e) {
    running = false;
    fail(`worker: ${e && e.message ? e.message : e}`);
  }
}

// Commands that arrive while the module is still compiling wait in `pending`.
let Module = null;
const pending = [];
onmessage = (event) => (Module ? handle(event.data) : pending.push(event.data));

try {
  Module = await createGrasplab({ locateFile: (path) => (path.endsWith('.wasm') ? wasmUrl : path) });
} catch (e) {
  fail(`WASM module failed to load: ${e && e.message ? e.message : e}`);
}
if (Module) {
  let files = [];
  try {
    files = (await (await fetchOk('assets/scenes/index.json')).json()).scenes.map((s) => `assets/scenes/${s.file}`);
  } catch (e) {
    fail(`scene index: ${e && e.message ? e.message : e}`);
  }
  postMessage({ type: FromWorker.SCENES, names: [...Module.builtinScenes().split(','), ...files] });
  load(sceneName);
  for (const msg of pending.splice(0)) handle(msg);
  tick();
}
