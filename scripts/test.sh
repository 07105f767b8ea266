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

echo "== browser tests (node --test, playwright-core + chromium)"
node --test --test-concurrency=1 tests/browser/ 2>&1 | tee test-artifacts/browser.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count test-artifacts/browser.log '^# pass [0-9]+' '^# fail [0-9]+'

echo "screenshots: $(ls test-artifacts/*.png 2>/dev/null | tr '\n' ' ')"
[ "$failed" -eq 0 ] || status=1
echo "all: $passed passed, $failed failed"
exit $status
