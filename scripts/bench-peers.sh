#!/usr/bin/env bash
# The side-by-side peer benchmark of the performance issue, one command:
#
#   scripts/bench-peers.sh            (after scripts/build.sh; a few minutes)
#   scripts/bench-peers.sh --stacks   (only the box stacks tables)
#   scripts/bench-peers.sh --pile     (only the 1,000-body pile; about 4 minutes)
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
#   dynamics benchmark's bundled scenes (grasp_cpu_bench.cc against
#   tests/bench/wasm_profile.mjs --time: the same steps, CPU time).
# - the grasp step against MuJoCo: the five grasp scenes of assets/scenes,
#   translated to MJCF (tests/bench/peers/mjcf_writer.h), stepped 5 s by
#   grasplab native and MuJoCo 2.2.2 native (libmujoco-dev) replaying
#   grasplab's recorded commands (mujoco_grasp.cc), then by grasplab's WASM
#   module and mujoco-js (npm, tests/bench/peers/package.json) in Node and
#   in headless Chromium (grasp_wasm.mjs, grasp_browser.mjs); one table
#   with the physical check (where each engine's object ends) and ratios;
# - many resting bodies (assets/scenes/box-stacks.json, 100 boxes in 4-high
#   stacks, sleeping off everywhere, then on everywhere): grasplab's
#   Gauss-Seidel against Bullet 3.24 natively (bullet_boxes.cc,
#   libbullet-dev), and grasplab's WASM module against Jolt and Rapier's
#   WASM builds in Node (boxes_wasm.mjs).
# - with --pile only: issue 19's 1,000 mixed bodies falling into a bin
#   (tests/bench/pile_scene.h), grasplab natively (grasplab_bench_dynamics
#   --pile, at its default tolerance and at the peers' 10 sweeps) against
#   Bullet 3.24 on the same bodies (bullet_pile.cc) at the same step and at
#   60 Hz.
set -euo pipefail
cd "$(dirname "$0")/.."
stacks_only=0
pile_only=0
if [ "${1:-}" = "--stacks" ]; then stacks_only=1; shift; fi
if [ "${1:-}" = "--pile" ]; then pile_only=1; shift; fi

PEER_PACKAGES=(libsiconos-numerics-dev libmujoco-dev libbullet-dev chromium)
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

# The npm peers live in their own package (never in the project's lock).
npm ci --prefix tests/bench/peers --no-audit --no-fund >/dev/null

cmake --preset native >/dev/null
cmake --build --preset native --target grasplab_bench_lemke grasplab_bench_grasp_cpu grasplab_bench_dynamics >/dev/null
[ -f build/wasm/grasplab_wasm.wasm ] || { echo "bench-peers: build the WASM module first (scripts/build.sh)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++17 -O2 -I/usr/include/siconos -I/usr/include/siconos/numerics \
  tests/bench/peers/siconos_lemke.cc -lsiconos_numerics -o "$work/siconos_lemke"
# Programs linking grasplab's core: its definitions (no fast-math, Eigen
# without SIMD paths) and the library the native preset built.
CORE_CXX=(g++ -std=c++20 -O2 -DNDEBUG -DEIGEN_DONT_VECTORIZE -DEIGEN_DONT_PARALLELIZE -DEIGEN_MPL2_ONLY
  -I. -I/usr/include/eigen3)
CORE_LIB=build/native/core/libgrasplab_core.a
"${CORE_CXX[@]}" tests/bench/peers/mujoco_grasp.cc tests/bench/peers/mjcf_writer.cc "$CORE_LIB" -lmujoco \
  -o "$work/mujoco_grasp"
"${CORE_CXX[@]}" -I/usr/include/bullet tests/bench/peers/bullet_boxes.cc "$CORE_LIB" \
  -lBulletDynamics -lBulletCollision -lLinearMath -o "$work/bullet_boxes"
"${CORE_CXX[@]}" -I/usr/include/bullet tests/bench/peers/bullet_pile.cc "$CORE_LIB" \
  -lBulletDynamics -lBulletCollision -lLinearMath -o "$work/bullet_pile"

# Many resting bodies: grasplab's Gauss-Seidel against Bullet (native) and Jolt and Rapier (WASM, Node).
run_stacks() {
  "$work/bullet_boxes" 2 assets/scenes/box-stacks.json
  echo
  node tests/bench/peers/boxes_wasm.mjs 2 assets/scenes/box-stacks.json
}

echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)'); $(date -u +%Y-%m-%d)"
echo
if ((stacks_only)); then run_stacks; exit 0; fi
if ((pile_only)); then
  # grasplab's settings under which the pile settles and sleeps (stop 41:
  # torsional friction radius 5 mm, rolling resistance 0.1 mm), then the same
  # at the peers' fixed 10 sweeps; Bullet at the same 2.5 ms and at 60 Hz.
  build/native/grasplab_bench_dynamics --pile 1000 --seconds 8 --sleep on --torsion 0.005 --rolling 1e-4
  echo
  build/native/grasplab_bench_dynamics --pile 1000 --seconds 8 --sleep on --torsion 0.005 --rolling 1e-4 --sweeps 10
  echo
  "$work/bullet_pile" 1000 8 2.5 10
  echo
  "$work/bullet_pile" 1000 8 16.6667 10
  exit 0
fi
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
# grasplab native against WASM in Node on the dynamics benchmark's bundled
# scenes, measured alike: each side runs the scene as a user does
# (StepScene: actions, controllers, world) for 2,000 steps from load with
# the stage clock off (the module's default), CPU time, the fastest of 7
# runs (grasp_cpu_bench.cc; wasm_profile.mjs --time, which runs each scene
# once untimed first so V8 has tiered its code up).
DYN_SCENES=(assets/scenes/finger-squeeze.json assets/scenes/finger-prism.json assets/scenes/arm-hand.json)
build/native/grasplab_bench_grasp_cpu --steps 2000 --runs 7 --stage-timing off "${DYN_SCENES[@]}" > "$work/native-cpu.json"
node tests/bench/wasm_profile.mjs --time --build build/wasm --steps 2000 --runs 7 "${DYN_SCENES[@]}" > "$work/wasm-cpu.json"
node - "$work" <<'JS'
const fs = require('fs');
const dir = process.argv[2];
const native = JSON.parse(fs.readFileSync(`${dir}/native-cpu.json`, 'utf8'));
const wasm = JSON.parse(fs.readFileSync(`${dir}/wasm-cpu.json`, 'utf8'));
console.log('| scene (2,000 steps from load, CPU, fastest of 7, stage clock off) | native (us/step) | WASM in Node (us/step) | WASM / native |');
console.log('|---|---:|---:|---:|');
for (const [scene, n] of Object.entries(native)) {
  const w = wasm[scene]['build/wasm'];
  console.log(`| ${scene.replace(/^.*\//, '').replace(/\.json$/, '')} | ${n.toFixed(2)} | ${w.toFixed(2)} | ${(w / n).toFixed(2)}x |`);
}
JS

echo
# The grasp step: grasplab against MuJoCo, native, WASM in Node, WASM in Chromium.
GRASP_SCENES=(assets/scenes/barrett-handset.json assets/scenes/barrett-bunny.json assets/scenes/three-finger-sphere.json
  assets/scenes/parallel-jaw-cube.json assets/scenes/two-finger-cylinder.json)
mkdir -p "$work/grasp"
# The paper's maximal formulation first (scenes default to reduced since
# 93f612c, so it is asked for explicitly), then the reduced one (issue 18).
GRASPLAB_FORMULATION=maximal "$work/mujoco_grasp" "$work/grasp" 5 "${GRASP_SCENES[@]}" > "$work/grasp-native.md"
mkdir -p "$work/grasp-reduced"
GRASPLAB_FORMULATION=reduced "$work/mujoco_grasp" "$work/grasp-reduced" 5 "${GRASP_SCENES[@]}" > "$work/grasp-native-reduced.md"
GRASPLAB_FORMULATION=maximal node tests/bench/peers/grasp_wasm.mjs "$work/grasp" "${GRASP_SCENES[@]}" > "$work/grasp-node.json"
GRASPLAB_FORMULATION=maximal node tests/bench/peers/grasp_browser.mjs "$work/grasp" "${GRASP_SCENES[@]}" > "$work/grasp-chromium.json"
GRASPLAB_FORMULATION=reduced node tests/bench/peers/grasp_wasm.mjs "$work/grasp-reduced" "${GRASP_SCENES[@]}" > "$work/grasp-node-reduced.json"
GRASPLAB_FORMULATION=reduced node tests/bench/peers/grasp_browser.mjs "$work/grasp-reduced" "${GRASP_SCENES[@]}" > "$work/grasp-chromium-reduced.json"
echo "grasplab in the maximal formulation (dynamics.formulation \"maximal\", the paper's), native, same run:"
cat "$work/grasp-native.md"
echo
echo "grasplab in the reduced formulation (dynamics.formulation \"reduced\"), native, same run:"
cat "$work/grasp-native-reduced.md"
for suffix in "" "-reduced"; do
echo
if [ -n "$suffix" ]; then echo "The reduced formulation (the scenes' default):"; else echo "The maximal formulation:"; fi
node - "$work" "$suffix" <<'JS'
const fs = require('fs');
const dir = process.argv[2], suffix = process.argv[3];
const node = JSON.parse(fs.readFileSync(`${dir}/grasp-node${suffix}.json`, 'utf8'));
const chrome = JSON.parse(fs.readFileSync(`${dir}/grasp-chromium${suffix}.json`, 'utf8'));
const native = new Map(fs.readFileSync(`${dir}/grasp-native${suffix}.md`, 'utf8').split('\n').filter((l) => /^\| [a-z]/.test(l) && !l.startsWith('| scene'))
  .map((l) => l.split('|').slice(1, -1).map((c) => c.trim())).map((c) => [c[0], c]));
console.log(`| scene (5 s, h = 2.5 ms; grasplab: median and range of 5 draws) | grasplab native (us/step) | MuJoCo native | ratio | grasplab WASM, Node | mujoco-js ${node.mujocoVersion}, Node | ratio | grasplab WASM, Chromium ${chrome.browser} | mujoco-js, Chromium | ratio | grasplab WASM / native |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [scene, n] of native) {
  const a = node.scenes[scene], b = chrome.scenes[scene];
  const g = parseFloat(n[6]), m = parseFloat(n[7]);  // medians over draws (mujoco_grasp.cc)
    const range = (r) => `${r.usPerStep.toFixed(1)} (${r.min.toFixed(0)}-${r.max.toFixed(0)})`;
  console.log(`| ${scene} | ${n[6]} | ${m.toFixed(1)} | ${(g / m).toFixed(2)}x | ${range(a.grasplab)} | ${a.mujoco.usPerStep.toFixed(1)} | ${(a.grasplab.usPerStep / a.mujoco.usPerStep).toFixed(2)}x | ` +
    `${range(b.grasplab)} | ${b.mujoco.usPerStep.toFixed(1)} | ${(b.grasplab.usPerStep / b.mujoco.usPerStep).toFixed(2)}x | ${(a.grasplab.usPerStep / g).toFixed(2)}x |`);
}
console.log('\n(mujoco-js object end apart from grasplab\'s, mm: ' + Object.entries(node.scenes).map(([s, r]) => `${s} ${r.mujoco.objectEndApartMm.toFixed(1)}`).join(', ') + ')');
JS
done

echo
run_stacks
