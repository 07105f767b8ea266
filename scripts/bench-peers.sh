#!/usr/bin/env bash
# The side-by-side peer benchmark of the performance issue, one command:
#
#   scripts/bench-peers.sh            (after scripts/build.sh; a few minutes)
#
# It installs the peers itself (Debian packages through apt; never needed by
# the README's two commands), builds grasplab's benchmark programs, and runs
# both sides on the same inputs in one run, printing tables with ratios for
# docs/benchmarks.md.
#
# Done so far:
# - the Lemke kernel: grasplab_bench_lemke records the island LCPs of real
#   simulations (grasps and box stacks, 200 steps each) and times
#   grasplab's Lemke from z = 0 and with the warm start; Siconos numerics'
#   lcp_lexicolemke (libsiconos-numerics-dev) solves the very same LCPs from
#   the recorded files;
# - grasplab native against grasplab WASM in Node, per step, on the
#   dynamics benchmark's built-in scenes (tests/bench/wasm_steps.mjs).
# Not yet here: MuJoCo, mujoco-js, Jolt, Rapier and Bullet on the grasp and
# stack scenes, and WASM in Chromium (docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."

PEER_PACKAGES=(libsiconos-numerics-dev)
missing=()
for p in "${PEER_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bench-peers: installing Debian packages: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake --preset native >/dev/null
cmake --build --preset native --target grasplab_bench_lemke grasplab_bench_dynamics >/dev/null
[ -f build/wasm/grasplab_wasm.wasm ] || { echo "bench-peers: build the WASM module first (scripts/build.sh)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++17 -O2 -I/usr/include/siconos -I/usr/include/siconos/numerics \
  tests/bench/peers/siconos_lemke.cc -lsiconos_numerics -o "$work/siconos_lemke"

echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)'); $(date -u +%Y-%m-%d)"
echo
build/native/grasplab_bench_lemke --write "$work" "$@" | tee "$work/grasplab.md"
echo
"$work/siconos_lemke" "$work"/*.lcp | tee "$work/siconos.md"
echo
# One table: both sides per sequence, and the ratios.
node - "$work" <<'JS'
const fs = require('fs');
const dir = process.argv[2];
const rows = (f) => fs.readFileSync(`${dir}/${f}`, 'utf8').split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| seq'))
  .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
const ours = rows('grasplab.md');
const siconos = new Map(rows('siconos.md').map((r) => [r[0].replace(/^.*\//, '').replace(/\.lcp$/, ''), r]));
const key = (name) => name.replace(/[^A-Za-z0-9]/g, '-');
console.log('| sequence | contacts | n | Siconos cold (us) | grasplab cold (us) | grasplab warm (us) | Siconos / grasplab cold | Siconos / grasplab warm |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const points = [];
for (const r of ours) {
  const s = siconos.get(key(r[0]));
  if (!s) continue;
  const sic = parseFloat(s[2]), cold = parseFloat(r[3]), warm = parseFloat(r[5]);
  points.push({ n: parseFloat(r[2]), sic, cold, warm });
  console.log(`| ${r[0]} | ${r[1]} | ${r[2]} | ${sic.toFixed(1)} | ${cold.toFixed(1)} | ${warm.toFixed(1)} | ${(sic / cold).toFixed(2)}x | ${(sic / warm).toFixed(1)}x |`);
}
// docs/images/lemke-vs-siconos.svg: time per solve against the LCP size, log-log.
points.sort((a, b) => a.n - b.n);
const W = 570, H = 300, L = 60, R = 200, T = 24, B = 36;
const xs = points.map((p) => p.n), ys = points.flatMap((p) => [p.sic, p.cold, p.warm]);
const lx = (v) => Math.log10(v), x0 = Math.floor(lx(Math.min(...xs)) * 4) / 4, x1 = Math.ceil(lx(Math.max(...xs)) * 4) / 4;
const y0 = Math.floor(lx(Math.min(...ys))), y1 = Math.ceil(lx(Math.max(...ys)));
const X = (v) => L + ((W - L - R) * (lx(v) - x0)) / (x1 - x0), Y = (v) => T + ((H - T - B) * (y1 - lx(v))) / (y1 - y0);
const series = [['Siconos lexicolemke (cold)', 'sic', '#c0392b'], ['grasplab Lemke, cold', 'cold', '#3d7fc1'], ['grasplab, warm start', 'warm', '#27ae60']];
const grid = [];
for (let e = y0; e <= y1; ++e) grid.push(`<line x1="${L}" x2="${W - R}" y1="${Y(10 ** e)}" y2="${Y(10 ** e)}" stroke="#e3e6ea"/><text x="${L - 4}" y="${Y(10 ** e) + 4}" text-anchor="end">${10 ** e >= 1000 ? `${10 ** (e - 3)} ms` : `${10 ** e} us`}</text>`);
for (const n of [50, 100, 200, 400]) if (lx(n) >= x0 && lx(n) <= x1) grid.push(`<line x1="${X(n)}" x2="${X(n)}" y1="${T}" y2="${H - B}" stroke="#e3e6ea"/><text x="${X(n)}" y="${H - B + 14}" text-anchor="middle">${n}</text>`);
const lines = series.map(([label, k, c], i) => `<polyline fill="none" stroke="${c}" stroke-width="1.5" points="${points.map((p) => `${X(p.n).toFixed(1)},${Y(p[k]).toFixed(1)}`).join(' ')}"/>` +
  points.map((p) => `<circle cx="${X(p.n).toFixed(1)}" cy="${Y(p[k]).toFixed(1)}" r="2.5" fill="${c}"/>`).join('') +
  `<rect x="${W - R + 10}" y="${T + 10 + 18 * i}" width="12" height="3" fill="${c}"/><text x="${W - R + 26}" y="${T + 15 + 18 * i}">${label}</text>`);
fs.writeFileSync('docs/images/lemke-vs-siconos.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">
<rect width="${W}" height="${H}" fill="white"/>
<text x="${(L + W - R) / 2}" y="14" text-anchor="middle" font-weight="bold">Lemke on recorded LCP sequences: time per solve</text>
${grid.join('\n')}
<text x="${(L + W - R) / 2}" y="${H - 6}" text-anchor="middle">LCP size n (mean over the sequence)</text>
${lines.join('\n')}
</svg>
`);
console.log('\n(plot: docs/images/lemke-vs-siconos.svg)');
JS

echo
# grasplab native against WASM in Node, same scenes, same step counts.
build/native/grasplab_bench_dynamics > "$work/dynamics.md"
node tests/bench/wasm_steps.mjs > "$work/wasm.json"
node - "$work" <<'JS'
const fs = require('fs');
const dir = process.argv[2];
const wasm = JSON.parse(fs.readFileSync(`${dir}/wasm.json`, 'utf8'));
const native = new Map(fs.readFileSync(`${dir}/dynamics.md`, 'utf8').split('\n').filter((l) => l.includes(', warm'))
  .map((l) => l.split('|').map((c) => c.trim())).map((c) => [c[1].replace(', warm', ''), parseFloat(c[2])]));
console.log('| scene (warm start on) | native (us/step) | WASM in Node (us/step) | WASM / native |');
console.log('|---|---:|---:|---:|');
for (const [scene, us] of Object.entries(wasm)) {
  const n = native.get(scene);
  if (n) console.log(`| ${scene} | ${n.toFixed(1)} | ${us.toFixed(1)} | ${(us / n).toFixed(2)}x |`);
}
JS
