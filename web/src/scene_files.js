// The scene as a file or a link: the loaded scene's source from the worker,
// Share (link.js), Save, Open (file picker and drop), links in the address
// bar, and the parameters form (edit the scene's JSON, restart it from
// t = 0, keep the link in step).
import { ToWorker } from './protocol.js';
import { MAX_LINK_BYTES, decodeLink, encodeLink } from './link.js';

export function createSceneFiles(app) {
  const { $, latest, view, send, showError } = app;
  const api = () => app.api;

  // The loaded scene's source, from the worker.
  function source() {
    return new Promise((resolve) => {
      (latest.pendingSource ??= []).push(resolve);
      send(ToWorker.SOURCE);
    });
  }

  // The teleoperation session so far ({ text, steps }), or null when the
  // scene has none or no record yet.
  function teleopSession() {
    if (!latest.teleop || !latest.teleop.records) return Promise.resolve(null);
    return new Promise((resolve) => {
      (latest.pendingTeleop ??= []).push(resolve);
      send(ToWorker.TELEOP_SESSION);
    });
  }

  async function share() {
    const src = await source();
    const teleop = await teleopSession();
    const hash = encodeLink(src, { ...view.cameraState(), running: latest.running }, teleop);
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
      showError('save: no scene is loaded');
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
    file.text().then((text) => api().loadText(text, file.name), (e) => showError(`open: ${e.message}`));
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
    // #builtin=NAME links (scenes once compiled into the module) open the bundled file of that name.
    const file = link.text === null ? `assets/scenes/${link.builtin}.json` : null;
    if (link.view) latest.pendingView = { ...link.view, scene: file ?? 'link' };
    if (file === null) api().loadText(link.text, 'link', link.teleop, link.steps);
    else api().load(file);
    if (link.running && !link.teleop) api().play();
  }

  // Parameters: edit the loaded scene's JSON (solver, formulation, timestep, material
  // friction), reload it from t = 0, and keep the link in the address bar in
  // step with the edited scene.
  async function showParams() {
    const src = await source();
    const form = $('params');
    if (src.text === null) {
      showError('parameters: no scene is loaded');
      form.hidden = true;
      return;
    }
    const scene = JSON.parse(src.text);
    // The values in force, defaults included, as the engine reports them (core/io/scene_description.h).
    const { timestep, solver, dynamics, sleep, contact } = latest.settings;
    form.elements.sleep.checked = !!sleep?.enabled;
    form.elements.formulation.value = dynamics?.formulation ?? 'maximal';
    form.elements.timestep.value = String(timestep);
    form.elements.frictionEdges.value = String(solver.frictionEdges);
    form.elements.errorReduction.value = String(solver.errorReduction);
    form.elements.type.value = solver.type;
    form.elements.iterations.value = String(solver.iterations);
    form.elements.contactTime.value = solver.contactTime;
    form.elements.torsionalFrictionRadius.value = String(solver.torsionalFrictionRadius);
    form.elements.rollingResistance.value = String(solver.rollingResistance ?? 0);
    form.elements.contactHertz.value = String(solver.contactHertz ?? 0);
    form.elements.contactDampingRatio.value = String(solver.contactDampingRatio ?? 10);
    form.elements.substeps.value = String(solver.substeps ?? 1);
    form.elements.contactSlop.value = String(contact?.slop ?? 0);
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
    scene.solver = { ...(scene.solver ?? {}), type: form.elements.type.value,
      frictionEdges: Number(form.elements.frictionEdges.value),
      errorReduction: Number(form.elements.errorReduction.value), contactTime: form.elements.contactTime.value };
    if (scene.solver.type === 'pgs') scene.solver.iterations = Number(form.elements.iterations.value);
    else delete scene.solver.iterations;
    // dynamics.formulation only when it is not the default, so an untouched scene's link stays as it was.
    const formulation = form.elements.formulation.value;
    if (formulation !== 'reduced') scene.dynamics = { ...(scene.dynamics ?? {}), formulation };
    else if (scene.dynamics) delete scene.dynamics.formulation;
    if (scene.dynamics && Object.keys(scene.dynamics).length === 0) delete scene.dynamics;
    // sleep only when it changes, so an untouched scene's link stays as it was.
    if (form.elements.sleep.checked !== !!scene.sleep?.enabled) scene.sleep = { ...(scene.sleep ?? {}), enabled: form.elements.sleep.checked };
    const torsion = Number(form.elements.torsionalFrictionRadius.value);
    if (torsion > 0) scene.solver.torsionalFrictionRadius = torsion;
    else delete scene.solver.torsionalFrictionRadius;
    const rolling = Number(form.elements.rollingResistance.value);
    if (rolling > 0) scene.solver.rollingResistance = rolling;
    else delete scene.solver.rollingResistance;
    // Soft contacts only when on, and the damping ratio only when not the
    // default, so an untouched scene's link stays as it was.
    const hertz = Number(form.elements.contactHertz.value);
    const zeta = Number(form.elements.contactDampingRatio.value);
    if (hertz > 0) scene.solver.contactHertz = hertz;
    else delete scene.solver.contactHertz;
    if (hertz > 0 && zeta !== 10) scene.solver.contactDampingRatio = zeta;
    else delete scene.solver.contactDampingRatio;
    const substeps = Number(form.elements.substeps.value);
    if (substeps > 1) scene.solver.substeps = substeps;
    else delete scene.solver.substeps;
    // contact.slop only when it is set, so an untouched scene's link stays as it was.
    const slop = Number(form.elements.contactSlop.value);
    if (slop > 0) scene.contact = { ...(scene.contact ?? {}), slop };
    else if (scene.contact) delete scene.contact.slop;
    if (scene.contact && Object.keys(scene.contact).length === 0) delete scene.contact;
    for (const input of $('material-params').querySelectorAll('input')) {
      const m = scene.materials[input.name.slice('material:'.length)];
      const mu = Number(input.value);
      if (m.kineticFriction !== undefined) m.kineticFriction *= m.staticFriction > 0 ? mu / m.staticFriction : 1;
      m.staticFriction = mu;
    }
    const text = JSON.stringify(scene, null, 2);
    latest.paramEdit = true;
    api().loadText(text, 'link');
    history.replaceState(null, '', encodeLink({ text }, { ...view.cameraState(), running: false }));
  }

  return { source, share, save, openFile, openLink, showParams, applyParams, teleopSession };
}
