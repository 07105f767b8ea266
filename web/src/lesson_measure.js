// What a lesson's question is checked against: the quantity measured on
// fresh simulations of the lesson's scene, never a stored number, and the
// textbook formula beside it. The page's worker (sim.worker.js) and
// tests/wasm/lessons.test.mjs run this same code, so the page checks a
// student's answer exactly as the tests assert it.
//
// Each measurement takes open(solver?): a new, loaded Module.Simulation of the
// lesson's scene (the caller hands the assets over; `solver`, scene "solver"
// fields that replace the scene's: withSolver), and the question's
// params plus the lesson controls' current values (`values`). It returns
//   { value, unit, formula: { value, text }, details: { ... } }
// and deletes every simulation it opened. Bisection brackets are stated per
// quantity; each probe is a whole run from t = 0, so the result does not
// depend on what the page's own simulation did before.

import { CONTACT_STRIDE } from './protocol.js';  // core/io/frame_arrays.h (checked against the module)

const G_NORM = (g) => Math.hypot(g[0], g[1], g[2]);

function bodyIndex(sim, name) {
  const i = JSON.parse(sim.describeJson()).bodies.findIndex((b) => b.name === name);
  if (i < 0) throw new Error(`lesson: the scene has no body named "${name}"`);
  return i;
}

function position(sim, index) {
  const p = sim.poses();
  return [p[7 * index], p[7 * index + 1], p[7 * index + 2]];
}

// A scene's JSON text with `solver` fields replacing its own (null: as it is).
export function withSolver(text, solver) {
  if (!solver) return text;
  const scene = JSON.parse(text);
  return JSON.stringify({ ...scene, solver: { ...(scene.solver ?? {}), ...solver } });
}

function check(err, what) {
  if (err) throw new Error(`${what}: ${err}`);
}

// Gravity of magnitude |g| tilted by `deg`, the plane sloping down towards
// the azimuth `directionDeg` about +z (0: +x; the lesson's "tilt" and
// "direction"): g = |g| (sin t cos p, sin t sin p, -cos t).
export function tiltedGravity(deg, g = 9.81, directionDeg = 0) {
  const t = (deg * Math.PI) / 180, p = (directionDeg * Math.PI) / 180;
  return [g * Math.sin(t) * Math.cos(p), g * Math.sin(t) * Math.sin(p), -g * Math.cos(t)];
}

// The largest tan(theta) a friction pyramid of u edges d_k = cos(2 pi k/u) t1
// + sin(2 pi k/u) t2 (core/solvers/friction_directions.h; t1 = +x on the
// lesson's plane) holds against a slope towards azimuth phi: the pyramid's
// boundary in that direction. With alpha = phi mod (2 pi/u), it is
// mu cos(pi/u) / cos(alpha - pi/u): mu along an edge, mu cos(pi/u) midway.
// u = 0: the exact cone, mu in every direction.
export function pyramidSlipTangent(mu, u, directionDeg) {
  if (u === 0) return mu;
  const sector = (2 * Math.PI) / u;
  const phi = (directionDeg * Math.PI) / 180;
  const alpha = ((phi % sector) + sector) % sector;
  return (mu * Math.cos(Math.PI / u)) / Math.cos(alpha - Math.PI / u);
}

// Does the block slide at this tilt and mu? It slides when it moves more than
// `slideM` (1 mm) down the plane in `seconds` (1 s) from rest: sticking
// creep is under 1e-9 m there, and 0.05 degrees past the angle slides ~1 cm.
// direction: the slope's azimuth (degrees); solver: scene "solver" fields
// to run with (open(solver), e.g. { type: "pgs" } or { frictionEdges: 4 }).
function slidesAt(open, { body, material, mu, direction = 0, solver = null, seconds = 1, slideM = 1e-3 }, deg) {
  const sim = open(solver);
  try {
    const g = tiltedGravity(deg, 9.81, direction);
    check(sim.setGravity(g[0], g[1], g[2]), 'setGravity');
    check(sim.setMaterialFriction(material, mu, mu), 'setMaterialFriction');
    const i = bodyIndex(sim, body);
    const p0 = position(sim, i);
    check(sim.step(Math.round(seconds / sim.timestep())), 'step');
    const p1 = position(sim, i);
    const d = (direction * Math.PI) / 180;
    return (p1[0] - p0[0]) * Math.cos(d) + (p1[1] - p0[1]) * Math.sin(d) > slideM;
  } finally {
    sim.delete();
  }
}

// The friction edges u a solver choice runs with (0: the exact cone).
function frictionEdgesOf(open, solver) {
  const sim = open(solver);
  try {
    const st = JSON.parse(sim.settingsJson());
    return st.solver.type === 'pgs' ? 0 : st.solver.frictionEdges;
  } finally {
    sim.delete();
  }
}

// Tilt (degrees) at which a block starts to slide down a plane tilted by
// turning gravity, bisected to `resolution` degrees between lo and hi.
// Coulomb: tan(theta) = mu_s (the pyramid's edges lie in the plane of the
// slope, so the solver's pyramid gives atan mu exactly).
export function slipAngleDeg(open, params) {
  const p = { lo: 5, hi: 60, resolution: 0.02, ...params };
  let { lo, hi } = p;
  if (slidesAt(open, p, lo)) throw new Error(`slip angle: already slides at ${lo} degrees`);
  if (!slidesAt(open, p, hi)) throw new Error(`slip angle: still sticks at ${hi} degrees`);
  let probes = 2;
  while (hi - lo > p.resolution) {
    const mid = (lo + hi) / 2;
    if (slidesAt(open, p, mid)) hi = mid; else lo = mid;
    ++probes;
  }
  const direction = p.direction ?? 0;
  const u = frictionEdgesOf(open, p.solver ?? null);
  const tangent = pyramidSlipTangent(p.mu, u, direction);
  // Along an edge (or with the exact cone) the formula is Coulomb's atan mu.
  const onEdge = u === 0 || Math.abs(tangent - p.mu) < 1e-12;
  const text = onEdge ? `atan μ = atan ${p.mu}`
    : `atan(μ cos(π/u) / cos(α − π/u)) for u = ${u} edges, α = ${direction} mod ${360 / u} degrees`;
  return {
    value: (lo + hi) / 2,
    unit: 'degrees',
    formula: { value: (Math.atan(tangent) * 180) / Math.PI, text },
    details: { sticksAt: lo, slidesAt: hi, probes, frictionEdges: u },
  };
}

// The pinch: runs the scene to `holdAt` (s, the object lifted and held),
// then sets the material's mu_s = mu_k = mu and runs `window` seconds more;
// returns how far the object dropped relative to `reference` (the palm, m)
// and the grip force at holdAt.
function pinchRun(open, { object, reference, material, holdAt, window = 1 }, mu) {
  const sim = open();
  try {
    const h = sim.timestep();
    check(sim.step(Math.round(holdAt / h)), 'step');
    const o = bodyIndex(sim, object), r = bodyIndex(sim, reference);
    const grip = gripForce(sim.contacts(), o);
    const rel0 = position(sim, o)[2] - position(sim, r)[2];
    if (mu !== null) check(sim.setMaterialFriction(material, mu, mu), 'setMaterialFriction');
    check(sim.step(Math.round(window / h)), 'step');
    const rel1 = position(sim, o)[2] - position(sim, r)[2];
    const description = JSON.parse(sim.describeJson());
    const settings = JSON.parse(sim.settingsJson());
    return { drop: rel0 - rel1, grip, mass: description.bodies[o].mass, g: G_NORM(settings.gravity) };
  } finally {
    sim.delete();
  }
}

// Grip force per finger (N) on `object` from a contact array: the normal
// forces of its contacts whose normals are horizontal (the fingers', not
// the ground's), summed and halved (two fingers press equally in
// equilibrium). Also returns the contact count it used.
export function gripForce(contacts, object) {
  let sum = 0, count = 0;
  for (let k = 0; k + CONTACT_STRIDE <= contacts.length; k += CONTACT_STRIDE) {
    const a = contacts[k + 11], b = contacts[k + 12];
    if (a !== object && b !== object) continue;
    if (Math.abs(contacts[k + 5]) > 0.5) continue;  // a support from below or above
    sum += contacts[k + 6];
    ++count;
  }
  return { perFinger: sum / 2, contacts: count };
}

// The friction coefficient below which a two-finger pinch lets the object
// slip: bisected over mu (the object "slips" when it drops more than 1 mm
// relative to the palm in `window` s). Coulomb with two fingers each pressing
// with N: 2 mu N >= m g, so mu* = m g / (2 N), N measured at holdAt.
export function criticalMu(open, params) {
  const p = { lo: 0.05, hi: 1.5, resolution: 0.002, slipM: 1e-3, ...params };
  const held = pinchRun(open, p, null);
  if (held.drop > p.slipM) throw new Error(`critical mu: the object is not held at t = ${p.holdAt} s`);
  const slips = (mu) => pinchRun(open, p, mu).drop > p.slipM;
  let { lo, hi } = p;
  if (!slips(lo)) throw new Error(`critical mu: still held at mu = ${lo}`);
  if (slips(hi)) throw new Error(`critical mu: slips even at mu = ${hi}`);
  let probes = 3;
  while (hi - lo > p.resolution) {
    const mid = (lo + hi) / 2;
    if (slips(mid)) lo = mid; else hi = mid;
    ++probes;
  }
  const weight = held.mass * held.g;
  return {
    value: (lo + hi) / 2,
    unit: '',
    formula: {
      value: weight / (2 * held.grip.perFinger),
      text: `m g / (2 N) = ${weight.toFixed(3)} N / (2 × ${held.grip.perFinger.toFixed(3)} N)`,
    },
    details: { slipsAt: lo, holdsAt: hi, gripPerFinger: held.grip.perFinger, weight, probes },
  };
}

// A grasp action pressed at `at` (s) on a scene without actions, the grasp
// evaluated at `evaluateAt` (s): `metric` is "contacts" (on the object),
// "epsilonL1" (Ferrari-Canny, 0 without force closure) or "volumeL1". The
// paper's Figure 3: the static auto-grasp of the handset stops each finger
// at its first touch (3 contacts, no force closure); the dynamic one keeps
// the motors pushing and pulls the handset in (5 contacts, closure).
// solver: scene "solver" fields to run with (another contact model), or null.
export function graspAfterAction(open, { robot, action, at = 0.1, duration = 1.5, evaluateAt, metric, solver = null }) {
  if (!['contacts', 'epsilonL1', 'volumeL1'].includes(metric)) throw new Error(`grasp: unknown metric "${metric}"`);
  const sim = open(solver);
  try {
    const h = sim.timestep();
    check(sim.step(Math.round(at / h)), 'step');
    check(sim.action(action, robot, duration), 'action');
    check(sim.step(Math.round((evaluateAt - at) / h)), 'step');
    const g = JSON.parse(sim.graspJson(false));
    const value = metric === 'contacts' ? g.contacts : g.forceClosure ? g[metric] : 0;
    return {
      value,
      unit: '',
      formula: null,
      details: { forceClosure: g.forceClosure, contacts: g.contacts, epsilonL1: g.epsilonL1, volumeL1: g.volumeL1, time: sim.time() },
    };
  } finally {
    sim.delete();
  }
}

// The contact forces on `body` after `at` seconds on the plane tilted by
// `tilt` degrees (friction mu_s = mu_k = mu on `material`): `metric`
// "normal-sum" is the sum of the normal forces (N; equilibrium: m g cos t,
// what the LCP's lambda_n >= 0, v_n >= 0, lambda_n v_n = 0 gives a resting
// body), "friction-ratio" is |sum of friction forces| / sum of normal forces
// (Coulomb: tan t while it sticks, mu once it slides), "active-edge" the
// pyramid edge k whose weight beta_k is positive in the LCP's solution at
// every contact of the body that has friction (frame_arrays.h: the active
// bits; d_k = cos(2 pi k/u) t1 + sin(2 pi k/u) n x t1, t1 drawn as d_0), with
// the edge pointing most nearly up the slope as its formula (friction holds
// the body against gravity's part along the plane).
export function contactForces(open, { body, material, mu, tilt = 0, at = 1, metric }) {
  if (!['normal-sum', 'friction-ratio', 'active-edge'].includes(metric)) throw new Error(`contact forces: unknown metric "${metric}"`);
  const sim = open();
  try {
    const g = tiltedGravity(tilt);
    check(sim.setGravity(g[0], g[1], g[2]), 'setGravity');
    if (material) check(sim.setMaterialFriction(material, mu, mu), 'setMaterialFriction');
    check(sim.step(Math.round(at / sim.timestep())), 'step');
    const i = bodyIndex(sim, body);
    const c = sim.contacts();
    let fn = 0, count = 0, sliding = 0;
    const ft = [0, 0, 0];
    for (let k = 0; k + CONTACT_STRIDE <= c.length; k += CONTACT_STRIDE) {
      if (c[k + 11] !== i && c[k + 12] !== i) continue;
      fn += c[k + 6];
      for (let d = 0; d < 3; ++d) ft[d] += c[k + 7 + d];
      sliding += c[k + 14];
      ++count;
    }
    const mass = JSON.parse(sim.describeJson()).bodies[i].mass;
    const t = (tilt * Math.PI) / 180;
    const gn = Math.hypot(g[0], g[1], g[2]);
    const details = { contacts: count, sliding, normal: fn, friction: Math.hypot(...ft), mass };
    if (metric === 'active-edge') return activeEdge(sim, c, i, g, details);
    if (metric === 'normal-sum') {
      return { value: fn, unit: 'N', formula: { value: mass * gn * Math.cos(t), text: `m g cos θ = ${mass} kg × ${gn} m/s² × cos ${tilt}°` }, details };
    }
    const sticks = Math.tan(t) <= (mu ?? 0.5);
    return {
      value: fn > 0 ? Math.hypot(...ft) / fn : 0,
      unit: '',
      formula: sticks ? { value: Math.tan(t), text: `tan θ = tan ${tilt}° (it sticks: tan θ ≤ μ)` }
        : { value: mu, text: `μ = ${mu} (it slides: tan θ > μ)` },
      details,
    };
  } finally {
    sim.delete();
  }
}

// The friction direction of edge k on body i at contact offset o: d_k, or
// -d_k when the body is the contact's B (the arrays give forces on A).
export function edgeDirection(c, o, i, k, u) {
  const n = [c[o + 3], c[o + 4], c[o + 5]], t1 = [c[o + 15], c[o + 16], c[o + 17]];
  const t2 = [n[1] * t1[2] - n[2] * t1[1], n[2] * t1[0] - n[0] * t1[2], n[0] * t1[1] - n[1] * t1[0]];
  const a = (2 * Math.PI * k) / u, sign = c[o + 11] === i ? 1 : -1;
  return [0, 1, 2].map((d) => sign * (Math.cos(a) * t1[d] + Math.sin(a) * t2[d]));
}

// The edges whose beta_k is positive at contact offset o (frame_arrays.h:
// bit 1 + k of the active bits), and whether the slip speed lambda is.
export function activeEdges(c, o, u) {
  const bits = c[o + 19];
  const edges = [];
  for (let k = 0; k < u; ++k) if (Math.floor(bits / 2 ** (1 + k)) % 2 === 1) edges.push(k);
  return { edges, slipping: Math.floor(bits / 2 ** (1 + u)) % 2 === 1 };
}

function activeEdge(sim, c, i, g, details) {
  const u = JSON.parse(sim.settingsJson()).solver.frictionEdges;
  const gn = Math.hypot(g[0], g[1], g[2]);
  // Up the slope: minus gravity's part along the plane (the plane's normal is +z).
  const up = [-g[0] / gn, -g[1] / gn, 0];
  let common = null, upEdge = -1, best = -Infinity;
  for (let o = 0; o + CONTACT_STRIDE <= c.length; o += CONTACT_STRIDE) {
    if (c[o + 11] !== i && c[o + 12] !== i) continue;
    if (upEdge < 0) {
      for (let k = 0; k < u; ++k) {
        const d = edgeDirection(c, o, i, k, u);
        const dot = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
        if (dot > best + 1e-12) { best = dot; upEdge = k; }
      }
    }
    const { edges } = activeEdges(c, o, u);
    if (!edges.length) continue;  // no friction at this contact
    if (edges.length !== 1) throw new Error(`active edge: a contact has ${edges.length} positive edge weights (${edges.join(', ')})`);
    if (common === null) common = edges[0];
    else if (common !== edges[0]) throw new Error(`active edge: the contacts use different edges (${common}, ${edges[0]})`);
  }
  if (common === null) throw new Error('active edge: no contact of the body carries friction');
  return { value: common, unit: '', formula: { value: upEdge, text: `the edge most nearly up the slope, d${upEdge}` },
    details: { ...details, frictionEdges: u } };
}

// Contacts placed by hand on an object (a lesson's "contacts" control):
// candidates [{ name, position, normal }] in the object's frame (m; normal
// into the object), `on` the names in use, friction mu; the object's centre
// `center` (world) and torque scale rho. open.probe(text) is the module's
// evaluateGraspProbeJson (io/grasp_probe.h). Returns the metrics and the
// wrench space.
// linf: the L-infinity epsilon and volume too (slower).
export function probeContacts(probe, { candidates, on, mu, center, torqueScale, linf = false }) {
  const contacts = candidates.filter((c) => on.includes(c.name)).map((c) => ({
    position: c.position.map((x, k) => x + center[k]), normal: c.normal, friction: mu,
  }));
  const out = JSON.parse(probe(JSON.stringify({ contacts, center, torqueScale, linf })));
  if (out.error) throw new Error(`contacts: ${out.error}`);
  return out;
}

// The fewest of the candidate contacts whose grasp is in force closure
// (every subset tried, smallest first; 0 when none is), at friction mu.
// Grasp theory: in 3-D, with friction, 2 point contacts cannot resist the
// torque about the line through them, so at least 3; without friction at
// least 7 (Mishra, Schwartz & Sharir), so none of 6 candidates does.
export function fewestContactsForClosure(open, { candidates, mu, center, torqueScale }) {
  const probe = open.probe;
  if (!probe) throw new Error('contacts: this module has no grasp probe');
  const names = candidates.map((c) => c.name);
  const n = names.length;
  let tried = 0;
  for (let size = 1; size <= n; ++size) {
    for (let mask = 1; mask < 1 << n; ++mask) {
      let bits = 0;
      for (let k = 0; k < n; ++k) bits += (mask >> k) & 1;
      if (bits !== size) continue;
      const on = names.filter((_, k) => (mask >> k) & 1);
      ++tried;
      const q = probeContacts(probe, { candidates, on, mu, center, torqueScale });
      if (q.forceClosure) {
        return { value: size, unit: 'contacts', formula: null, details: { contacts: on, epsilonL1: q.epsilonL1, subsetsTried: tried } };
      }
    }
  }
  return { value: 0, unit: 'contacts', formula: null, details: { contacts: [], subsetsTried: tried } };
}

// The live evaluation of the contacts in use (the page's contacts control):
// value epsilon (L1), details the metrics and wrench space.
// params.metric: 'epsilonL1' (default) or 'epsilonLinf' (Ferrari & Canny's
// two measures: the total normal force at most 1, or each contact's); the
// lesson's text gives the bracket epsilon_L1 <= epsilon_Linf <= n epsilon_L1
// (tests/core/io/grasp_probe_test.cc), the read-out both numbers.
export function contactProbe(open, params) {
  if (!open.probe) throw new Error('contacts: this module has no grasp probe');
  const metric = params.metric ?? 'epsilonL1';
  if (!['epsilonL1', 'epsilonLinf'].includes(metric)) throw new Error(`contacts: metric must be epsilonL1 or epsilonLinf, got "${metric}"`);
  const q = probeContacts(open.probe, { ...params, linf: metric === 'epsilonLinf' });
  return { value: q.forceClosure ? q[metric] : 0, unit: '', formula: null, details: q };
}

export const QUANTITIES = {
  'contact-probe': contactProbe,
  'fewest-contacts-for-closure': fewestContactsForClosure,
  'contact-forces': contactForces,
  'slip-angle-deg': slipAngleDeg,
  'critical-mu': criticalMu,
  'grasp-after-action': graspAfterAction,
};

// Measures a question's quantity; `values` (the lesson controls' current
// values by id) fill the params they name: { "mu": { "control": "mu" } }.
export function measureQuestion(open, question, values = {}) {
  const fn = QUANTITIES[question.quantity];
  if (!fn) throw new Error(`lesson: unknown quantity "${question.quantity}"`);
  const params = {};
  for (const [k, v] of Object.entries(question.params ?? {})) {
    params[k] = v && typeof v === 'object' && 'control' in v ? values[v.control] : v;
    if (params[k] === undefined) throw new Error(`lesson: question parameter "${k}" has no value`);
  }
  return fn(open, params);
}

// Is a student's answer right? Within the question's tolerance of the
// simulated value.
export function answerIsRight(question, measured, answer) {
  return Number.isFinite(answer) && Math.abs(answer - measured.value) <= question.tolerance;
}
