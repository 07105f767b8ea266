#!/usr/bin/env node
// Grasp planning benchmark (docs/planning.md, docs/benchmarks.md): every
// bundled hand on every bundled object, N grasps each planned with K
// annealing steps (`grasplab plan`) and verified by dynamics (`grasplab
// evaluate`), timed as the user runs them (whole commands, one core).
//
//   node scripts/bench-planning.mjs [--grasps N] [--steps K] [--seed S] [--out DIR]
//
// Writes DIR/planning.json (every summary), DIR/planning-table.md (the
// table for docs/planning.md) and docs/images/planning-survival.svg (held
// fraction by static epsilon, per hand). Default N = 20, K = 1000, DIR =
// build/bench-planning.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const grasps = Number(opt('--grasps', 20));
const steps = Number(opt('--steps', 1000));
const seed = Number(opt('--seed', 1));
const outDir = path.resolve(opt('--out', path.join(root, 'build/bench-planning')));
fs.mkdirSync(outDir, { recursive: true });
const cli = path.join(root, 'build/native/grasplab');

// The bundled objects, as the bundled scenes place them on the ground.
const objects = {
  sphere: { shape: { type: 'sphere', radius: 0.03 }, position: [0, 0, 0.03005] },
  cube: { shape: { type: 'box', size: [0.05, 0.05, 0.05] }, position: [0, 0, 0.02505] },
  cylinder: { shape: { type: 'cylinder', radius: 0.025, length: 0.08 }, position: [0, 0, 0.04005] },
  bunny: { shape: { type: 'convex', asset: 'assets/objects/bunny.obj', scale: 0.008 }, position: [0, 0, 0.0002],
    orientation: [0.70710678, 0.70710678, 0, 0] },
};
const hands = ['barrett', 'three-finger', 'two-finger', 'parallel-jaw'];

function scene(hand, object) {
  const o = objects[object];
  return {
    format: 'grasplab-scene', version: 1, name: `plan-${hand}-${object}`, timestep: 0.0025,
    solver: { torsionalFrictionRadius: 0.005 },
    materials: { rubber: { staticFriction: 1.0, kineticFriction: 0.9 } },
    bodies: [
      { name: 'ground', static: true, shape: { type: 'plane' } },
      { name: 'object', mass: 0.2, material: 'rubber', shape: o.shape, position: o.position,
        ...(o.orientation ? { orientation: o.orientation } : {}) },
    ],
    // The planner places the hand; this pose only has to be valid.
    robots: [{ name: 'hand', model: `assets/robots/${hand}.urdf`, position: [0, 0, 0.4] }],
    grasp: { object: 'object', robot: 'hand' },
  };
}

function timed(cmd) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cli, cmd, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`grasplab ${cmd.join(' ')}: ${r.stderr}`);
  return { seconds, summary: JSON.parse(r.stdout).summary };
}

const results = [];
// Scene files outside assets/ read their assets from the repository's
// (beside the program).
const sceneDir = outDir;
{
  for (const hand of hands) {
    for (const object of Object.keys(objects)) {
      const file = path.join(sceneDir, `${hand}-${object}.json`);
      fs.writeFileSync(file, JSON.stringify(scene(hand, object), null, 1));
      const set = path.join(outDir, `${hand}-${object}.jsonl`);
      const res = path.join(outDir, `${hand}-${object}.results.jsonl`);
      for (const f of [set, res, `${set}.partial`, `${res}.partial`]) fs.rmSync(f, { force: true });
      const plan = timed(['plan', file, '--grasps', String(grasps), '--steps', String(steps), '--seed', String(seed),
        '--out', set]);
      const evaluate = timed(['evaluate', set, '--out', res]);
      const s = evaluate.summary;
      const row = { hand, object, grasps, steps, planSeconds: plan.seconds, evaluateSeconds: evaluate.seconds, ...s };
      results.push(row);
      console.log(`${hand.padEnd(13)} ${object.padEnd(9)} force closure ${s.staticForceClosure}/${s.planned}, ` +
        `lifted ${s.lifted}, held ${s.held}; plan ${(plan.seconds / grasps).toFixed(3)} s/grasp, ` +
        `verify ${(evaluate.seconds / grasps).toFixed(3)} s/grasp`);
    }
  }
}

const machine = `${os.cpus().length} x ${os.cpus()[0].model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
fs.writeFileSync(path.join(outDir, 'planning.json'), JSON.stringify({ commit, machine, grasps, steps, seed, results }, null, 1));

// The table.
const pct = (a, b) => (b > 0 ? `${Math.round((100 * a) / b)} %` : '-');
let md = `Commit ${commit}, ${machine}; ${grasps} grasps per pair, ${steps} annealing steps, seed ${seed}; one core.\n\n`;
md += '| hand | object | force closure (static) | lifted | held through the shake | held, of force closure | mean slip when held (mm) | plan s/grasp | verify s/grasp | planned + verified per s |\n';
md += '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n';
for (const r of results) {
  const fcRow = r.byStaticEpsilon.slice(1).reduce((a, b) => ({ grasps: a.grasps + b.grasps, held: a.held + b.held }), { grasps: 0, held: 0 });
  md += `| ${r.hand} | ${r.object} | ${r.staticForceClosure}/${r.planned} | ${r.lifted} | ${r.held} | ${fcRow.held}/${fcRow.grasps} | ` +
    `${r.meanSlipMmWhenHeld.toFixed(2)} | ${(r.planSeconds / r.grasps).toFixed(3)} | ${(r.evaluateSeconds / r.grasps).toFixed(3)} | ` +
    `${(r.grasps / (r.planSeconds + r.evaluateSeconds)).toFixed(2)} |\n`;
}
// By static epsilon, all pairs of each hand together.
md += '\nHeld through lift and shake, by the planned grasp\'s static epsilon (all objects):\n\n';
const bins = results[0].byStaticEpsilon.map((b) => b.staticEpsilon);
md += `| hand | ${bins.join(' | ')} |\n|---|${bins.map(() => '---:').join('|')}|\n`;
const perHand = {};
for (const hand of hands) {
  const rs = results.filter((r) => r.hand === hand);
  perHand[hand] = bins.map((_, i) => rs.reduce((a, r) => ({ grasps: a.grasps + r.byStaticEpsilon[i].grasps,
    held: a.held + r.byStaticEpsilon[i].held }), { grasps: 0, held: 0 }));
  md += `| ${hand} | ${perHand[hand].map((b) => `${b.held}/${b.grasps} (${pct(b.held, b.grasps)})`).join(' | ')} |\n`;
}
fs.writeFileSync(path.join(outDir, 'planning-table.md'), md);
console.log(`\n${md}`);

// The plot: held fraction per static-epsilon bin, a bar per hand.
const W = 720, H = 360, left = 60, bottom = 300, top = 40, plotW = W - left - 20;
const colors = { barrett: '#1f77b4', 'three-finger': '#ff7f0e', 'two-finger': '#2ca02c', 'parallel-jaw': '#d62728' };
let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">\n`;
svg += `<rect width="${W}" height="${H}" fill="white"/>\n`;
svg += `<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">Held through lift and shake, by static epsilon (${grasps * Object.keys(objects).length} planned grasps per hand; bar label: grasps in the bin)</text>\n`;
for (let k = 0; k <= 4; ++k) {
  const y = bottom - ((bottom - top) * k) / 4;
  svg += `<line x1="${left}" y1="${y}" x2="${W - 20}" y2="${y}" stroke="#ddd"/><text x="${left - 6}" y="${y + 4}" text-anchor="end">${k * 25} %</text>\n`;
}
const groupW = plotW / bins.length, barW = (groupW - 16) / hands.length;
bins.forEach((bin, i) => {
  hands.forEach((hand, h) => {
    const b = perHand[hand][i];
    const frac = b.grasps > 0 ? b.held / b.grasps : 0;
    const x = left + i * groupW + 8 + h * barW, y = bottom - (bottom - top) * frac;
    svg += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(bottom - y).toFixed(1)}" fill="${colors[hand]}"/>`;
    svg += `<text x="${(x + barW / 2 - 1).toFixed(1)}" y="${(y - 3).toFixed(1)}" text-anchor="middle" font-size="10">${b.grasps}</text>\n`;
  });
  svg += `<text x="${(left + i * groupW + groupW / 2).toFixed(1)}" y="${bottom + 16}" text-anchor="middle">${bin}</text>\n`;
});
svg += `<text x="${left + plotW / 2}" y="${bottom + 34}" text-anchor="middle">static epsilon (L1) of the planned grasp</text>\n`;
hands.forEach((hand, h) => {
  svg += `<rect x="${left + 10 + h * 150}" y="${H - 18}" width="12" height="12" fill="${colors[hand]}"/><text x="${left + 26 + h * 150}" y="${H - 8}">${hand}</text>\n`;
});
svg += '</svg>\n';
const svgPath = path.join(root, 'docs/images/planning-survival.svg');
fs.writeFileSync(svgPath, svg);
console.log(`wrote ${path.relative(root, svgPath)}, ${path.relative(root, path.join(outDir, 'planning-table.md'))}`);
