#!/usr/bin/env bash
# Builds everything: native core + CLI + tests, the WASM module, the web page.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # Debian emscripten's optimizer needs Debian's acorn

cmake --preset native >/dev/null
cmake --build --preset native
cmake --preset wasm >/dev/null
cmake --build --preset wasm
npm run --silent build:web
# The page loads scenes, robot models and meshes from assets/ like the CLI does.
rm -rf build/web/assets
cp -r assets build/web/assets
