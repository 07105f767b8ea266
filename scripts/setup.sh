#!/usr/bin/env bash
# Installs everything grasplab needs on Debian 12, idempotently: Debian
# packages through apt (only the missing ones), front-end packages through
# `npm ci` from the committed package-lock.json. Called by run.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  g++ cmake ninja-build        # native build
  emscripten                   # WASM build (3.1.6; needs NODE_PATH=/usr/share/nodejs)
  clang-19 lld-19              # the LLVM em++ runs for the WASM build (CMakeLists.txt, GRASPLAB_WASM_LLVM)
  libeigen3-dev                # linear algebra (header-only)
  nlohmann-json3-dev           # JSON (header-only)
  zlib1g-dev                   # share links in the native CLI (raw DEFLATE)
  catch2                       # native unit tests (v2)
  clang-14 libclang-rt-14-dev  # libFuzzer + sanitizers for the parser fuzz target
  chromium                     # browser tests (playwright-core drives /usr/bin/chromium)
  python3-dev pybind11-dev python3-pybind11  # the Python module (python/)
  python3-numpy python3-pytest               # its arrays and its tests
  python3-distributed                        # grasplab.dask (Dask's scheduler) and its test
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Vite 8 needs Node >= 20.19 (Debian 12's own nodejs is 18).
if ! command -v node >/dev/null || ! node -e '
  const [a, b] = process.versions.node.split(".").map(Number);
  process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
  echo "setup: Node.js >= 20.19 is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# npm ci only when the lock file changed since the last install.
stamp=node_modules/.grasplab-lock.sha
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
