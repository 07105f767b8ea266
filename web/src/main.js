// Page entry: starts the simulation worker, renders its frames, wires the
// controls, and exposes the latest state for tests in ONE place:
//
//   window.grasplab.state()  -> { ready, running, scene, time, steps, stateHash,
//                                 contactCount, actualSpeed, grasp, errors,
//                                 bodies: [{ name, static, position: [x,y,z], orientation: [w,x,y,z] }] }
//   window.grasplab.play() / pause() / step() / reset() / load(sceneName) / runSteps(n)
//   window.grasplab.action(type, robot, duration)   grasp actions (protocol.js)
//   window.grasplab.controller(robot, source)        a JavaScript controller run in the worker (protocol.js)
//   window.grasplab.lookAt([x, y, z], distance)      aim the camera (for screenshots)
//   window.grasplab.loadText(json, name) / share()   open scene JSON; make the share link (link.js)
//
// Values are those of the last frame the worker posted (world frame, z-up, SI).
import { View } from './view.js';
import { ToWorker, FromWorker, POSE_STRIDE } from './protocol.js';
import { MAX_LINK_BYTES, decodeLink, encodeLink } from './link.js';

const $ = (id) => document.getElementById(id);
const view = new View($('viewport'));
const worker = new Worker(new URL('./sim.worker.js', import.meta.url), { type: 'module' });

const latest = {
  ready: false, running: false, scene: null, time: 0, steps: 0, stateHash: '',
  contactCount: 0, actualSpeed: 0, bodies: [], poses: new Float64Array(0), errors: [],
};

function showError(message) {
  latest.errors.push(message);
  const panel = $('errors');
  const item = document.createElement('div');
  item.textContent = message;
  panel.appendChild(item);
  panel.hidden = false;
}

worker.onerror = (e) => showError(`worker: ${e.message || 'failed to start'}`);
worker.onmessage = ({ data: msg }) => {
  switch (msg.type) {
    case FromWorker.SCENES: {
      const picker = $('scene-picker');
      picker.replaceChildren(...msg.names.map((n) => new Option(n, n)));
      if (latest.scene) picker.value = latest.scene;
      break;
    }
    case FromWorker.SCENE:
      try {
        view.setBodies(msg.description);
      } catch (e) {
        showError(e.message);
        return;
      }
      latest.scene = msg.name;
      latest.description = msg.description;
      latest.needsFraming = true;
      if (latest.pendingView && latest.pendingView.scene === msg.name) {  // a link's camera
        view.setCamera(latest.pendingView.camera, latest.pendingView.target);
        latest.pendingView = null;
        latest.needsFraming = false;
      }
      latest.bodies = msg.description.bodies.map((b) => b.name);
      {
        const picker = $('scene-picker');
        if (![...picker.options].some((o) => o.value === msg.name)) {  // a link or an opened file
          picker.add(new Option(msg.name === 'link' ? 'shared link' : msg.name, msg.name));
        }
        picker.value = msg.name;
      }
      $('timestep').textContent = `h = ${(msg.timestep * 1000).toFixed(2)} ms`;
      latest.timestep = msg.timestep;
      break;
    case FromWorker.FRAME:
      Object.assign(latest, {
        ready: true, running: msg.running, time: msg.time, steps: msg.steps, stateHash: msg.stateHash,
        contactCount: msg.contactCount, actualSpeed: msg.actualSpeed, poses: msg.poses, grasp: msg.grasp,
        recording: msg.recording, replay: null,
      });
      updateRecording();
      view.setPoses(msg.poses);
      if (latest.needsFraming && latest.description) {
        view.frame(msg.poses, latest.description);
        latest.needsFraming = false;
      }
      updateStatus();
      break;
    case FromWorker.ERROR:
      showError(msg.message);
      break;
    case FromWorker.RECORDED:
      view.setPoses(msg.poses);
      latest.replay = { index: msg.index, time: msg.time, step: msg.step, grasp: msg.grasp };
      latest.running = false;
      $('timeline').value = String(msg.index);
      $('timeline-time').textContent = `frame ${msg.index + 1}/${msg.frames}, t = ${msg.time.toFixed(3)} s`;
      updateStatus();
      break;
    case FromWorker.RECORDING:
      if (latest.pendingRecording) latest.pendingRecording.splice(0).forEach((resolve) => resolve(msg.jsonl));
      break;
    case FromWorker.SOURCE:
      latest.source = { builtin: msg.builtin, text: msg.text };
      if (latest.pendingSource) latest.pendingSource.splice(0).forEach((resolve) => resolve(latest.source));
      break;
    default:
      showError(`unknown message from worker: ${msg.type}`);
  }
};

function send(type, extra = {}) { worker.postMessage({ type, ...extra }); }

function updateRecording() {
  const r = latest.recording;
  if (!r) return;
  $('record').textContent = r.on ? 'Stop rec' : 'Record';
  $('record').classList.toggle('on', r.on);
  $('timeline-panel').hidden = r.frames === 0;
  $('timeline').max = String(Math.max(0, r.frames - 1));
  if (!latest.replay) {
    $('timeline').value = String(Math.max(0, r.frames - 1));
    $('timeline-time').textContent = `${r.frames} frame${r.frames === 1 ? '' : 's'} recorded`;
  }
}

function updateStatus() {
  $('play').textContent = latest.running ? 'Pause' : 'Play';
  $('step').disabled = latest.running;
  // While a recorded frame is shown, the status bar describes that frame.
  const shown = latest.replay;
  $('time').textContent = shown ? `replay t = ${shown.time.toFixed(3)} s` : `t = ${latest.time.toFixed(3)} s`;
  $('steps').textContent = `${latest.steps} steps`;
  $('contacts').textContent = `${latest.contactCount} contact${latest.contactCount === 1 ? '' : 's'}`;
  const speed = $('speed');
  if (latest.running) {
    speed.textContent = `${latest.actualSpeed.toFixed(2)}x real time`;
    speed.classList.toggle('behind', latest.actualSpeed < 0.95 * Number($('speed-factor').value));
  } else {
    speed.textContent = 'paused';
    speed.classList.remove('behind');
  }
  $('hash').textContent = latest.stateHash;
  const g = shown ? shown.grasp : latest.grasp;
  $('grasp').hidden = !g;
  if (g) {
    $('grasp').textContent = g.forceClosure
      ? `force closure, epsilon ${g.epsilonL1.toFixed(3)} (${g.contacts} contacts)`
      : `no force closure (${g.contacts} contacts)`;
    $('grasp').classList.toggle('closure', g.forceClosure);
  }
}

const api = {
  play: () => send(ToWorker.PLAY),
  pause: () => send(ToWorker.PAUSE),
  step: () => send(ToWorker.STEP),
  runSteps: (steps) => send(ToWorker.RUN, { steps }),
  reset: () => send(ToWorker.RESET),
  load: (scene) => send(ToWorker.LOAD, { scene }),
  loadText: (text, name = 'scene') => send(ToWorker.LOAD, { scene: name, text }),
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
  state: () => ({
    ready: latest.ready,
    running: latest.running,
    scene: latest.scene,
    time: latest.time,
    steps: latest.steps,
    stateHash: latest.stateHash,
    contactCount: latest.contactCount,
    actualSpeed: latest.actualSpeed,
    grasp: latest.grasp ?? null,
    recording: latest.recording ?? null,
    replay: latest.replay ?? null,
    errors: latest.errors.slice(),
    bodies: latest.bodies.map((name, i) => {
      const o = i * POSE_STRIDE, p = latest.poses;
      return {
        name,
        static: latest.description.bodies[i].static,
        position: [p[o], p[o + 1], p[o + 2]],
        orientation: [p[o + 3], p[o + 4], p[o + 5], p[o + 6]],
      };
    }),
  }),
};
window.grasplab = api;

// The loaded scene's source, from the worker.
function source() {
  return new Promise((resolve) => {
    (latest.pendingSource ??= []).push(resolve);
    send(ToWorker.SOURCE);
  });
}

async function share() {
  const src = await source();
  const hash = encodeLink(src, { ...view.cameraState(), running: latest.running });
  const url = `${location.origin}${location.pathname}${hash}`;
  const panel = $('share-panel');
  panel.hidden = false;
  $('share-link').value = url;
  const download = $('share-download');
  download.hidden = true;
  if (url.length > MAX_LINK_BYTES) {
    $('share-note').textContent = `too long for a link (${(url.length / 1024).toFixed(1)} KB > 8 KB): share the file`;
    $('share-note').className = 'warn';
    offerDownload(download, src);
  } else {
    history.replaceState(null, '', hash);
    $('share-note').className = '';
    try {
      await navigator.clipboard.writeText(url);
      $('share-note').textContent = `copied (${url.length} characters)`;
    } catch {
      $('share-note').textContent = `${url.length} characters: copy it from the box`;
    }
  }
  return url;
}

function offerDownload(anchor, src) {
  if (src.text === null) return;
  anchor.href = URL.createObjectURL(new Blob([src.text], { type: 'application/json' }));
  anchor.download = `${latest.scene?.replace(/^.*\//, '').replace(/\.json$/, '') || 'scene'}.json`;
  anchor.hidden = false;
}

async function save() {
  const src = await source();
  if (src.text === null) {
    showError(`save: "${src.builtin}" is built into the module; its scene file is not available`);
    return;
  }
  const a = document.createElement('a');
  offerDownload(a, src);
  a.click();
}

function openFile(file) {
  if (file.size > 64 * 1024 * 1024) {
    showError(`open: ${file.name} is larger than 64 MB`);
    return;
  }
  file.text().then((text) => api.loadText(text, file.name), (e) => showError(`open: ${e.message}`));
}

// A link in the address bar opens its scene (the previous one stays on error).
function openLink() {
  let link;
  try {
    link = decodeLink(location.hash);
  } catch (e) {
    showError(e.message);
    return;
  }
  if (!link) return;
  if (link.view) latest.pendingView = { ...link.view, scene: link.text !== null ? 'link' : link.builtin };
  if (link.text !== null) api.loadText(link.text, 'link');
  else api.load(link.builtin);
  if (link.running) api.play();
}
openLink();
window.addEventListener('hashchange', openLink);

// Parameters: edit the loaded scene's JSON (solver, timestep, material
// friction), reload it from t = 0, and keep the link in the address bar in
// step with the edited scene.
async function showParams() {
  const src = await source();
  const form = $('params');
  if (src.text === null) {
    showError(`parameters: "${src.builtin}" is built into the module; open a scene file or link to edit it`);
    form.hidden = true;
    return;
  }
  const scene = JSON.parse(src.text);
  form.elements.timestep.value = String(scene.timestep ?? 0.0025);
  form.elements.frictionEdges.value = String(scene.solver?.frictionEdges ?? 8);
  form.elements.errorReduction.value = String(scene.solver?.errorReduction ?? 0.2);
  const mats = $('material-params');
  mats.replaceChildren(...Object.entries(scene.materials ?? {}).map(([name, m]) => {
    const label = document.createElement('label');
    label.textContent = `${name} friction`;
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', min: 0, max: 3, step: 0.05, value: String(m.staticFriction), name: `material:${name}` });
    label.appendChild(input);
    return label;
  }));
  form.hidden = false;
}

async function applyParams() {
  const src = await source();
  if (src.text === null) return;
  const scene = JSON.parse(src.text);
  const form = $('params');
  scene.timestep = Number(form.elements.timestep.value);
  scene.solver = { ...(scene.solver ?? {}), frictionEdges: Number(form.elements.frictionEdges.value),
    errorReduction: Number(form.elements.errorReduction.value) };
  for (const input of $('material-params').querySelectorAll('input')) {
    const m = scene.materials[input.name.slice('material:'.length)];
    const mu = Number(input.value);
    if (m.kineticFriction !== undefined) m.kineticFriction *= m.staticFriction > 0 ? mu / m.staticFriction : 1;
    m.staticFriction = mu;
  }
  const text = JSON.stringify(scene, null, 2);
  latest.paramEdit = true;
  api.loadText(text, 'link');
  history.replaceState(null, '', encodeLink({ text }, { ...view.cameraState(), running: false }));
}

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
$('scene-picker').onchange = (e) => api.load(e.target.value);
$('speed-factor').onchange = (e) => send(ToWorker.SPEED, { factor: Number(e.target.value) });
window.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (e.key === ' ') { e.preventDefault(); $('play').click(); }
  else if (e.key === '.') api.step();
  else if (e.key === 'r') api.reset();
});

function frame() {
  view.render();
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
