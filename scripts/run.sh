#!/usr/bin/env bash
# The main job: install what is missing, build, and serve the simulator on
# localhost (prints the URL). PORT=8080 by default.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
exec node scripts/serve.mjs build/web --port "${PORT:-8080}"
