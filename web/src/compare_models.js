// Contact models side by side: the worker runs copies of the loaded scene
// under other contact models ("ghosts") in lockstep with the one on screen,
// so the page can draw them as translucent bodies over it and plot them
// together. Each ghost is the same scene text with its "solver" fields
// replaced (lesson_measure.js: withSolver), started from t = 0 with the main
// simulation, and it receives what the page does to the main one through the
// same module calls: button actions, joint set points, material friction and
// gravity. A model may also replace the scene's dynamics.formulation
// ("maximal" or "reduced": the same contact model, robots in joint
// coordinates), so the two formulations run side by side. A mouse drag and JavaScript controllers act on the main
// simulation only. A ghost whose step fails is dropped with its error.
import { withSolver } from './lesson_measure.js';

export const MAX_GHOSTS = 4;
// The ghosts' colours, in order (view.js, plots.js and the legend).
export const GHOST_COLORS = ['#7b3fd0', '#d03f8a', '#1f8fb0', '#8a6d00'];
const SOLVER_FIELDS = ['type', 'frictionEdges', 'iterations'];

// What the control panel offers to run beside the scene's own model.
export const COMPARE_OPTIONS = [
  { label: 'LCP, 8-edge pyramid', solver: { type: 'lcp', frictionEdges: 8 } },
  { label: 'LCP, 4-edge pyramid', solver: { type: 'lcp', frictionEdges: 4 } },
  { label: 'Gauss-Seidel, exact cone', solver: { type: 'pgs' } },
  { label: 'impulses, then LCP', solver: { type: 'impulse' } },
  { label: 'penalty (slow)', solver: { type: 'penalty' } },
  { label: 'reduced coordinates (same model)', solver: {}, dynamics: { formulation: 'reduced' } },
];

// A model's identity, to match the panel's boxes with the models running.
export function modelKey(m) { return JSON.stringify([m.solver ?? {}, m.dynamics ?? null]); }

// A scene's solver settings (DescribeSettings' "solver") in words.
export function describeSolver(solver) {
  if (!solver) return 'the scene\'s model';
  const names = { lcp: 'LCP', pgs: 'Gauss-Seidel, exact cone', impulse: 'impulses, then LCP', penalty: 'penalty' };
  const name = names[solver.type] ?? solver.type;
  return solver.type === 'lcp' || solver.type === 'impulse' ? `${name}, ${solver.frictionEdges}-edge pyramid` : name;
}

// models: [{ label, solver: { scene "solver" fields }, dynamics?: { formulation } }] from the page: checked
// here (they come from a lesson file or the control panel).
export function validateModels(models) {
  if (!Array.isArray(models) || models.length > MAX_GHOSTS) return `compare: at most ${MAX_GHOSTS} models`;
  for (const [i, m] of models.entries()) {
    if (!m || typeof m.label !== 'string' || !m.label) return `compare[${i}].label: must be a non-empty string`;
    if (!m.solver || typeof m.solver !== 'object' || Array.isArray(m.solver)) return `compare[${i}].solver: must be an object`;
    for (const k of Object.keys(m.solver)) if (!SOLVER_FIELDS.includes(k)) return `compare[${i}].solver.${k}: must be one of ${SOLVER_FIELDS.join(', ')}`;
    if (m.dynamics !== undefined) {
      if (!m.dynamics || typeof m.dynamics !== 'object' || Array.isArray(m.dynamics)) return `compare[${i}].dynamics: must be an object`;
      for (const k of Object.keys(m.dynamics)) if (k !== 'formulation') return `compare[${i}].dynamics.${k}: must be formulation`;
      if (!['maximal', 'reduced'].includes(m.dynamics.formulation)) return `compare[${i}].dynamics.formulation: must be "maximal" or "reduced"`;
    }
  }
  return '';
}

export class ModelComparison {
  // Module: the loaded WASM module (its Simulation class).
  constructor(Module) {
    this.Module = Module;
    this.ghosts = [];  // [{ label, solver, sim, stepMs }]
  }

  get active() { return this.ghosts.length > 0; }

  labels() { return this.ghosts.map((g) => ({ label: g.label, solver: g.solver, ...(g.dynamics ? { dynamics: g.dynamics } : {}) })); }

  // Starts the ghosts from t = 0 of `sceneText` (assets: [path, bytes]).
  // Returns '' or the first error (then no ghost runs).
  start(sceneText, assets, models) {
    this.clear();
    const bad = validateModels(models);
    if (bad) return bad;
    for (const m of models) {
      const sim = new this.Module.Simulation();
      for (const [path, bytes] of assets) sim.setAsset(path, bytes);
      let text = withSolver(sceneText, m.solver);
      if (m.dynamics) {
        const scene = JSON.parse(text);
        text = JSON.stringify({ ...scene, dynamics: { ...(scene.dynamics ?? {}), ...m.dynamics } });
      }
      const err = sim.loadJson(text);
      if (err) {
        sim.delete();
        this.clear();
        return `compare (${m.label}): ${err}`;
      }
      this.ghosts.push({ label: m.label, solver: { ...m.solver }, dynamics: m.dynamics ? { ...m.dynamics } : undefined, sim, stepMs: 0 });
    }
    return '';
  }

  clear() {
    for (const g of this.ghosts) g.sim.delete();
    this.ghosts = [];
  }

  // Back to t = 0 with the main simulation. Returns the errors of ghosts dropped.
  reset() {
    return this.each((sim) => sim.reset());
  }

  // n steps of every ghost; returns the errors of ghosts dropped.
  step(n) {
    const errors = [];
    for (const g of this.ghosts.slice()) {
      const t0 = performance.now();
      const err = g.sim.step(n);
      g.stepMs = (performance.now() - t0) / n;
      if (err) errors.push(this.drop(g, err));
    }
    return errors;
  }

  // fn(sim) -> '' or an error, on every ghost (the page's commands, mirrored).
  each(fn) {
    const errors = [];
    for (const g of this.ghosts.slice()) {
      const err = fn(g.sim);
      if (err) errors.push(this.drop(g, err));
    }
    return errors;
  }

  drop(g, err) {
    g.sim.delete();
    this.ghosts.splice(this.ghosts.indexOf(g), 1);
    return `compare (${g.label}): ${err}; that model is no longer shown`;
  }

  // Per ghost, for the frame: label, poses (copied out of WASM memory), the
  // contact count and its last step's cost.
  frame() {
    return this.ghosts.map((g) => ({
      label: g.label,
      poses: new Float64Array(g.sim.poses()),
      contactCount: g.sim.contactCount(),
      stepMs: g.stepMs,
      time: g.sim.time(),
    }));
  }
}
