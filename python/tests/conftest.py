# The module is built into build/native/python/ (scripts/build.sh); the
# tests import it from there and read the repository's assets and golden file.
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build" / "native" / "python"))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def golden():
    runs = json.loads((ROOT / "tests" / "golden" / "state_hashes.json").read_text())["runs"]
    return {(r["scene"], r["solver"], r["steps"]): r["hash"] for r in runs}
