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
# Done so far: the Lemke kernel. grasplab_bench_lemke records the island
# LCPs of real simulations (grasps and box stacks, 200 steps each) and
# times grasplab's Lemke from z = 0 and with the warm start; Siconos
# numerics' lcp_lexicolemke (libsiconos-numerics-dev) solves the very same
# LCPs from the recorded files. Not yet here: MuJoCo, mujoco-js, Jolt,
# Rapier and Bullet on the grasp and stack scenes (docs/benchmarks.md).
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
cmake --build --preset native --target grasplab_bench_lemke >/dev/null
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
for (const r of ours) {
  const s = siconos.get(key(r[0]));
  if (!s) continue;
  const sic = parseFloat(s[2]), cold = parseFloat(r[3]), warm = parseFloat(r[5]);
  console.log(`| ${r[0]} | ${r[1]} | ${r[2]} | ${sic.toFixed(1)} | ${cold.toFixed(1)} | ${warm.toFixed(1)} | ${(sic / cold).toFixed(2)}x | ${(sic / warm).toFixed(1)}x |`);
}
JS
