#!/usr/bin/env node
// Gauss-Seidel's accuracy against its cost (docs/benchmarks.md): reads the
// JSON lines of `grasplab_bench_dynamics --sweeps-accuracy` (fields in
// tests/bench/dynamics_bench.cc, SweepsAccuracy) and draws
// docs/images/pgs-sweeps.svg, one panel per scene: CPU time per step
// (x, log) against drift (y, log), a point per sweep count.
//
//   build/native/grasplab_bench_dynamics --sweeps-accuracy --pile 250 --seconds 2.5 > docs/data/pgs-sweeps.jsonl
//   node scripts/plot-pgs-sweeps.mjs [docs/data/pgs-sweeps.jsonl]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const input = process.argv[2] ?? path.join(root, 'docs/data/pgs-sweeps.jsonl');
const rows = fs.readFileSync(input, 'utf8').split('\n').filter((l) => l.trim().startsWith('{')).map((l) => JSON.parse(l));
if (rows.length === 0) throw new Error(`${input}: no JSON lines`);

const panels = [
  { scene: 'box-stacks', key: 'largestMoveMm', title: '100 boxes in 25 stacks of 4, 2.5 s', ylabel: 'largest box move from start (mm)' },
  ...[...new Set(rows.map((r) => r.scene).filter((s) => s.startsWith('pile-')))].map((scene) => ({
    scene, key: 'meanSpeedMmPerS', title: `${scene.slice(5)} mixed bodies in a bin, 2.5 s`, ylabel: 'mean body speed, last 0.5 s (mm/s)',
  })),
];
const PW = 420, PH = 320, M = { left: 70, right: 20, top: 40, bottom: 50 };
const W = PW * panels.length, H = PH + 44;
const floor = 1e-3;  // drift below this is drawn on the axis
const log10 = (x) => Math.log10(x);
const label = (r) => (r.sweeps > 0 ? `${r.sweeps}` : 'tol 1e-7');
let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">\n`;
svg += `<rect width="${W}" height="${H}" fill="white"/>\n`;
panels.forEach((p, i) => {
  const pts = rows.filter((r) => r.scene === p.scene);
  const x0 = i * PW + M.left, x1 = (i + 1) * PW - M.right, y0 = PH - M.bottom, y1 = M.top;
  const xs = pts.map((r) => log10(r.cpuUsPerStep));
  const ys = pts.map((r) => log10(Math.max(floor, r[p.key])));
  const xlo = Math.floor(Math.min(...xs)), xhi = Math.ceil(Math.max(...xs));
  const ylo = Math.floor(Math.min(...ys)), yhi = Math.ceil(Math.max(...ys));
  const X = (v) => x0 + ((v - xlo) / Math.max(xhi - xlo, 1)) * (x1 - x0);
  const Y = (v) => y0 - ((v - ylo) / Math.max(yhi - ylo, 1)) * (y0 - y1);
  svg += `<text x="${(x0 + x1) / 2}" y="22" text-anchor="middle" font-size="14">${p.title}</text>\n`;
  for (let e = xlo; e <= xhi; ++e) {
    svg += `<line x1="${X(e)}" y1="${y0}" x2="${X(e)}" y2="${y1}" stroke="#ddd"/><text x="${X(e)}" y="${y0 + 16}" text-anchor="middle">${10 ** e >= 1 ? 10 ** e : (10 ** e).toPrecision(1)}</text>\n`;
  }
  for (let e = ylo; e <= yhi; ++e) {
    svg += `<line x1="${x0}" y1="${Y(e)}" x2="${x1}" y2="${Y(e)}" stroke="#ddd"/><text x="${x0 - 6}" y="${Y(e) + 4}" text-anchor="end">${e >= 0 ? 10 ** e : `1e${e}`}</text>\n`;
  }
  svg += `<rect x="${x0}" y="${y1}" width="${x1 - x0}" height="${y0 - y1}" fill="none" stroke="#444"/>\n`;
  svg += `<text x="${(x0 + x1) / 2}" y="${y0 + 36}" text-anchor="middle">CPU time per step (us, log)</text>\n`;
  svg += `<text transform="translate(${x0 - 48} ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle">${p.ylabel}</text>\n`;
  // The fixed sweep counts joined in order; the tolerance run stands alone.
  const order = pts.map((r, k) => k).filter((k) => pts[k].sweeps > 0).sort((a, b) => pts[a].sweeps - pts[b].sweeps);
  svg += `<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="${order.map((k) => `${X(xs[k]).toFixed(1)},${Y(ys[k]).toFixed(1)}`).join(' ')}"/>\n`;
  pts.forEach((r, k) => {
    const color = r.sweeps > 0 ? '#1f77b4' : '#d62728';
    svg += `<circle cx="${X(xs[k]).toFixed(1)}" cy="${Y(ys[k]).toFixed(1)}" r="4" fill="${color}"/>`;
    const below = r.sweeps <= 0;  // under its point, clear of the fixed counts' labels
    svg += `<text x="${(X(xs[k]) + 7).toFixed(1)}" y="${(Y(ys[k]) + (below ? 18 : -6)).toFixed(1)}" fill="${color}">` +
      `${label(r)} (${r.sweepsPerStep.toFixed(0)}/step)</text>\n`;
  });
});
svg += `<text x="10" y="${H - 24}" font-size="11">Points: sweeps per island, fixed (blue) or to the tolerance 1e-7 with at most 200 (red); in brackets the sweeps summed over islands per step.</text>\n`;
svg += `<text x="10" y="${H - 8}" font-size="11">Stacks: 0.2 mm is the top box resting 4 x 50 um above its start (contacts rest at half the 0.1 mm threshold); more is sideways drift.</text>\n`;
svg += '</svg>\n';
const out = path.join(root, 'docs/images/pgs-sweeps.svg');
fs.writeFileSync(out, svg);
console.log(`wrote ${path.relative(root, out)} from ${path.relative(root, input)} (${rows.length} rows)`);
