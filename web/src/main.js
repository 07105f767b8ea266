// Page entry: starts the simulation worker, renders its frames, wires the
// controls, and exposes the latest state for tests in ONE place:
//
//   window.grasplab.state()  -> { ready, running, scene, loads, restarts, memory, time, steps, stateHash,
//                                 contactCount, actualSpeed, grasp, errors, sensors (the Sensors card's readings),
//                                 bodies: [{ name, static, position: [x,y,z], orientation: [w,x,y,z] }] }
//   window.grasplab.play() / pause() / step() / reset() / load(sceneName) / runSteps(n)
//   window.grasplab.compare([{ label, solver }])   other contact models run beside, as ghosts ([] stops);
//                                 state().compare: [{ label, contactCount, stepMs, time, poses }]
//   window.grasplab.action(type, robot, duration)   grasp actions (protocol.js)
//   window.grasplab.controller(robot, source)        a JavaScript controller run in the worker (protocol.js)
//   window.grasplab.lookAt([x, y, z], distance)      aim the camera (for screenshots)
//   window.grasplab.loadText(json, name, teleop?, steps?) / share()   open scene JSON (with a teleoperation
//                                 session replayed for `steps` steps); make the share link (link.js)
//   window.grasplab.teleop(on)                       the Teleoperate card on/off; state().teleop: { available, on,
//                                 closure, command, intensity, tare, rumbles, lastRumble, gamepad, records, engaged }
//   window.grasplab.injectFault()                    the worker acts as if its WASM module trapped (tests)
//   window.grasplab.overlays(flags)                 show/hide contacts, cones, forces, joints, drag
//   window.grasplab.clientPosition(bodyName)         where a body's centre is on the page (for mouse tests)
//   state() also carries: overlay { contacts, cones, arrows, sliding, joints, coneEdges, forceScale },
//   diagnostics { stages (s), lcpSize, pivots, residual, lcpFailures, ... }, plots (latest samples),
//   drag { body, force } or null, energy [T, T_grip, ratio], robots (joint values)
//
// Values are those of the last frame the worker posted (world frame, z-up, SI).
import { View } from './view.js';
import { GHOST_COLORS, describeSolver } from './compare_models.js';
import { ToWorker, FromWorker, POSE_STRIDE, Stats, STAGE_NAMES } from './protocol.js';
import { createStatusPanels } from './status_panels.js';
import { createSceneFiles } from './scene_files.js';
import { installPointerDrag } from './pointer_drag.js';
import { ControlPanel } from './panel.js';
import { Plots } from './plots.js';
import { SensorPanel } from './sensor_panel.js';
import { TeleopPanel } from './teleop_panel.js';
import { createLessons } from './lessons.js';
import { WrenchSpaceView, describeWrenchSpace } from './wrench_space.js';
import { AdaptiveQuality } from './adaptive_quality.js';
import { installGlossary } from './glossary.js';
import { createAnnouncer } from './announce.js';
import { installDrawer } from './drawer.js';

const $ = (id) => document.getElementById(id);
const view = new View($('viewport'));
const announcer = createAnnouncer();
const plots = new Plots($('plots'));
const sensorPanel = new SensorPanel($('sensor-panel'));
let worker = null;  // replaced when its WASM module traps (restartWorker)

const latest = {
  ready: false, running: false, scene: null, time: 0, steps: 0, stateHash: '',
  contactCount: 0, actualSpeed: 0, bodies: [], poses: new Float64Array(0), errors: [],
};

// Shows a message in the error panel; `log` is where state() reports it
// (errors; warnings and solver fallbacks are shown but kept apart).
function showError(message, item = document.createElement('div'), log = latest.errors) {
  log.push(message);
  const panel = $('errors');
  item.textContent = message;
  panel.appendChild(item);
  panel.hidden = false;
}
// The left column and the parameters start below the toolbar (which wraps
// on narrow windows) and end above the status bar: nothing overlaps.
function placeColumns() {
  const top = $('toolbar').getBoundingClientRect().bottom + 8;
  const bottom = $('status').getBoundingClientRect().top - 8;
  $('params').style.top = `${top}px`;  // never over the toolbar's second row (PNG, Lessons, ?)
  $('params').style.maxHeight = `${Math.max(100, bottom - top)}px`;
  if (document.body.classList.contains('narrow')) {  // the panels are in the drawer (drawer.js)
    for (const id of ['left-column', 'plots', 'controls']) {
      Object.assign($(id).style, { top: '', bottom: '', maxHeight: '' });
    }
    return;
  }
  $('left-column').style.top = `${top}px`;
  $('left-column').style.maxHeight = `${Math.max(100, bottom - top)}px`;
  // The plots sit on the status bar (which wraps on narrow windows), the
  // controls above the plots.
  $('plots').style.bottom = `${window.innerHeight - bottom}px`;
  const plotsShown = !$('plots').hidden && getComputedStyle($('plots')).display !== 'none';
  const plotsTop = plotsShown ? $('plots').getBoundingClientRect().top - 8 : bottom;
  $('controls').style.maxHeight = `${Math.max(100, plotsTop - $('controls').getBoundingClientRect().top)}px`;
}
// The parameters form, while open, marks the page (style.css: the right
// column steps aside where the form cannot fit beside it).
new MutationObserver(() => document.body.classList.toggle('params-open', !$('params').hidden))
  .observe($('params'), { attributes: true, attributeFilter: ['hidden'] });
const columnsObserver = new ResizeObserver(placeColumns);
columnsObserver.observe($('toolbar'));
columnsObserver.observe($('status'));
columnsObserver.observe($('plots'));
window.addEventListener('resize', placeColumns);
$('errors-clear').onclick = () => {
  const panel = $('errors');
  for (const item of [...panel.querySelectorAll('div')]) item.remove();
  panel.hidden = true;
};

// The last scene that loaded, as it was asked for ({ scene } or { scene, text }),
// and the load asked for since: what a restarted worker opens again.
let lastGood = null;
let lastAsked = null;
function startWorker() {
  worker = new Worker(new URL('./sim.worker.js', import.meta.url), { type: 'module' });
  worker.onerror = (e) => {
    e.preventDefault?.();
    showError(`worker: ${e.message || 'failed to start'}`);
    if (latest.ready) restartWorker();  // it ran, then died: start again from the last good scene
  };
  worker.onmessage = onWorkerMessage;
  if ($('diagnostics').open) worker.postMessage({ type: ToWorker.STAGE_TIMING, on: true });
}
// The module trapped (or the worker died): the page keeps what it shows (the
// last frame, plots, panels) and a new worker opens the last good scene,
// which replaces them when it arrives. Reset and every control then work on it.
function restartWorker() {
  worker.terminate();
  latest.restarts = (latest.restarts ?? 0) + 1;
  latest.running = false;
  startWorker();
  if (lastGood) worker.postMessage({ type: ToWorker.LOAD, ...lastGood });
}
startWorker();

function onWorkerMessage({ data: msg }) {
  switch (msg.type) {
    case FromWorker.SCENES: {
      const picker = $('scene-picker');
      // Scene files show as their titles, else their names ("barrett-handset").
      picker.replaceChildren(...msg.names.map((n) => {
        const o = new Option(msg.titles?.[n] ?? n.replace(/^.*\//, '').replace(/\.json$/, ''), n);
        o.title = msg.summaries?.[n] ?? n;
        return o;
      }));
      if (latest.scene) {
        if (![...picker.options].some((o) => o.value === latest.scene)) {  // a link, a file or a lesson's scene
          picker.add(new Option(latest.scene === 'link' ? 'shared link' : latest.sceneLabels?.[latest.scene] ?? latest.scene, latest.scene));
        }
        picker.value = latest.scene;
      }
      break;
    }
    case FromWorker.SCENE:
      try {
        view.setBodies(msg.description);
        view.setGhosts(msg.description, msg.compare ?? []);
      } catch (e) {
        showError(e.message);
        return;
      }
      latest.scene = msg.name;
      latest.loads = (latest.loads ?? 0) + 1;
      lastGood = lastAsked && lastAsked.scene === msg.name ? lastAsked : { scene: msg.name };
      latest.description = msg.description;
      latest.settings = msg.settings;
      latest.compare = msg.compare ?? [];
      showCompareLegend();
      latest.needsFraming = true;
      if (latest.pendingView && latest.pendingView.scene === msg.name) {  // a link's camera
        view.setCamera(latest.pendingView.camera, latest.pendingView.target);
        latest.pendingView = null;
        latest.needsFraming = false;
      }
      latest.bodies = msg.description.bodies.map((b) => b.name);
      panel.setScene(msg.description, msg.materials);
      plots.setScene(msg.description);
      latest.sensorsPending = true;  // the first frame's readings build the sensors card
      latest.teleopPending = true;   // and its teleop set-up the Teleoperate card
      plots.setCompare((msg.compare ?? []).map((m) => m.label), describeSolver(msg.settings?.solver));
      panel.setCompare(msg.compare ?? []);
      latest.failuresShown = 0;
      latest.failureItem = null;
      latest.warnings = [];
      for (const w of msg.description.warnings ?? []) showError(`warning: ${w}`, undefined, latest.warnings);
      {
        const g = msg.description.grasp;
        $('grasp-object').textContent = g ? `of ${msg.description.bodies[g.object].name}` : '';
        $('wrench-panel').hidden = !g;
        wrench.shown = null;
        wrench.probed = null;
        if (wrench.view) wrench.view.update(null);
      }
      {
        const picker = $('scene-picker');
        if (![...picker.options].some((o) => o.value === msg.name)) {  // a link or an opened file
          picker.add(new Option(msg.name === 'link' ? 'shared link' : latest.sceneLabels?.[msg.name] ?? msg.name, msg.name));
        }
        picker.value = msg.name;
      }
      $('timestep').textContent = `h = ${(msg.timestep * 1000).toFixed(2)} ms`;
      latest.timestep = msg.timestep;
      lessons.onScene(msg.name);
      announcer.reset();
      // The picker's own title carries the whole name, which a narrow picker cuts.
      $('scene-picker').title = `Scene: ${$('scene-picker').selectedOptions[0]?.text ?? msg.name}`;
      announcer.say(`scene loaded: ${$('scene-picker').selectedOptions[0]?.text ?? msg.name}`);
      if (latest.playOnLoad === msg.name) {
        latest.playOnLoad = null;
        api.play();
      }
      // The scene's first frame, in the same task: state() never pairs this
      // scene's names with the last scene's poses.
      if (msg.frame) onWorkerMessage({ data: msg.frame });
      break;
    case FromWorker.FRAME:
      // Field by field: a frame allocates nothing on this side beyond the message itself.
      latest.ready = true; latest.running = msg.running; latest.time = msg.time; latest.steps = msg.steps;
      latest.stateHash = msg.stateHash; latest.contactCount = msg.contactCount; latest.actualSpeed = msg.actualSpeed;
      latest.poses = msg.poses; latest.grasp = msg.grasp; latest.recording = msg.recording; latest.replay = null;
      latest.contacts = msg.contacts; latest.joints = msg.joints; latest.stats = msg.stats; latest.energy = msg.energy;
      latest.drag = msg.drag; latest.robots = msg.robots; latest.memory = msg.memory; latest.stepMs = msg.stepMs;
      updateRecording();
      view.setPoses(msg.poses);
      view.setSleeping(msg.sleeping);
      latest.ghosts = msg.ghosts ?? [];
      latest.ghosts.forEach((g, k) => view.setGhostPoses(k, g.poses));
      if (latest.needsFraming && latest.description) {
        view.frame(msg.poses, latest.description);
        // A teleoperated scene is seen whole: the workspace box from above the table.
        if (msg.teleop) {
          const { min, max } = msg.teleop.workspace;
          const c = [0, 1, 2].map((k) => (k < 2 ? 0.5 * (min[k] + max[k]) : min[k] - 0.05));
          view.lookAt(c, 1.6 * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2] + 0.1));
        }
        latest.needsFraming = false;
      }
      view.overlays.setContacts(msg.contacts, msg.stats[Stats.FRICTION_DIRECTIONS]);
      if (view.overlays.visible.joints) view.overlays.setJoints(msg.joints, msg.poses);
      view.overlays.setDrag(msg.drag);
      view.overlays.setWrench(msg.sensors);
      if (latest.sensorsPending) {
        sensorPanel.setScene(msg.sensors);
        $('legend-wrench').hidden = !(msg.sensors ?? []).some((s) => s.type === 'force_torque');
        latest.sensorsPending = false;
      }
      sensorPanel.update(msg.sensors, msg.time);
      if (latest.teleopPending) {
        teleopPanel.setScene(msg.teleop ?? null);
        view.setWorkspace(msg.teleop?.workspace.min ?? null, msg.teleop?.workspace.max ?? null);
        latest.teleopPending = false;
      }
      latest.teleop = msg.teleop ?? null;
      teleopPanel.update(msg);
      panel.updateJoints(msg.robots);
      plots.push(msg.time, msg.contacts, msg.energy, msg.poses, msg.ghosts);
      updateStatus();
      updateGraspPanel();
      updateDiagnostics();
      lessons.updateReadouts();
      updateWrenchSpace();
      announcer.grasp(latest.grasp);
      break;
    case FromWorker.MEASURED:
      lessons.onMeasured(msg);
      break;
    case FromWorker.ERROR:
      if (msg.fatal) {
        showError(`${msg.message}: the simulation was restarted from the last good scene${lastGood ? ` (${lastGood.scene})` : ''}`);
        restartWorker();
      } else {
        showError(msg.message);
        // A first scene that cannot be opened (a bad link) leaves no blank page: the default opens.
        if (!latest.loads && /^scene /.test(msg.message) && !latest.fallbackAsked) {
          latest.fallbackAsked = true;
          showError(`opening ${DEFAULT_SCENE} instead`);
          api.load(DEFAULT_SCENE);
        }
      }
      break;
    case FromWorker.RECORDED:
      view.setPoses(msg.poses);
      view.setSleeping(null);  // a recorded frame does not say
      // The recorded frame's contacts, arrows and (panel open) wrench space, as they were.
      view.overlays.setContacts(msg.contacts, view.overlays.edges);
      // Its sensor readings in the card; a frame does not record the sensors'
      // world frames, so the wrench's arrows are hidden while replaying.
      view.overlays.setWrench(null);
      sensorPanel.update(msg.sensors);
      view.dirty = true;
      latest.replay = { index: msg.index, frames: msg.frames, time: msg.time, step: msg.step, grasp: msg.grasp,
        contactCount: msg.contactCount, poses: msg.poses };
      updateWrenchSpace();
      latest.running = false;
      $('timeline').value = String(msg.index);
      $('timeline-time').textContent = `frame ${msg.index + 1}/${msg.frames}, t = ${msg.time.toFixed(3)} s`;
      updateStatus();
      updateGraspPanel();
      break;
    case FromWorker.RECORDING:
      if (latest.pendingRecording) latest.pendingRecording.splice(0).forEach((resolve) => resolve(msg.jsonl));
      break;
    case FromWorker.TELEOP_SESSION:
      if (latest.pendingTeleop) {
        latest.pendingTeleop.splice(0).forEach((resolve) => resolve(msg.text ? { text: msg.text, steps: msg.steps } : null));
      }
      break;
    case FromWorker.SOURCE:
      latest.source = { builtin: msg.builtin, text: msg.text };
      if (latest.pendingSource) latest.pendingSource.splice(0).forEach((resolve) => resolve(latest.source));
      break;
    default:
      showError(`unknown message from worker: ${msg.type}`);
  }
}

function send(type, extra = {}) { worker.postMessage({ type, ...extra }); }

// The legend's line per compared contact model (compare_models.js): its
// ghost colour and name, the main model named first.
function showCompareLegend() {
  const box = $('legend-compare');
  const models = latest.compare ?? [];
  box.hidden = models.length === 0;
  if (!models.length) { box.replaceChildren(); return; }
  const ownText = describeSolver(latest.settings?.solver);
  box.replaceChildren(document.createTextNode(`models: solid = ${ownText}; ghosts = `),
    ...models.flatMap((m, k) => {
      const sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = GHOST_COLORS[k % GHOST_COLORS.length];
      sw.setAttribute('aria-hidden', 'true');
      return [sw, document.createTextNode(`${m.label}${k < models.length - 1 ? ', ' : ''}`)];
    }));
}

// The wrench-space panel (wrench_space.js): built when first opened; while
// open, the worker's grasp metrics carry the wrench space.
const wrench = { view: null, shown: null };
function updateWrenchSpace() {
  // A recorded frame while one is shown (scrubbing), else the live grasp.
  const shown = latest.replay ?? latest;
  const g = shown.grasp;
  if (!wrench.view || !$('wrench-panel').open || !g || !g.wrenchSpace || g === wrench.shown) return;
  wrench.shown = g;
  const d = latest.description;
  const o = d.grasp ? d.grasp.object * POSE_STRIDE : -1;
  const at = o >= 0 ? [shown.poses[o], shown.poses[o + 1], shown.poses[o + 2]] : null;
  wrench.view.update(g.wrenchSpace, at, Math.min(0.5 * view.overlays.size, 2 * g.wrenchSpace.torqueScale));
  $('wrench-text').textContent = describeWrenchSpace(g.wrenchSpace);
}
function ensureWrenchView() {
  if (!wrench.view) {
    wrench.view = new WrenchSpaceView($('wrench-canvas'), view);
    wrench.view.setSize($('wrench-canvas').clientWidth || 280, 150);
  }
  return wrench.view;
}
// Lessons with hand-placed contacts show their wrench space here (no frames carry it).
function showWrenchSpace(ws, at) {
  $('wrench-panel').hidden = false;
  $('wrench-panel').open = true;
  ensureWrenchView().update(ws, at, Math.min(0.5 * view.overlays.size, 2 * ws.torqueScale));
  wrench.probed = ws;
  $('wrench-text').textContent = describeWrenchSpace(ws);
}
// Stage times cost the module ~25 clock readings a step: only while the
// Step diagnostics, which show them, are open.
$('diagnostics').addEventListener('toggle', () => send(ToWorker.STAGE_TIMING, { on: $('diagnostics').open }));
$('wrench-panel').addEventListener('toggle', () => {
  const open = $('wrench-panel').open;
  if (open) ensureWrenchView();
  if (!open && wrench.view) wrench.view.clearObjectArrows();
  wrench.shown = null;
  send(ToWorker.WRENCH_SPACE, { on: open });
  // A recorded frame on screen is shown again, now with its wrench space.
  if (open && latest.replay) send(ToWorker.SHOW_RECORDED, { index: latest.replay.index });
});

// What the page's modules share: the DOM lookup, the latest frame, the view,
// the worker's command channel, the error panel, and (once built) the api.
const app = { $, latest, view, send, showError, showWrenchSpace, announce: (t) => announcer.say(t), api: null };
const { updateRecording, updateGraspPanel, updateDiagnostics, updateStatus } = createStatusPanels(app);
const { source, share, save, openFile, openLink, showParams, applyParams } = createSceneFiles(app);
const teleopPanel = new TeleopPanel($('teleop-panel'), app);
app.teleop = teleopPanel;  // the lessons' wrist readout
installPointerDrag(app);
const drawer = installDrawer(app, placeColumns);
app.placeContact = (hit) => lessons.placeContact(hit);
app.placingContacts = () => lessons.active() && lessons.state().placing;
app.openDrawer = () => drawer.open();
app.closeDrawer = () => drawer.close();

const api = {
  play: () => send(ToWorker.PLAY),
  pause: () => send(ToWorker.PAUSE),
  step: () => send(ToWorker.STEP),
  runSteps: (steps) => send(ToWorker.RUN, { steps }),
  reset: () => send(ToWorker.RESET),
  // Contact models side by side: [{ label, solver }] run as ghosts from t = 0 ([] stops).
  compare: (models) => send(ToWorker.COMPARE, { models }),
  load: (scene) => { lastAsked = { scene }; send(ToWorker.LOAD, lastAsked); },
  // teleop, steps: a link's teleoperation records (JSON text) replayed for `steps` steps (link.js).
  loadText: (text, name = 'scene', teleop = null, steps = 0) => {
    lastAsked = teleop === null ? { scene: name, text } : { scene: name, text, teleop, steps };
    send(ToWorker.LOAD, lastAsked);
  },
  // Teleoperation (teleop_panel.js): switch the card on or off; state().teleop says what it does.
  teleop: (on) => teleopPanel.setOn(!!on),
  // Tests: the worker behaves as if its WASM module trapped (protocol.js).
  injectFault: () => send(ToWorker.FAULT),
  record: (on) => send(ToWorker.RECORD, { on }),
  showRecorded: (index) => send(ToWorker.SHOW_RECORDED, { index }),
  exportRecording: () => new Promise((resolve) => {
    (latest.pendingRecording ??= []).push(resolve);
    send(ToWorker.EXPORT_RECORDING);
  }),
  png: () => view.pngDataUrl(),
  params: () => showParams(),
  // The link of the loaded scene (also put in the address bar).
  share: async () => share(),
  action: (action, robot, duration = 1) => send(ToWorker.ACTION, { action, robot, duration }),
  // source: the body of function(t, joints) returning { jointName: target } (protocol.js); null removes it.
  controller: (robot, source) => send(ToWorker.CONTROLLER, { robot, source }),
  lookAt: (target, distance) => view.lookAt(target, distance),
  overlays: (flags) => setOverlays(flags),
  cameraState: () => view.cameraState(),
  clientPoint: (point) => view.toClient(point),  // a world point on the page (for mouse tests)
  clientPosition: (name) => {
    const i = latest.bodies.indexOf(name);
    if (i < 0) return null;
    const o = i * POSE_STRIDE;
    return view.toClient([latest.poses[o], latest.poses[o + 1], latest.poses[o + 2]]);
  },
  renderStats: () => ({ firstFrameMs: renderStats.firstFrameMs, intervals: renderStats.intervals.slice(),
    drawMs: renderStats.drawMs.slice(), quality: view.quality, resolution: adaptive.scale, resolutionChanges: adaptive.changes }),
  state: () => ({
    ready: latest.ready,
    running: latest.running,
    scene: latest.scene,
    loads: latest.loads ?? 0,  // scenes (re)started since the page opened
    restarts: latest.restarts ?? 0,  // workers replaced after a trap of the WASM module
    memory: latest.memory ?? null,   // { wasm, jsHeap } bytes, the worker's (last frame)
    time: latest.time,
    timestep: latest.timestep ?? null,
    steps: latest.steps,
    stateHash: latest.stateHash,
    contactCount: latest.contactCount,
    actualSpeed: latest.actualSpeed,
    grasp: latest.grasp ?? null,
    recording: latest.recording ?? null,
    replay: latest.replay ?? null,
    errors: latest.errors.slice(),
    warnings: (latest.warnings ?? []).slice(),
    overlay: { ...view.overlays.counts, coneEdges: view.overlays.edges, forceScale: view.overlays.forceScale,
      forceReference: view.overlays.scale.reference, style: { ...view.overlays.style }, visible: { ...view.overlays.visible } },
    highlighted: view.highlighted ?? null,
    compare: (latest.ghosts ?? []).map((g) => ({ label: g.label, contactCount: g.contactCount, stepMs: g.stepMs, time: g.time,
      poses: Array.from(g.poses) })),
    diagnostics: latest.stats ? {
      stages: Object.fromEntries(STAGE_NAMES.map((n, k) => [n, latest.stats[Stats.STAGES + k]])),
      contacts: latest.stats[Stats.CONTACTS], islands: latest.stats[Stats.ISLANDS],
      sleepingIslands: latest.stats[Stats.SLEEPING_ISLANDS], sleepingBodies: latest.stats[Stats.SLEEPING_BODIES],
      awakeIslands: latest.stats[Stats.AWAKE_ISLANDS], awakeBodies: latest.stats[Stats.AWAKE_BODIES],
      bodiesDrawnAsleep: view.sleepingShown,
      lcpSize: latest.stats[Stats.LCP_SIZE], pivots: latest.stats[Stats.PIVOTS],
      residual: latest.stats[Stats.RESIDUAL], lcpFailures: latest.stats[Stats.LCP_FAILURES],
      frictionEdges: latest.stats[Stats.FRICTION_DIRECTIONS],
      formulation: latest.settings?.dynamics?.formulation ?? 'reduced',
    } : null,
    plots: plots.latest(),
    sensors: sensorPanel.latest(),
    teleop: teleopPanel.state(),
    energy: latest.energy ? Array.from(latest.energy) : null,
    drag: latest.drag && latest.drag[0] >= 0
      ? { body: latest.bodies[latest.drag[0]], force: Array.from(latest.drag.subarray(7, 10)) } : null,
    robots: latest.robots ?? null,
    bodies: latest.bodies.map((name, i) => {
      const o = i * POSE_STRIDE, p = latest.poses;
      return {
        name,
        static: latest.description.bodies[i].static,
        mass: latest.description.bodies[i].mass,
        position: [p[o], p[o + 1], p[o + 2]],
        orientation: [p[o + 3], p[o + 4], p[o + 5], p[o + 6]],
      };
    }),
  }),
};
window.grasplab = api;
app.api = api;
const lessons = createLessons(app, $('lesson-panel'));
installGlossary();
// Lessons (lessons.js): where the open lesson is, and the tests' handles.
Object.assign(api, {
  lesson: () => lessons.state(),
  openLesson: (id, step = 1) => lessons.open(id, step),
  lessonNext: () => lessons.next(),
  lessonBack: () => lessons.back(),
  lessonControl: (id, value) => lessons.setControl(id, value),
  lessonAnswer: (value) => lessons.answer(value),
  // The wrench-space panel: open or close it; wrenchSpace() is what it shows.
  wrenchPanel: (open) => { $('wrench-panel').open = !!open; },
  // What the live region last said (screen readers read it).
  announced: () => announcer.text(),
  wrenchSpace: () => (wrench.shown ? wrench.shown.wrenchSpace : wrench.probed ?? null),
});

function setOverlays(flags) {
  view.overlays.setVisible(flags);
  if (flags.joints && latest.joints) view.overlays.setJoints(latest.joints, latest.poses);
  view.dirty = true;
}

// A grasp action from the panel or the keyboard also starts the simulation,
// so pressing Auto-grasp is enough to watch the grasp form.
function userAction(type, robot, duration) {
  api.action(type, robot, duration);
  if (!latest.running) api.play();
}

const panel = new ControlPanel($('controls'), {
  action: userAction,
  jointTarget: (robot, joint, position) => send(ToWorker.JOINT_TARGET, { robot, joint, position }),
  material: (name, staticFriction, kineticFriction) => send(ToWorker.MATERIAL, { name, staticFriction, kineticFriction }),
  overlays: (flags) => setOverlays(flags),
  overlayStyle: (style) => { view.overlays.setStyle(style); view.dirty = true; },
  compare: (models) => api.compare(models),
  plots: (visible) => { $('plots').hidden = !visible; if (visible) plots.draw(); },
});

// What the page opens on: a link's scene or lesson, else the handset of the
// paper's Figure 3 grasping by itself, with the lesson list beside it.
const DEFAULT_SCENE = 'assets/scenes/barrett-handset.json';
const lessonIndex = lessons.loadIndex();
function openLocation() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (params.has('lesson')) {
    lessonIndex.then(() => lessons.open(params.get('lesson'), Number(params.get('step') ?? 1)));
  } else if (location.hash.length > 1) {
    openLink();
  } else {
    latest.playOnLoad = DEFAULT_SCENE;
    api.load(DEFAULT_SCENE);
    lessonIndex.then(() => {
      if (lessons.active()) return;
      lessons.renderList();
      drawer.open();  // on a phone the opening's lesson list is in the drawer
    });
  }
}
openLocation();
window.addEventListener('hashchange', openLocation);
$('lessons-toggle').onclick = () => {
  const p = $('lesson-panel');
  if (!p.hidden && !lessons.active() && !drawer.isNarrow()) { p.hidden = true; return; }
  lessonIndex.then(() => lessons.renderList());
  drawer.open();  // on a phone the list is in the drawer
};

$('params-toggle').onclick = () => ($('params').hidden ? showParams() : ($('params').hidden = true));
$('params').onchange = () => applyParams();
$('share').onclick = () => share();
$('record').onclick = () => api.record(!(latest.recording && latest.recording.on));
$('timeline').oninput = (e) => { stopReplay(); api.showRecorded(Number(e.target.value)); };
$('export').onclick = async () => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([await api.exportRecording()], { type: 'application/x-ndjson' }));
  a.download = 'recording.jsonl';
  a.click();
};
$('png').onclick = () => {
  const a = document.createElement('a');
  a.href = api.png();
  a.download = 'grasplab.png';
  a.click();
};
// Replay: recorded frames at real time (each frame is `every` steps of h).
let replayTimer = null;
function stopReplay() { if (replayTimer) cancelAnimationFrame(replayTimer); replayTimer = null; $('replay').textContent = 'Replay'; }
$('replay').onclick = () => {
  if (replayTimer) { stopReplay(); return; }
  const r = latest.recording;
  const dt = r.every * (latest.timestep ?? 0.0025);
  const start = performance.now();
  let shown = -1;
  $('replay').textContent = 'Stop';
  const tick = () => {
    const index = Math.min(r.frames - 1, Math.floor((performance.now() - start) / 1000 / dt));
    if (index !== shown) { api.showRecorded(index); shown = index; }
    replayTimer = index < r.frames - 1 ? requestAnimationFrame(tick) : (stopReplay(), null);
  };
  tick();
};
$('save').onclick = () => save();
$('open').onclick = () => $('open-file').click();
$('open-file').onchange = (e) => { if (e.target.files[0]) openFile(e.target.files[0]); e.target.value = ''; };
window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dropping'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dropping');
  if (e.dataTransfer.files[0]) openFile(e.dataTransfer.files[0]);
});

$('play').onclick = () => (latest.running ? api.pause() : api.play());
$('step').onclick = api.step;
$('reset').onclick = api.reset;
$('scene-picker').onchange = (e) => {
  // The address bar no longer names what is shown: a link or lesson there would reopen the old scene.
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  api.load(e.target.value);
};
$('speed-factor').onchange = (e) => send(ToWorker.SPEED, { factor: Number(e.target.value) });
const showHelp = (on) => { $('help').hidden = !on; };
$('help-toggle').onclick = () => showHelp($('help').hidden);
$('help-close').onclick = () => showHelp(false);
$('help').onclick = (e) => { if (e.target === $('help')) showHelp(false); };
window.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === 'Escape') showHelp(false);
  else if (e.key === '?') showHelp($('help').hidden);
  else if (e.key === ' ') { e.preventDefault(); $('play').click(); }
  else if (e.key === '.') api.step();
  else if (e.key === 'r') api.reset();
  else if (e.key === 'g') {
    const d = latest.description;
    if (d && d.robots.length) userAction('autograsp', d.grasp && d.grasp.robot >= 0 ? d.robots[d.grasp.robot] : d.robots[0], 1);
  }
});

// Render timing for the budgets (docs/benchmarks.md): when the first frame
// with bodies was drawn (ms since navigation), the intervals between draws
// and the time each draw took on the main thread (ms). The view draws on
// demand, so while paused and still nothing is drawn.
const renderStats = { firstFrameMs: null, intervals: [], drawMs: [] };
const adaptive = new AdaptiveQuality(view);
let lastDraw = null;
function frame(now) {
  const start = performance.now();
  if (view.render()) {
    const end = performance.now();
    if (renderStats.firstFrameMs === null && latest.ready && view.meshes.length) renderStats.firstFrameMs = end;
    if (lastDraw !== null) {
      renderStats.intervals.push(now - lastDraw);
      if (latest.running && now - lastDraw < 1000) {  // not the first draw after a pause
        const before = adaptive.scale;
        adaptive.sample(now - lastDraw);
        if (adaptive.scale !== before) $('quality-note').textContent = adaptive.label();
      }
    }
    renderStats.drawMs.push(end - start);
    if (renderStats.intervals.length > 240) renderStats.intervals.shift();
    if (renderStats.drawMs.length > 240) renderStats.drawMs.shift();
    lastDraw = now;
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
