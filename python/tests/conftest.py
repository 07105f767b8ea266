# The package is built into build/native/python/grasplab/ (scripts/build.sh);
# the tests import it from there (or from GRASPLAB_PYTHON_DIR, relative to
# the repository, for another build tree: GRASPLAB_PYTHON_DIR=build/pyhelper/python)
# and read the repository's assets and golden file.
import json
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / os.environ.get("GRASPLAB_PYTHON_DIR", "build/native/python")
sys.path.insert(0, str(PYTHON_DIR))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """The grasplab program of the same build tree as the package."""
    return PYTHON_DIR.parent / "grasplab"


@pytest.fixture(scope="session")
def golden():
    runs = json.loads((ROOT / "tests" / "golden" / "state_hashes.json").read_text())["runs"]
    # Keyed (scene, solver, steps) for the scenes' own formulation, and with
    # the formulation appended for runs that replace it.
    return {(r["scene"], r["solver"], r["steps"]) + ((r["formulation"],) if "formulation" in r else ()): r["hash"]
            for r in runs}
