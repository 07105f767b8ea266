// Every number on the page explains itself: a short explanation, written for
// a student, for each label of the grasp panel, the legend, the status bar,
// the step diagnostics and the plots. Shown as the element's tooltip (title)
// and listed in the help dialog's glossary. The physics behind each is in
// docs/grasping.md and docs/dynamics.md.
import { STAGE_NAMES } from './protocol.js';

export const GLOSSARY = {
  'force closure': 'The contact forces can balance any disturbing force and torque on the object (the origin lies strictly inside the hull of the contact wrenches). Without it, some push or twist meets no resisting contact force.',
  'epsilon (L1)': 'Ferrari-Canny quality: the largest disturbance (force, and torque divided by the object radius rho) the grasp can resist in its weakest direction, per newton of total contact normal force. 0 without force closure; larger is better.',
  'volume (L1)': 'The 6-D volume of the grasp wrench space (the hull of the contact wrenches with total normal force 1): how much the grasp can resist on average over all directions.',
  contacts: 'Contact points found this step (within the 0.1 mm contact threshold). "On the object": those between the grasped object and the hand.',
  sticking: 'A contact whose two surfaces do not slip: its friction force lies inside the friction cone.',
  sliding: 'A contact whose surfaces slip: its friction force lies on the cone\'s edge, mu times the normal force, opposite the slip.',
  cones: 'Each contact\'s friction cone: every force the contact can push with (half-angle atan mu). The solver uses a pyramid of u edges inside the true circular cone.',
  'force arrow': 'The contact force on the object at each contact (normal plus friction), to the legend\'s scale.',
  t: 'Simulated time since the scene started (s).',
  steps: 'Time steps taken. Each step advances the simulation by h.',
  h: 'The time step: how far each step advances the simulation (the paper\'s default 2.5 ms).',
  speed: 'Simulated seconds per wall-clock second over the last half second (1x: real time).',
  'state hash': 'A fingerprint of every body\'s position and velocity: the same scene gives the same hash natively, in the page and in Python.',
  'Lemke pivots': 'Steps Lemke\'s algorithm took to solve this step\'s contact problem (0 when last step\'s answer still fits).',
  'LCP size (largest)': 'Unknowns of the linear complementarity problem: per contact a normal force and u friction components, plus joint limits.',
  'warm start': 'Islands of this step solved on the last step\'s set of active forces, without any Lemke pivot, out of the islands the LCP solved.',
  'warm-start misses': 'Islands since the start whose last active set no longer fitted. The solver then swaps the infeasible unknowns in and out of that set a few times (block pivots), then pivots Lemke from that last basis (either way "repaired"), and solves from scratch only if both fail; and Lemke pivots per step on average.',
  'LCP residual': 'How far the solved contact impulses are from satisfying the problem exactly (N s); about 1e-12 when solved.',
  'Lemke failures': 'Steps where Lemke\'s algorithm did not finish and projected Gauss-Seidel solved instead.',
  islands: 'Groups of bodies connected by contacts or joints; each is solved on its own.',
  'sleeping islands / bodies': 'Islands whose bodies all stayed slow for the scene\'s sleep time: not moved or solved until something touches, drags or commands them (drawn dimmer). Awake in brackets.',
  'kinetic-energy ratio': 'T / T_grip: the object\'s kinetic energy over what it would have moving rigidly with the gripper. 1 means it moves with the hand; other values mean it slips or rattles.',
  'total contact normal force': 'The sum of the normal forces on each body from all its contacts (N).',
 'step total': 'Wall-clock time of the last step, all stages (ms).',
  'contacts / pairs': 'Contact points, and pairs of bodies whose bounding boxes overlap (the broad phase\'s candidates).',
  'step length': 'How far the last step advanced: h, or less when the contact-time search shortened it.',
  'quarantined bodies': 'Bodies whose numbers became non-finite and were frozen so the rest can go on (should be 0).',
  'friction edges u': 'Edges of each contact\'s friction pyramid: more edges approximate the round cone better and cost more.',
  'Gauss-Seidel sweeps': 'Passes over the contacts the Gauss-Seidel solver took to converge this step.',
  'Runge-Kutta steps': 'Substeps the penalty model\'s adaptive integrator took within this step.',
  'wrench space': 'The convex hull of the contact wrenches (one per friction-cone edge of each contact, with unit normal force), projected to forces and to torques divided by rho.',
};

// Sets each label's tooltip, and appends the glossary to the help dialog.
export function installGlossary(doc = document) {
  const byId = {
    'grasp-verdict': 'force closure',
    'legend-force': 'force arrow',
    'legend-cones': 'cones',
    time: 't', steps: 'steps', timestep: 'h', contacts: 'contacts', speed: 'speed',
  };
  for (const [id, key] of Object.entries(byId)) {
    const e = doc.getElementById(id);
    if (e && !e.title) e.title = GLOSSARY[key];
  }
  // Row headers of the grasp metrics.
  for (const th of doc.querySelectorAll('#grasp-metrics th')) {
    const key = th.textContent.trim();
    if (GLOSSARY[key]) th.title = GLOSSARY[key];
  }
  for (const s of doc.querySelectorAll('#legend .swatch')) {
    s.parentElement.title = `${GLOSSARY.sticking}\n${GLOSSARY.sliding}`;
    s.setAttribute('aria-hidden', 'true');  // the word after it says the same
  }
  const plots = doc.getElementById('plots');
  if (plots) plots.title = `${GLOSSARY['total contact normal force']}\n${GLOSSARY['kinetic-energy ratio']}`;
  const hash = doc.getElementById('hash');
  if (hash && hash.parentElement) hash.parentElement.title = GLOSSARY['state hash'];
  const help = doc.querySelector('#help .help-box');
  if (help && !doc.getElementById('glossary')) {
    const details = doc.createElement('details');
    details.id = 'glossary';
    const summary = doc.createElement('summary');
    summary.textContent = 'Glossary: what each number means';
    const dl = doc.createElement('dl');
    dl.tabIndex = 0;  // it scrolls: reachable by keyboard
    for (const [term, text] of Object.entries(GLOSSARY)) {
      const dt = doc.createElement('dt');
      dt.textContent = term;
      const dd = doc.createElement('dd');
      dd.textContent = text;
      dl.append(dt, dd);
    }
    details.append(summary, dl);
    help.insertBefore(details, doc.getElementById('help-close'));
  }
}

// A table row header's explanation, for rows built at run time (diagnostics).
export function explain(label) {
  if (GLOSSARY[label]) return GLOSSARY[label];
  if (STAGE_NAMES.includes(label)) return `Wall-clock time of the step's "${label}" stage (ms), the mean over the steps since the last frame (docs/architecture.md lists the stages).`;
  return '';
}
