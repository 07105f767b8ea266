// Live plots under the view (uPlot), as in Zechmair & Morel's figures:
// - the total contact normal force on each body over time (their Figure 3:
//   contact force magnitude during a grasp): one series per movable body that
//   is not part of a robot, and one per robot (the sum over its links);
// - the kinetic-energy ratio of the grasped object (their Figures 5-6;
//   core/grasp/kinetic_energy_ratio.h), with gaps while the gripper is at
//   rest, and the object's own kinetic energy T (J, right axis), defined
//   always (a hand on a fixed base never moves, so it has no ratio).
// - with contact models compared (compare_models.js), where the subject (the
//   grasped object, else the first movable body that is not a robot's) is
//   under each: its distance from where it started (mm), one series per model.
// Series differ by dash as well as colour, so identical lines stay
// distinguishable; beyond MAX_BODY_SERIES bodies the rest are summed in one
// series ("other bodies (n)").
// The window is the last WINDOW_S seconds of simulated time; the charts are
// redrawn at most every REDRAW_MS.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CONTACT_STRIDE, Contact, POSE_STRIDE } from './protocol.js';
import { GHOST_COLORS } from './compare_models.js';

const WINDOW_S = 10;
const REDRAW_MS = 100;
const COLORS = ['#d9822b', '#3d7fc1', '#5aa469', '#b0413e', '#8e6cb8', '#c9a227', '#4a4a4a'];
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 5], [12, 6]];
const MAX_BODY_SERIES = 6;
const T_FLOOR = 1e-9;  // J: the log axis's floor

export class Plots {
  constructor(container) {
    this.container = container;
    this.force = null;
    this.energy = null;
    this.lastDraw = 0;
    this.series = [];  // [{ label, bodies: Set }]
  }

  // description: the worker's scene description.
  setScene(description) {
    const robotBodies = new Set(Object.values(description.robotBodies ?? {}).flat());
    this.series = [];
    description.bodies.forEach((b, i) => {
      if (!b.static && !robotBodies.has(i)) this.series.push({ label: b.name, bodies: new Set([i]) });
    });
    if (this.series.length > MAX_BODY_SERIES) {
      const rest = this.series.slice(MAX_BODY_SERIES - 1);
      this.series = this.series.slice(0, MAX_BODY_SERIES - 1);
      this.series.push({ label: `other bodies (${rest.length})`, bodies: new Set(rest.flatMap((r) => [...r.bodies])) });
    }
    for (const [robot, bodies] of Object.entries(description.robotBodies ?? {})) {
      this.series.push({ label: `${robot} (all links)`, bodies: new Set(bodies) });
    }
    this.hasEnergy = !!description.grasp;
    const firstFree = description.bodies.findIndex((b, i) => !b.static && !robotBodies.has(i));
    this.subject = description.grasp ? description.grasp.object : firstFree;
    this.subjectName = this.subject >= 0 ? description.bodies[this.subject].name : null;
    this.models = [];
    this.data = { time: [], force: this.series.map(() => []), ratio: [], energy: [], models: [] };
    this.build();
  }

  // models: the compared models' labels ([] for none); own: the main model's label.
  setCompare(models, own) {
    this.models = models.length && this.subject >= 0 ? [own, ...models] : [];
    this.data.models = this.models.map(() => []);
    this.start = null;
    this.compare?.destroy();
    this.compare = null;
    this.updateEmpty();
    if (!this.models.length) return;
    this.compare = new uPlot({
      title: `Contact models: ${this.subjectName}'s distance from its start`,
      width: this.width(), height: 110,
      scales: { x: { time: false } },
      axes: [{ label: 'time (s)', size: 30 }, { label: 'mm', size: 60 }],
      series: [{ label: 't' }, ...this.models.map((m, k) => ({
        label: k === 0 ? `${m} (solid)` : m, stroke: k === 0 ? '#222' : GHOST_COLORS[(k - 1) % GHOST_COLORS.length],
        dash: DASHES[k % DASHES.length], width: k === 0 ? 2.5 : 1.5 }))],
      legend: { live: false },
    }, [[], ...this.models.map(() => [])], this.container);
    this.updateEmpty();
  }

  build() {
    this.force?.destroy();
    this.energy?.destroy();
    this.compare?.destroy();
    this.compare = null;
    this.container.replaceChildren();
    const width = this.width();
    const axes = (label) => [{ label: 'time (s)', size: 30 }, { label, size: 60 }];
    this.force = new uPlot({
      title: 'Total contact normal force per body',
      width, height: 130,
      scales: { x: { time: false } },
      axes: axes('N'),
      series: [{ label: 't' }, ...this.series.map((s, k) => ({
        label: s.label, stroke: COLORS[k % COLORS.length], dash: DASHES[k % DASHES.length], width: k === 0 ? 2.5 : 1.5 }))],
      legend: { live: false },
    }, [[], ...this.series.map(() => [])], this.container);
    this.energy = new uPlot({
      title: 'Grasped object: kinetic-energy ratio (1 = moves with the gripper) and energy',
      width, height: 110,
      // Log scales: a ratio of 1 is ideal, jitter reaches 10-1000x; T spans decades.
      scales: {
        x: { time: false },
        y: { distr: 3, log: 10, range: (u, lo, hi) => [Math.min(0.1, lo ?? 0.1), Math.max(10, hi ?? 10)] },
        J: { distr: 3, log: 10, range: (u, lo, hi) => [Math.min(1e-6, lo ?? 1e-6), Math.max(1e-2, hi ?? 1e-2)] },
      },
      axes: [...axes('T / T_grip'), { scale: 'J', side: 1, label: 'T (J)', size: 50, grid: { show: false },
        values: (u, ticks) => ticks.map((v) => (v == null ? '' : v === 0 ? '0' : v.toExponential(0))) }],
      series: [{ label: 't' },
        { label: 'T / T_grip (none while the gripper rests)', stroke: '#3d7fc1', width: 2, spanGaps: false },
        { label: 'T (J)', scale: 'J', stroke: '#8e6cb8', dash: [6, 4], width: 1.5, spanGaps: false }],
      legend: { live: false },
    }, [[], [], []], this.container);
    this.energy.root.hidden = !this.hasEnergy;  // no grasped object, no ratio
    this.force.root.hidden = this.series.length === 0;  // nothing movable (a lesson's static cube)
    this.updateEmpty();
  }

  // With no chart to show the card itself goes (style.css: #plots.empty).
  updateEmpty() {
    this.container.classList.toggle('empty', this.series.length === 0 && !this.hasEnergy && !this.compare);
  }

  width() { return Math.max(240, Math.min(420, this.container.clientWidth || 380)); }

  // One frame: time (s), contacts (Float64Array), energy ([T, T_grip, ratio or -1]),
  // poses (Float64Array) and ghosts ([{ poses }], the compared models').
  push(time, contacts, energy, poses = null, ghosts = []) {
    if (!this.data) return;
    const d = this.data;
    if (d.time.length && time < d.time[d.time.length - 1]) {  // a reset or reload
      d.time.length = 0; d.ratio.length = 0; d.energy.length = 0; d.force.forEach((f) => { f.length = 0; });
      d.models.forEach((m) => { m.length = 0; });
      this.start = null;
    }
    if (d.time.length && time === d.time[d.time.length - 1]) return;
    const totals = this.series.map(() => 0);
    for (let o = 0; o < contacts.length; o += CONTACT_STRIDE) {
      const fn = contacts[o + Contact.NORMAL_FORCE];
      const a = contacts[o + Contact.BODY_A], b = contacts[o + Contact.BODY_B];
      this.series.forEach((s, k) => {
        if (s.bodies.has(a) || s.bodies.has(b)) totals[k] += fn;
      });
    }
    d.time.push(time);
    totals.forEach((v, k) => d.force[k].push(v));
    d.ratio.push(energy && energy[2] >= 0 ? Math.max(energy[2], 1e-3) : null);  // log axis: floor 1e-3
    d.energy.push(energy && energy[0] >= 0 ? Math.max(energy[0], T_FLOOR) : null);
    if (this.models.length) {
      const o = this.subject * POSE_STRIDE;
      const all = [poses, ...(ghosts ?? []).map((g) => g.poses)];
      this.start ??= all.map((p) => [p[o], p[o + 1], p[o + 2]]);
      this.models.forEach((m, k) => {
        const p = all[k], s0 = this.start[k];
        d.models[k].push(p && s0 ? 1000 * Math.hypot(p[o] - s0[0], p[o + 1] - s0[1], p[o + 2] - s0[2]) : null);
      });
    }
    while (d.time.length > 2 && d.time[0] < time - WINDOW_S) {
      d.time.shift(); d.ratio.shift(); d.energy.shift(); d.force.forEach((f) => f.shift()); d.models.forEach((m) => m.shift());
    }
    const now = performance.now();
    if (now - this.lastDraw >= REDRAW_MS) this.draw(now);
  }

  draw(now = performance.now()) {
    if (!this.force || this.container.hidden) return;
    this.lastDraw = now;
    this.force.setData([this.data.time, ...this.data.force]);
    this.energy.setData([this.data.time, this.data.ratio, this.data.energy]);
    if (this.compare) this.compare.setData([this.data.time, ...this.data.models]);
  }

  // The latest values, for the page's state (tests).
  latest() {
    if (!this.data || !this.data.time.length) return null;
    const i = this.data.time.length - 1;
    return {
      samples: this.data.time.length,
      force: Object.fromEntries(this.series.map((s, k) => [s.label, this.data.force[k][i]])),
      energyRatio: this.data.ratio[i],
      energy: this.data.energy[i],
      models: Object.fromEntries(this.models.map((m, k) => [m, this.data.models[k][i]])),
    };
  }
}
