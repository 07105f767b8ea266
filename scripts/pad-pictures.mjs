// The pictures of docs/contact-models.md, "Compliant pads": a sphere
// pressed into a pad, its pressure by the three pad models (half-space,
// finite-element layer, Winkler) against Hertz's p0 sqrt(1 - r^2/a^2).
//   node scripts/pad-pictures.mjs      (after building build/native)
// Runs build/native/grasplab_bench_pads --json (the project's own solve),
// writes docs/images/pad-pressure-profile.svg and pad-pressure-map.svg.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = new URL('../', import.meta.url).pathname;
const images = path.join(root, 'docs/images');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pad-pictures-'));
const jsonPath = path.join(tmp, 'pads.json');
execFileSync(path.join(root, 'build/native/grasplab_bench_pads'), ['--json', jsonPath], { stdio: 'inherit' });
const data = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
fs.rmSync(tmp, { recursive: true });

const { a, p0 } = data.hertz;
const n = data.grid.n;
const size = data.grid.size;
const dx = size / n;
const COLORS = { halfspace: '#1f77b4', fe: '#d62728', winkler: '#2ca02c' };
const LABELS = { halfspace: 'half-space', fe: 'finite-element layer', winkler: 'Winkler' };
const fmt = (v, d = 2) => Number(v.toFixed(d)).toString();
const nodeXY = (k) => [-size / 2 + ((k % n) + 0.5) * dx, -size / 2 + (Math.floor(k / n) + 0.5) * dx];

// 1. Radial profile: every node's pressure against its distance from the
// sphere's axis, both in Hertz's units (r / a, p / p0).
function profileSvg() {
  const W = 640, H = 400, L = 60, R = 170, T = 40, B = 50;
  const xmax = 1.6;
  let ymax = 1.0;
  for (const m of data.models) for (const p of m.pressure) ymax = Math.max(ymax, p / p0);
  ymax = Math.ceil(ymax * 5) / 5;
  const X = (r) => L + (r / xmax) * (W - L - R);
  const Y = (p) => H - B - (p / ymax) * (H - T - B);
  const parts = [];
  for (let i = 0; i <= 8; ++i) {
    const r = (i * xmax) / 8;
    parts.push(`<line x1="${X(r)}" y1="${T}" x2="${X(r)}" y2="${H - B}" stroke="#eee"/>`);
    parts.push(`<text x="${X(r)}" y="${H - B + 15}" text-anchor="middle">${fmt(r)}</text>`);
  }
  for (let v = 0; v <= ymax + 1e-9; v += 0.2) {
    parts.push(`<line x1="${L}" y1="${Y(v)}" x2="${W - R}" y2="${Y(v)}" stroke="#eee"/>`);
    parts.push(`<text x="${L - 6}" y="${Y(v) + 4}" text-anchor="end">${fmt(v, 1)}</text>`);
  }
  parts.push(`<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" fill="none" stroke="#444"/>`);
  // Hertz.
  const pts = [];
  for (let i = 0; i <= 200; ++i) {
    const r = (i / 200) * xmax;
    pts.push(`${X(r).toFixed(1)},${Y(r < 1 ? Math.sqrt(1 - r * r) : 0).toFixed(1)}`);
  }
  parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="#000" stroke-width="2"/>`);
  for (const m of data.models) {
    for (let k = 0; k < m.pressure.length; ++k) {
      const [x, y] = nodeXY(k);
      const r = Math.hypot(x, y) / a;
      if (r > xmax) continue;
      parts.push(`<circle cx="${X(r).toFixed(1)}" cy="${Y(m.pressure[k] / p0).toFixed(1)}" r="2.2" fill="${COLORS[m.model]}" fill-opacity="0.75"/>`);
    }
  }
  const legend = [['Hertz p0 sqrt(1 - r²/a²)', '#000', true], ...data.models.map((m) => [LABELS[m.model], COLORS[m.model], false])];
  legend.forEach(([label, color, line], i) => {
    const y = T + 10 + i * 20, x = W - R + 14;
    parts.push(line ? `<line x1="${x}" y1="${y}" x2="${x + 16}" y2="${y}" stroke="${color}" stroke-width="2"/>`
      : `<circle cx="${x + 8}" cy="${y}" r="3" fill="${color}"/>`);
    parts.push(`<text x="${x + 22}" y="${y + 4}">${label}</text>`);
  });
  parts.push(`<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">r / a (distance from the sphere's axis over Hertz's contact radius)</text>`);
  parts.push(`<text transform="translate(16 ${(T + H - B) / 2}) rotate(-90)" text-anchor="middle">p / p0</text>`);
  parts.push(`<text x="${L}" y="22" font-weight="bold">Sphere R = ${data.R * 1e3} mm, F = ${data.F} N on a pad (E = ${data.E / 1e6} MPa, nu = ${data.poisson}, t = ${data.thickness * 1e3} mm, ${n} x ${n} nodes): every node's pressure</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}

// A perceptual colour ramp (viridis, 9 stops, linear between).
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];
function ramp(t) {
  const u = Math.min(1, Math.max(0, t)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(u)), f = u - i;
  const c = (h) => [1, 3, 5].map((o) => parseInt(h.slice(o, o + 2), 16));
  const [r0, g0, b0] = c(VIRIDIS[i]), [r1, g1, b1] = c(VIRIDIS[i + 1]);
  const mix = (x, y) => Math.round(x + (y - x) * f);
  return `rgb(${mix(r0, r1)},${mix(g0, g1)},${mix(b0, b1)})`;
}

// 2. Pressure maps: the pad seen from the sphere, one per model, one scale;
// the dashed circle is Hertz's contact radius.
function mapSvg() {
  const cell = 11, gap = 30, L = 20, T = 50;
  const side = cell * n;
  const W = L + data.models.length * (side + gap) + 80, H = T + side + 40;
  let pmax = 0;
  for (const m of data.models) for (const p of m.pressure) pmax = Math.max(pmax, p);
  const parts = [];
  data.models.forEach((m, i) => {
    const x0 = L + i * (side + gap);
    parts.push(`<text x="${x0 + side / 2}" y="${T - 8}" text-anchor="middle">${LABELS[m.model]}</text>`);
    for (let k = 0; k < m.pressure.length; ++k) {
      const col = k % n, row = Math.floor(k / n);
      // Row 0 is the pad's -y edge: drawn at the bottom (y up).
      parts.push(`<rect x="${x0 + col * cell}" y="${T + (n - 1 - row) * cell}" width="${cell}" height="${cell}" fill="${ramp(m.pressure[k] / pmax)}"/>`);
    }
    const rr = (a / dx) * cell;
    parts.push(`<circle cx="${x0 + side / 2}" cy="${T + side / 2}" r="${rr.toFixed(1)}" fill="none" stroke="#fff" stroke-dasharray="4 3"/>`);
    parts.push(`<rect x="${x0}" y="${T}" width="${side}" height="${side}" fill="none" stroke="#444"/>`);
  });
  const cx = L + data.models.length * (side + gap) + 4;
  for (let i = 0; i < 50; ++i) {
    parts.push(`<rect x="${cx}" y="${(T + side - ((i + 1) * side) / 50).toFixed(1)}" width="14" height="${(side / 50 + 0.5).toFixed(1)}" fill="${ramp((i + 0.5) / 50)}"/>`);
  }
  for (let v = 0; v <= 1.0001; v += 0.25) {
    parts.push(`<text x="${cx + 18}" y="${(T + side - v * side + 4).toFixed(1)}">${Math.round((v * pmax) / 1000)} kPa</text>`);
  }
  parts.push(`<text x="${L}" y="20" font-weight="bold">Pressure on the pad (${fmt(size * 1e3)} mm square, ${n} x ${n}), sphere R = ${data.R * 1e3} mm, F = ${data.F} N; dashed: Hertz's a = ${fmt(a * 1e3)} mm</text>`);
  parts.push(`<text x="${L}" y="${T + side + 24}">Peak: ${data.models.map((m) => `${LABELS[m.model]} ${Math.round(Math.max(...m.pressure) / 1000)} kPa`).join(', ')}; Hertz p0 ${Math.round(p0 / 1000)} kPa</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
${parts.join('\n')}
</svg>
`;
}

fs.writeFileSync(path.join(images, 'pad-pressure-profile.svg'), profileSvg());
fs.writeFileSync(path.join(images, 'pad-pressure-map.svg'), mapSvg());
console.log('wrote docs/images/pad-pressure-profile.svg, docs/images/pad-pressure-map.svg');
