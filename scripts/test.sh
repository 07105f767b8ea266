#!/usr/bin/env bash
# Every test: native (Catch2 via ctest), WASM in Node, and the browser
# (playwright-core + Debian chromium). Installs and builds first. Exits
# non-zero on any failure; the last line sums the three suites.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || exit 1
scripts/build.sh || exit 1

mkdir -p test-artifacts
status=0
passed=0
failed=0

count() {  # count <log> <pass-regex> <fail-regex>: adds the suite's numbers
  local p f
  p=$(grep -oE "$2" "$1" | grep -oE '[0-9]+' | tail -1)
  f=$(grep -oE "$3" "$1" | grep -oE '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-0}))
}

echo "== native tests (ctest)"
ctest --preset native 2>&1 | tee test-artifacts/native.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
total=$(grep -oE 'out of [0-9]+' test-artifacts/native.log | grep -oE '[0-9]+' | tail -1)
nfail=$(grep -oE '[0-9]+ tests failed' test-artifacts/native.log | grep -oE '[0-9]+' | tail -1)
passed=$((passed + ${total:-0} - ${nfail:-0}))
failed=$((failed + ${nfail:-0}))

echo "== WASM tests (node --test)"
node --test tests/wasm/ 2>&1 | tee test-artifacts/wasm.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count test-artifacts/wasm.log '^# pass [0-9]+' '^# fail [0-9]+'

echo "== Python module tests (pytest, Debian's python3)"
PYTHONPATH=build/native/python /usr/bin/python3 -m pytest -q -p no:cacheprovider python/tests 2>&1 | tee test-artifacts/python.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count test-artifacts/python.log '[0-9]+ passed' '[0-9]+ failed'

echo "== browser tests (node --test, playwright-core + chromium)"
node --test --test-concurrency=1 tests/browser/ 2>&1 | tee test-artifacts/browser.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count test-artifacts/browser.log '^# pass [0-9]+' '^# fail [0-9]+'

echo "== fuzzing the untrusted inputs (libFuzzer, ASan + UBSan): scenes 20 s; URDF, meshes, links, grasp sets 10 s each"
# Each target from a fresh copy of its corpus so the run does not write into the repository.
fuzz() {  # fuzz <target> <corpus dir> <seconds>
  local corpus ok=0
  corpus=$(mktemp -d)
  cp "$2"/* "$corpus"/
  if (cd test-artifacts && ../build/fuzz/"$1" -max_total_time="$3" -max_len=8192 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 "$corpus" > "$1.log" 2>&1); then
    ok=1
  fi
  rm -rf "$corpus"
  grep -E "Done [0-9]+ runs" "test-artifacts/$1.log" || true
  if [ "$ok" -eq 1 ]; then
    echo "$1: passed (no crash; inputs in test-artifacts/$1.log)"
    passed=$((passed + 1))
  else
    echo "$1: FAILED (see test-artifacts/$1.log and test-artifacts/crash-*)"
    tail -30 "test-artifacts/$1.log" 2>/dev/null
    failed=$((failed + 1))
    status=1
  fi
}
if cmake --preset fuzz >/dev/null && cmake --build --preset fuzz >/dev/null; then
  fuzz scene_fuzz tests/fuzz/corpus 20
  fuzz urdf_fuzz tests/fuzz/corpus_urdf 10
  fuzz mesh_fuzz tests/fuzz/corpus_mesh 10
  fuzz link_fuzz tests/fuzz/corpus_link 10
  fuzz grasp_set_fuzz tests/fuzz/corpus_grasps 10
else
  echo "fuzz: FAILED to build the fuzz targets"
  failed=$((failed + 1))
  status=1
fi

echo "screenshots: $(ls test-artifacts/*.png 2>/dev/null | tr '\n' ' ')"
[ "$failed" -eq 0 ] || status=1
echo "all: $passed passed, $failed failed"
exit $status
