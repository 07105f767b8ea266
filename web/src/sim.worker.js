// The simulation worker: owns the WASM module and steps it at the scene's
// fixed h, paced to real time (times a speed factor). Posts a frame at most
// every FRAME_INTERVAL_MS of wall time, with poses in a transferred buffer.
import createGrasplab from '@wasm/grasplab_wasm.mjs';
import wasmUrl from '@wasm/grasplab_wasm.wasm?url';
import { ToWorker, FromWorker } from './protocol.js';
import { assetPaths } from './scene_assets.js';
import { measureQuestion, withSolver } from './lesson_measure.js';
import { ModelComparison, validateModels } from './compare_models.js';

const FRAME_INTERVAL_MS = 1000 / 60;
// Mouse drag: the spring's natural frequency f, k_p = m (2 pi f)^2, so every
// body answers the mouse alike whatever its mass (protocol.js).
const DRAG_FREQUENCY_HZ = 3;
const TICK_MS = 4;
const MAX_STEPS_PER_TICK = 2000;  // keeps a slow machine responsive to commands

let sim = null;
let comparison = null;  // other contact models run beside sim (compare_models.js), once the module loaded

// A page command done to sim, done to the compared models too: fn(ghost) -> '' or an error.
function mirror(fn) {
  if (comparison) for (const e of comparison.each(fn)) fail(e);
}
let hasGrasp = false;
let hasSensors = false;  // the scene declares sensors: frames carry their readings
let hasTeleop = false;   // the scene has a "teleop" entry: frames carry its set-up
let sceneText = null;  // the JSON of the loaded scene
let sceneAssets = [];  // [path, bytes] of every asset it names (for fresh copies: measure)
// Recording: frames as JSON lines, one every `recordEvery` steps.
const MAX_RECORDED_FRAMES = 20000;
let recording = false;
let recordEvery = 1;
let recorded = [];
// Per recorded frame, what the page needs to draw it as it was: the contact
// array (as in 'frame') and the grasp's probe input (io/grasp_probe.h, null
// without a grasp), from which its wrench space is evaluated on demand.
let recordedExtras = [];
let sceneName = 'assets/scenes/falling-sphere.json';
let running = false;
let speed = 1;
let wallStart = 0;     // ms, when the current run segment started
let simStart = 0;      // s, sim time at wallStart
let lastFrameAt = -Infinity;
const speedWindow = []; // [wallMs, simTime] samples for the measured speed

function fail(message) {
  postMessage({ type: FromWorker.ERROR, message: String(message) });
}

// A trap of the WASM module (out-of-bounds access, unreachable, an abort)
// leaves its memory in an unknown state: nothing more is asked of it. The
// page then starts a new worker and reloads its last good scene (main.js).
let dead = false;
function isTrap(e) {
  return e instanceof WebAssembly.RuntimeError || /^Aborted\(/.test(String(e && e.message));
}
function die(e) {
  dead = true;
  running = false;
  postMessage({ type: FromWorker.ERROR, fatal: true, message: `WASM module: ${e && e.message ? e.message : e}` });
}

// Per robot, the driven joints' URDF values for the joint sliders.
function robotJoints() {
  const out = {};
  for (const robot of robots) {
    const joints = JSON.parse(sim.jointsJson(robot));
    out[robot] = { external: sliderRobots.has(robot) || controllers.has(robot), joints: joints.map((j) => ({
      name: j.name, position: j.position, target: j.target, lower: j.lower, upper: j.upper })) };
  }
  return out;
}

// The grasp metrics (L1 only, bindings.cc). A wrench-space hull costs 2-100 ms
// (more for many coplanar contacts), so while running they are re-evaluated
// at most every max(GRASP_INTERVAL_MS, 4x their last cost) of wall time;
// frames in between repeat the last result, whose sim time is `grasp.time`.
// Paused frames (step, action, load) always evaluate afresh.
const GRASP_INTERVAL_MS = 100;
let lastGrasp = null;
let wantWrenchSpace = false;  // the page shows the wrench space: frames carry it
// The page shows the Step diagnostics, the only reader of the stage times:
// the module reads its clock ~25 times a step only then (bindings.cc).
let stageTiming = false;
let nextGraspAt = 0;
function graspMetrics(force) {
  if (!hasGrasp) return null;
  const now = performance.now();
  if (force || !lastGrasp || now >= nextGraspAt) {
    lastGrasp = { ...JSON.parse(wantWrenchSpace ? sim.graspWrenchJson() : sim.graspJson(false)), time: sim.time() };
    const cost = performance.now() - now;
    nextGraspAt = now + Math.max(GRASP_INTERVAL_MS, 4 * cost);
  }
  return lastGrasp;
}

// The frame message and its transferred buffers; force: evaluate the grasp
// metrics now (see graspMetrics).
function frameMessage(force) {
  // Copies out of WASM memory (the views go stale when it grows).
  const poses = new Float64Array(sim.poses());
  const sleeping = new Uint8Array(sim.sleeping());
  const contacts = new Float64Array(sim.contacts());
  const joints = new Float64Array(sim.joints());
  const stats = new Float64Array(sim.stats());
  const energy = new Float64Array(sim.energy());
  const drag = new Float64Array(sim.dragState());
  const ghosts = comparison && comparison.active ? comparison.frame() : [];
  const now = performance.now();
  speedWindow.push([now, sim.time()]);
  while (speedWindow.length > 2 && now - speedWindow[0][0] > 500) speedWindow.shift();
  const [w0, s0] = speedWindow[0];
  const actualSpeed = running && now > w0 ? (sim.time() - s0) / ((now - w0) / 1000) : 0;
  const msg = {
    type: FromWorker.FRAME,
    time: sim.time(),
    steps: sim.stepCount(),
    running,
    stateHash: sim.stateHash(),
    stepMs,  // the running estimate of one step's wall time (ms; the tick loop's)
    contactCount: sim.contactCount(),
    actualSpeed,
    grasp: graspMetrics(force),
    recording: { on: recording, frames: recorded.length, every: recordEvery },
    // Bytes: the module's linear memory, and this worker's JS heap where the
    // browser tells (Chromium's performance.memory), for the soak benchmark.
    memory: { wasm: Module.HEAPU8.length, jsHeap: performance.memory ? performance.memory.usedJSHeapSize : -1 },
    robots: robotJoints(),
    sensors: hasSensors ? JSON.parse(sim.sensorsJson()) : null,
    teleop: hasTeleop ? JSON.parse(sim.teleopJson()) : null,
    poses, sleeping, contacts, joints, stats, energy, drag, ghosts,
  };
  lastFrameAt = now;
  return [msg, [poses.buffer, sleeping.buffer, contacts.buffer, joints.buffer, stats.buffer, energy.buffer, drag.buffer,
    ...ghosts.map((g) => g.poses.buffer)]];
}

function postFrame(force = !running) {
  const [msg, transfer] = frameMessage(force);
  postMessage(msg, transfer);
}

// JavaScript controllers by robot name: function(t, joints) -> { joint: target }.
const controllers = new Map();
// Robots whose PD set points the joint sliders own (until an action).
const sliderRobots = new Set();
let robots = [];

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
  recordedExtras.push({ contacts: new Float64Array(sim.contacts()), probe: hasGrasp ? sim.graspProbeInputJson() : null });
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
    if (isTrap(e)) {
      die(e);
      return false;
    }
    controllers.clear();
    err = `controller: ${e && e.message ? e.message : e} (controllers removed)`;
  }
  if (err) {
    running = false;
    fail(`step: ${err}`);
    return false;
  }
  if (comparison && comparison.active) for (const e of comparison.step(n)) fail(e);
  return true;
}

// The operator's robot takes no other commands once teleoperation has it
// (they would not be in the session's records, so its link would not replay).
function teleoperated(robot, what) {
  if (!hasTeleop) return false;
  const t = JSON.parse(sim.teleopJson());
  if (!t.engaged || t.robot !== String(robot)) return false;
  fail(`${what}: robot "${t.robot}" is teleoperated (reset the scene to hand it back)`);
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

// One tick steps for at most TICK_BUDGET_MS of wall time (in chunks sized by
// the measured cost of a step), so frames keep flowing at ~60 Hz and commands
// stay responsive even when the simulation cannot keep up with real time; the
// measured speed then shows how far behind it is.
const TICK_BUDGET_MS = 12;
let stepMs = 0.5;  // running estimate of one step's wall time
function tick() {
  if (dead) return;
  if (running) {
    const tickStart = performance.now();
    const h = sim.timestep();
    while (running) {
      const now = performance.now();
      if (now - tickStart >= TICK_BUDGET_MS) break;
      let due;
      if (speed === Infinity) {
        due = MAX_STEPS_PER_TICK;
      } else {
        const target = simStart + ((now - wallStart) / 1000) * speed;
        due = Math.min(MAX_STEPS_PER_TICK, Math.floor((target - sim.time()) / h + 1e-9));
      }
      if (due <= 0) break;
      const chunk = Math.max(1, Math.min(due, Math.floor((TICK_BUDGET_MS - (now - tickStart)) / stepMs)));
      if (!stepN(chunk)) break;
      const spent = performance.now() - now;
      stepMs = 0.8 * stepMs + 0.2 * Math.max(spent / chunk, 1e-3);
    }
    if (performance.now() - lastFrameAt >= FRAME_INTERVAL_MS) postFrame();
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
  if (!response.ok) {
    throw new Error(`${path}: ${response.status === 404 ? 'no such file on the server' : 'the server refused it'} (HTTP ${response.status})`);
  }
  return response;
}

// A scene file from the server ("assets/scenes/NAME.json"), with every asset
// it names handed to the module first.
// Loads are numbered: one that finishes fetching after a later one started
// (a menu pick, then a link pasted before the fetch ended) is dropped.
let loadSeq = 0;
let loadAsked = false;  // the page has asked for a scene (then the worker's default is not loaded)

async function loadFile(name) {
  const seq = ++loadSeq;
  try {
    const text = await (await fetchOk(name)).text();
    if (seq === loadSeq) await loadText(text, name, seq);
  } catch (e) {
    const message = e && e.message ? e.message : String(e);
    fail(message.startsWith(`${name}: `) ? `scene ${message}` : `scene ${name}: ${message}`);
  }
}

// A scene given as JSON text (a file, a share link): its assets are fetched
// from the server first.
// teleop: a recorded session's JSON text to queue before the scene is adopted (a link), or null.
// Returns true when the scene was adopted.
async function loadText(text, name, seq = ++loadSeq, teleop = null) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    fail(`scene ${name}: not valid JSON (${e.message})`);
    return false;
  }
  const next = new Module.Simulation();
  const assets = [];
  try {
    for (const asset of assetPaths(parsed)) {
      assets.push([asset, new Uint8Array(await (await fetchOk(asset)).arrayBuffer())]);
      next.setAsset(asset, assets[assets.length - 1][1]);
    }
  } catch (e) {
    next.delete();
    if (seq === loadSeq) fail(`scene ${name}: ${e && e.message ? e.message : e}`);
    return false;
  }
  if (seq !== loadSeq) {  // superseded while its assets were fetched
    next.delete();
    return false;
  }
  // A link's teleoperation records are queued (and checked, naming the
  // field) before the scene is adopted: a bad record keeps the old scene.
  let err = next.loadJson(text);
  if (!err && teleop !== null) err = next.queueTeleopJson(String(teleop), 'link: teleop');
  if (adopt(next, err, name)) {
    sceneText = text;
    sceneAssets = assets;
    return true;
  }
  return false;
}

// A new simulation of the loaded scene at t = 0, for measurements that must
// not disturb the one on screen (lesson questions).
// solver: scene "solver" fields to run with instead (lesson_measure.js), or null.
function openFresh(solver = null) {
  const fresh = new Module.Simulation();
  for (const [path, bytes] of sceneAssets) fresh.setAsset(path, bytes);
  const err = fresh.loadJson(withSolver(sceneText, solver));
  if (err) {
    fresh.delete();
    throw new Error(err);
  }
  return fresh;
}
// Hand-placed contacts (lesson_measure.js: probeContacts) go to the module's grasp probe.
openFresh.probe = (text) => Module.evaluateGraspProbeJson(text);

// A scene file "assets/scenes/NAME.json", or a bundled scene's bare NAME
// (links made when scenes were compiled into the module: #builtin=NAME).
function load(name) {
  loadFile(name.startsWith('assets/') ? name : `assets/scenes/${name}.json`);
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
  sim.setStageTiming(stageTiming);
  comparison?.clear();  // a new scene: the models compared were the last one's
  started(name);
  return true;
}

// Reset: the module rebuilds the scene from what it was loaded from.
function reset() {
  if (!sim) return;
  const err = sim.reset();
  if (err) {
    fail(`reset: ${err}`);
    return;
  }
  if (comparison) for (const e of comparison.reset()) fail(e);
  started(sceneName);
}

// Clears the worker's per-scene state and announces the (re)started scene.
function started(name) {
  sceneName = name;
  controllers.clear();
  sliderRobots.clear();
  recording = false;
  recorded = [];
  recordedExtras = [];
  hasGrasp = sim.hasGrasp();
  hasSensors = sim.sensorsJson() !== '[]';
  hasTeleop = sim.teleopJson() !== 'null';
  lastGrasp = null;
  running = false;
  const description = JSON.parse(sim.describeJson());
  robots = description.robots;
  // The scene's first frame travels inside the scene message: a page that
  // read the new scene's names beside the last scene's poses (two messages,
  // a task apart) saw a body at another body's place.
  const [frame, transfer] = frameMessage(true);
  postMessage({
    type: FromWorker.SCENE,
    name,
    timestep: sim.timestep(),
    description,
    materials: JSON.parse(sim.materialsJson()),
    settings: JSON.parse(sim.settingsJson()),
    compare: comparison ? comparison.labels() : [],
    frame,
  }, transfer);
}

function handle(msg) {
  try {
    switch (msg.type) {
      case ToWorker.LOAD:
        loadAsked = true;
        if (typeof msg.text === 'string') {
          const steps = Number(msg.steps ?? 0);
          if (!(Number.isInteger(steps) && steps >= 0 && steps <= 1e6)) {
            fail(`link: steps must be a whole number in [0, 1e6], got ${msg.steps}`);
            break;
          }
          loadText(msg.text, String(msg.scene || 'scene'), ++loadSeq, typeof msg.teleop === 'string' ? msg.teleop : null).then((ok) => {
            if (ok && steps > 0 && stepN(steps)) postFrame();  // a teleoperation link: replay to where it was shared
            if (sim && sceneName === String(msg.scene || 'scene')) postMessage({ type: FromWorker.SOURCE, text: sceneText });
          });
        }
        else load(msg.scene);
        break;
      case ToWorker.SOURCE: postMessage({ type: FromWorker.SOURCE, builtin: null, text: sceneText }); break;
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
      case ToWorker.RESET: reset(); break;
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
          recordedExtras = [];
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
        const extras = recordedExtras[msg.index];
        const contacts = new Float64Array(extras.contacts);
        // With the wrench-space panel open, the frame's grasp is evaluated
        // from its probe input: the same metrics, with the wrench space.
        const grasp = wantWrenchSpace && extras.probe ? JSON.parse(Module.evaluateGraspProbeJson(extras.probe)) : frame.grasp;
        postMessage({ type: FromWorker.RECORDED, index: msg.index, time: frame.time, step: frame.step, poses, contacts,
          contactCount: frame.contacts.length, grasp, frames: recorded.length, sensors: frame.sensors ?? null },
        [poses.buffer, contacts.buffer]);
        break;
      }
      case ToWorker.EXPORT_RECORDING: postMessage({ type: FromWorker.RECORDING, jsonl: recorded.map((l) => `${l}\n`).join('') }); break;
      case ToWorker.CONTROLLER:
        if (sim && !teleoperated(msg.robot, 'controller')) setController(String(msg.robot), msg.source ?? null);
        break;
      case ToWorker.TELEOP: {
        if (!sim) break;
        const c = msg.command ?? {};
        const v = Array.isArray(c.velocity) ? c.velocity.map(Number) : [0, 0, 0];
        const w = Array.isArray(c.angularVelocity) ? c.angularVelocity.map(Number) : [0, 0, 0];
        if (v.length !== 3 || w.length !== 3) { fail('teleop: velocity and angularVelocity must be [x, y, z]'); break; }
        const err = sim.teleopCommand(v[0], v[1], v[2], w[0], w[1], w[2], Number(c.closure));
        if (err) fail(err);
        else {
          mirror((g) => g.teleopCommand(v[0], v[1], v[2], w[0], w[1], w[2], Number(c.closure)));  // compared models too
          const robot = JSON.parse(sim.teleopJson()).robot;
          controllers.delete(robot);  // the operator's controller replaces a JavaScript one
          sliderRobots.delete(robot);
        }
        break;
      }
      case ToWorker.TELEOP_SESSION:
        postMessage({ type: FromWorker.TELEOP_SESSION, text: sim && hasTeleop ? sim.teleopSessionJson() : null,
          steps: sim ? sim.stepCount() : 0 });
        break;
      case ToWorker.ACTION: {
        if (!sim || teleoperated(msg.robot, 'action')) break;
        const handBack = sliderRobots.delete(String(msg.robot));
        if (handBack) sim.setExternalControl(String(msg.robot), false);
        const err = sim.action(String(msg.action), String(msg.robot), Number(msg.duration ?? 1));
        if (err) fail(err);
        else {
          mirror((g) => (handBack ? g.setExternalControl(String(msg.robot), false) : '')
            || g.action(String(msg.action), String(msg.robot), Number(msg.duration ?? 1)));
        }
        postFrame();
        break;
      }
      case ToWorker.JOINT_TARGET: {
        if (!sim || teleoperated(msg.robot, 'joints')) break;
        const robot = String(msg.robot);
        if (controllers.has(robot)) { fail(`joints: robot "${robot}" is driven by a JavaScript controller`); break; }
        if (!sliderRobots.has(robot)) {
          const err = sim.setExternalControl(robot, true);
          if (err) { fail(`joints: ${err}`); break; }
          sliderRobots.add(robot);
          mirror((g) => g.setExternalControl(robot, true));
        }
        const err = sim.setJointTarget(robot, String(msg.joint), Number(msg.position), 0);
        if (err) fail(`joints: ${err}`);
        else mirror((g) => g.setJointTarget(robot, String(msg.joint), Number(msg.position), 0));
        if (!running) postFrame();
        break;
      }
      case ToWorker.DRAG_START: {
        if (!sim) break;
        const [px, py, pz] = msg.point, [tx, ty, tz] = msg.target;
        const err = sim.startDrag(Number(msg.body), px, py, pz, tx, ty, tz, Number(msg.frequency ?? DRAG_FREQUENCY_HZ));
        if (err) fail(err);
        break;
      }
      case ToWorker.DRAG_MOVE: {
        if (!sim) break;
        const [tx, ty, tz] = msg.target;
        sim.moveDrag(tx, ty, tz);  // "" or "nothing is being dragged" (a drag ended by a reload)
        break;
      }
      case ToWorker.DRAG_END: if (sim) { sim.endDrag(); if (!running) postFrame(); } break;
      case ToWorker.MATERIAL: {
        if (!sim) break;
        const err = sim.setMaterialFriction(String(msg.name), Number(msg.staticFriction), Number(msg.kineticFriction));
        if (err) fail(err);
        else mirror((g) => g.setMaterialFriction(String(msg.name), Number(msg.staticFriction), Number(msg.kineticFriction)));
        break;
      }
      case ToWorker.GRAVITY: {
        if (!sim) break;
        const g = Array.isArray(msg.gravity) ? msg.gravity.map(Number) : [];
        const err = g.length === 3 ? sim.setGravity(g[0], g[1], g[2]) : 'gravity: must be [gx, gy, gz]';
        if (err) fail(err);
        else mirror((x) => x.setGravity(g[0], g[1], g[2]));
        if (!running) postFrame();
        break;
      }
      case ToWorker.COMPARE: {
        // Other contact models beside this one: both restart from t = 0.
        if (!sim || sceneText === null) break;
        comparison ??= new ModelComparison(Module);
        const models = msg.models;
        const bad = validateModels(models);
        if (bad) { fail(bad); break; }  // refused: what runs stays
        if (!models.length) {
          comparison.clear();
          started(sceneName);
          break;
        }
        const err = sim.reset() || comparison.start(sceneText, sceneAssets, models);
        if (err) fail(err);
        started(sceneName);
        break;
      }
      case ToWorker.STAGE_TIMING:
        stageTiming = !!msg.on;
        if (sim) sim.setStageTiming(stageTiming);
        break;
      case ToWorker.WRENCH_SPACE:
        wantWrenchSpace = !!msg.on;
        lastGrasp = null;
        if (sim) postFrame(true);
        break;
      case ToWorker.MEASURE: {
        // Runs to completion (a second or two of fresh runs); the live
        // simulation waits meanwhile and its clock restarts after.
        if (!sim || sceneText === null) { postMessage({ type: FromWorker.MEASURED, id: msg.id, error: 'no scene is loaded' }); break; }
        try {
          const result = measureQuestion(openFresh, msg.question, msg.values ?? {});
          postMessage({ type: FromWorker.MEASURED, id: msg.id, result });
        } catch (e) {
          if (isTrap(e)) throw e;
          postMessage({ type: FromWorker.MEASURED, id: msg.id, error: e && e.message ? e.message : String(e) });
        }
        if (running) restartClock();
        break;
      }
      // For the page's fault test (tests/browser/faults.test.mjs): behave as
      // a trap of the module would.
      case ToWorker.FAULT: throw new WebAssembly.RuntimeError('unreachable executed (injected by the fault test)');
      default: fail(`unknown message type '${msg.type}'`);
    }
  } catch (e) {
    running = false;
    if (isTrap(e)) die(e);
    else fail(`worker: ${e && e.message ? e.message : e}`);
  }
}

// Commands that arrive while the module is still compiling wait in `pending`.
let Module = null;
const pending = [];
onmessage = (event) => {
  if (dead) return;  // the page replaces this worker
  if (Module) handle(event.data);
  else pending.push(event.data);
};

try {
  Module = await createGrasplab({ locateFile: (path) => (path.endsWith('.wasm') ? wasmUrl : path) });
} catch (e) {
  fail(`WASM module failed to load: ${e && e.message ? e.message : e}`);
}
if (Module) {
  let index = [];
  try {
    index = (await (await fetchOk('assets/scenes/index.json')).json()).scenes;
  } catch (e) {
    fail(`scene index: ${e && e.message ? e.message : e}`);
  }
  const files = index.map((s) => `assets/scenes/${s.file}`);
  postMessage({
    type: FromWorker.SCENES,
    names: files,
    titles: Object.fromEntries(index.map((s, i) => [files[i], s.title])),
    summaries: Object.fromEntries(index.map((s, i) => [files[i], s.summary])),
  });
  // The page asks for its first scene (a link, a lesson or its default);
  // until it has (its request may come while the index is fetched, or
  // wait in `pending`), the worker opens its own default.
  if (!loadAsked && !pending.some((m) => m.type === ToWorker.LOAD)) load(sceneName);
  for (const msg of pending.splice(0)) handle(msg);
  tick();
}
