// The lesson format (docs/lessons.md): a scene plus a short script of steps.
//   { format: "grasplab-lesson", version: 1, id, title, summary, scene: "assets/...json",
//     sceneEdits?: { key: value }   top-level fields of the scene replaced (e.g. "actions": [])
//     controls: [{ id, type: "tilt" | "direction" | "friction", label, min, max, step, value, materials? }
//              | { id, type: "contacts", label, object, torqueScale, candidates, value }
//              | { id, type: "solver", label, options: [{ label, solver: { scene "solver" fields } }],
//                  value: index of the option (the scene reloads with it) }],
//     readouts: ["tilt" | "block-slide" | "grip"],
//     steps: [{ title?, text, camera?: { position, target }, set?: { controlId: value },
//               play?: bool, wrenchSpace?: bool (open the wrench-space panel),
//               linf?: bool (hand-placed contacts: evaluate the L-infinity epsilon too),
//               compare?: [{ label, solver }] (other contact models run beside, as ghosts; [] none), press?, watch?,
//               question?: { text, quantity, params, tolerance, unit?, explain? } }] }
// validateLesson returns every mistake as "file: json.path: problem" (empty
// when the lesson is good); the page refuses a lesson with any.

import { validateModels } from './compare_models.js';

export const CONTROL_TYPES = ['tilt', 'direction', 'friction', 'contacts', 'solver'];
const SOLVER_FIELDS = ['type', 'frictionEdges', 'iterations'];
export const READOUTS = ['tilt', 'block-slide', 'grip', 'contacts', 'solver', 'closure', 'wrist'];

export function validateLesson(lesson, file = 'lesson') {
  const errors = [];
  const err = (path, problem) => errors.push(`${file}: ${path}: ${problem}`);
  if (!lesson || typeof lesson !== 'object' || Array.isArray(lesson)) return [`${file}: a lesson must be a JSON object`];
  if (lesson.format !== 'grasplab-lesson') err('format', 'must be "grasplab-lesson"');
  if (lesson.version !== 1) err('version', 'must be 1');
  for (const k of ['id', 'title', 'summary']) if (typeof lesson[k] !== 'string' || !lesson[k]) err(k, 'must be a non-empty string');
  if (typeof lesson.id === 'string' && !/^[a-z0-9-]+$/.test(lesson.id)) err('id', 'lower-case letters, digits and "-" only');
  if (typeof lesson.scene !== 'string' || !/^assets\/[\w./-]+\.json$/.test(lesson.scene) || lesson.scene.includes('..')) {
    err('scene', 'must be a scene file under assets/ ("assets/....json")');
  }
  if ('sceneEdits' in lesson) {
    const e = lesson.sceneEdits;
    if (!e || typeof e !== 'object' || Array.isArray(e)) err('sceneEdits', 'must be an object of scene fields');
    else for (const k of Object.keys(e)) if (['format', 'version'].includes(k)) err(`sceneEdits.${k}`, 'cannot be edited');
  }
  const controls = lesson.controls ?? [];
  const ids = new Set();
  const contactNames = new Map();  // contacts control id -> its candidates' names
  if (!Array.isArray(controls)) err('controls', 'must be an array');
  else controls.forEach((c, i) => {
    const at = `controls[${i}]`;
    if (!c || typeof c !== 'object') { err(at, 'must be an object'); return; }
    if (typeof c.id !== 'string' || !c.id) err(`${at}.id`, 'must be a non-empty string');
    else if (ids.has(c.id)) err(`${at}.id`, `"${c.id}" is used twice`);
    else ids.add(c.id);
    if (!CONTROL_TYPES.includes(c.type)) err(`${at}.type`, `must be one of ${CONTROL_TYPES.join(', ')}`);
    if (typeof c.label !== 'string') err(`${at}.label`, 'must be a string');
    if (c.type === 'contacts') {
      // Contacts placed by hand on `object`: candidates in its frame, `value` the names in use.
      if (typeof c.object !== 'string') err(`${at}.object`, 'must name the body the contacts are on');
      if (!(Number.isFinite(c.torqueScale) && c.torqueScale > 0)) err(`${at}.torqueScale`, 'must be a positive number (m)');
      const names = new Set();
      if (!Array.isArray(c.candidates) || !c.candidates.length || c.candidates.length > 12) {
        err(`${at}.candidates`, 'must be an array of 1 to 12 contacts');
      } else {
        c.candidates.forEach((k, j) => {
          const kt = `${at}.candidates[${j}]`;
          if (!k || typeof k.name !== 'string' || !k.name) { err(`${kt}.name`, 'must be a non-empty string'); return; }
          if (names.has(k.name)) err(`${kt}.name`, `"${k.name}" is used twice`);
          names.add(k.name);
          for (const f of ['position', 'normal']) {
            if (!Array.isArray(k[f]) || k[f].length !== 3 || !k[f].every(Number.isFinite)) err(`${kt}.${f}`, 'must be three finite numbers');
          }
        });
      }
      if (!Array.isArray(c.value) || !c.value.every((v) => names.has(v))) err(`${at}.value`, 'must list names of candidates');
      contactNames.set(c.id, names);  // for steps[].set below
      return;
    }
    if (c.type === 'solver') {
      // A choice of contact model: the scene reloads with the option's "solver" fields.
      if (!Array.isArray(c.options) || c.options.length < 2 || c.options.length > 8) {
        err(`${at}.options`, 'must be an array of 2 to 8 choices');
      } else {
        c.options.forEach((o, j) => {
          const ot = `${at}.options[${j}]`;
          if (!o || typeof o.label !== 'string' || !o.label) err(`${ot}.label`, 'must be a non-empty string');
          if (!o || !o.solver || typeof o.solver !== 'object' || Array.isArray(o.solver)) { err(`${ot}.solver`, 'must be an object of scene "solver" fields'); return; }
          for (const k of Object.keys(o.solver)) if (!SOLVER_FIELDS.includes(k)) err(`${ot}.solver.${k}`, `must be one of ${SOLVER_FIELDS.join(', ')}`);
        });
      }
      const n = Array.isArray(c.options) ? c.options.length : 0;
      if (!Number.isInteger(c.value) || c.value < 0 || c.value >= n) err(`${at}.value`, 'must be the index of an option');
      return;
    }
    for (const k of ['min', 'max', 'step', 'value']) if (!Number.isFinite(c[k])) err(`${at}.${k}`, 'must be a finite number');
    if (Number.isFinite(c.min) && Number.isFinite(c.max)) {
      if (!(c.min < c.max)) err(at, `min must be below max (${c.min} >= ${c.max})`);
      else if (Number.isFinite(c.value) && (c.value < c.min || c.value > c.max)) err(`${at}.value`, `must lie in [${c.min}, ${c.max}]`);
    }
    if (Number.isFinite(c.step) && !(c.step > 0)) err(`${at}.step`, 'must be positive');
    if (c.type === 'tilt' && Number.isFinite(c.max) && (c.min < -80 || c.max > 80)) err(at, 'a tilt stays within [-80, 80] degrees');
    if (c.type === 'direction' && Number.isFinite(c.max) && (c.min < -360 || c.max > 360)) err(at, 'a direction stays within [-360, 360] degrees');
    if (c.type === 'friction') {
      if (!Array.isArray(c.materials) || !c.materials.length || !c.materials.every((m) => typeof m === 'string')) {
        err(`${at}.materials`, 'must name the scene materials it sets');
      }
      if (Number.isFinite(c.min) && c.min < 0) err(`${at}.min`, 'friction is at least 0');
    }
  });
  const readouts = lesson.readouts ?? [];
  if (!Array.isArray(readouts)) err('readouts', 'must be an array');
  else readouts.forEach((r, i) => { if (!READOUTS.includes(r)) err(`readouts[${i}]`, `must be one of ${READOUTS.join(', ')}`); });
  if (!Array.isArray(lesson.steps) || !lesson.steps.length) {
    err('steps', 'must be a non-empty array');
    return errors;
  }
  lesson.steps.forEach((s, i) => {
    const at = `steps[${i}]`;
    if (!s || typeof s !== 'object') { err(at, 'must be an object'); return; }
    if (typeof s.text !== 'string') err(`${at}.text`, 'must be a string');
    for (const k of ['title', 'press', 'watch']) if (k in s && typeof s[k] !== 'string') err(`${at}.${k}`, 'must be a string');
    for (const k of ['play', 'wrenchSpace', 'linf']) if (k in s && typeof s[k] !== 'boolean') err(`${at}.${k}`, 'must be true or false');
    if ('compare' in s) {
      const bad = validateModels(s.compare);  // "compare[...]...: problem"
      if (bad) err(`${at}.${bad.slice(0, bad.indexOf(': '))}`, bad.slice(bad.indexOf(': ') + 2));
    }
    if (s.camera) {
      for (const k of ['position', 'target']) {
        const v = s.camera[k];
        if (!Array.isArray(v) || v.length !== 3 || !v.every(Number.isFinite)) err(`${at}.camera.${k}`, 'must be three finite numbers (m)');
      }
    }
    for (const [id, v] of Object.entries(s.set ?? {})) {
      const c = Array.isArray(controls) ? controls.find((x) => x && x.id === id) : null;
      if (!c) err(`${at}.set.${id}`, 'names no control of this lesson');
      else if (c.type === 'contacts') {
        const names = contactNames.get(id);
        if (!Array.isArray(v) || !v.every((n) => names && names.has(n))) err(`${at}.set.${id}`, 'must list names of candidates');
      } else if (c.type === 'solver') {
        if (!Number.isInteger(v) || v < 0 || v >= (Array.isArray(c.options) ? c.options.length : 0)) err(`${at}.set.${id}`, 'must be the index of an option');
      } else if (!Number.isFinite(v) || v < c.min || v > c.max) err(`${at}.set.${id}`, `must be a number in [${c.min}, ${c.max}]`);
    }
    const q = s.question;
    if (q !== undefined) {
      if (!q || typeof q !== 'object') { err(`${at}.question`, 'must be an object'); return; }
      if (typeof q.text !== 'string') err(`${at}.question.text`, 'must be a string');
      if (typeof q.quantity !== 'string') err(`${at}.question.quantity`, 'must be a string');
      if (!Number.isFinite(q.tolerance) || !(q.tolerance > 0)) err(`${at}.question.tolerance`, 'must be a positive number');
      for (const [k, v] of Object.entries(q.params ?? {})) {
        if (v && typeof v === 'object' && 'control' in v && !ids.has(v.control)) {
          err(`${at}.question.params.${k}`, `names no control "${v.control}"`);
        }
      }
    }
  });
  return errors;
}

// The lesson's scene text: the scene file's text with sceneEdits applied
// (the file's own text when there are none).
export function lessonSceneText(lesson, fileText) {
  if (!lesson.sceneEdits) return fileText;
  return JSON.stringify({ ...JSON.parse(fileText), ...lesson.sceneEdits }, null, 2);
}
