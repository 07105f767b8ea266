# Grasp planning and dynamic verification from Python (grasplab.plan,
# grasplab.evaluate, grasplab.dask.evaluate) against the CLI's files row for
# row, determinism under any split of the rows, strict reading with errors
# naming file:line and field, atomic writes, and the type stub. Kept short:
# the three-finger hand on a sphere, 300 annealing steps, 6 grasps.
import ast
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

import grasplab
import grasplab.dask

GRASPS, STEPS = 6, 300


@pytest.fixture(scope="module")
def scene(root):
    return str(root / "assets" / "scenes" / "three-finger-sphere.json")


@pytest.fixture(scope="module")
def planned(scene):
    return grasplab.plan(scene, grasps=GRASPS, steps=STEPS)


@pytest.fixture(scope="module")
def evaluated(planned):
    return grasplab.evaluate(planned)


@pytest.fixture(scope="module")
def cli_run(tmp_path_factory, cli, scene):
    """`grasplab plan` and `grasplab evaluate` of the same set: (grasps file, results file, evaluate's summary)."""
    d = tmp_path_factory.mktemp("cli")
    grasps, results = d / "g.jsonl", d / "g.results.jsonl"
    subprocess.run([str(cli), "plan", scene, "--grasps", str(GRASPS), "--steps", str(STEPS), "--out", str(grasps)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run([str(cli), "evaluate", str(grasps)], check=True, capture_output=True, text=True).stdout
    return grasps, results, json.loads(out)["summary"]


def lines(path):
    return [json.loads(line) for line in pathlib.Path(path).read_text().splitlines()]


def test_plan_is_deterministic_and_any_subset_of_rows_is_the_same_rows(scene, planned):
    assert planned.format == "grasplab-grasps" and len(planned) == GRASPS
    assert [r["index"] for r in planned] == list(range(GRASPS))
    assert planned.header["robot"] == "hand" and planned.header["object"] == "object"  # the scene's "grasp" entry
    # Not trivially equal rows: each grasp has its own seed and pose, and some reach force closure.
    assert len({r["seed"] for r in planned}) == GRASPS
    assert len({tuple(r["position"]) for r in planned}) == GRASPS
    assert any(r["static"]["forceClosure"] for r in planned)
    again = grasplab.plan(scene, grasps=GRASPS, steps=STEPS)
    assert again == planned
    part = grasplab.plan(scene, grasps=GRASPS, steps=STEPS, indices=[3, 2])
    assert part.header == planned.header
    assert part.rows == [planned.rows[3], planned.rows[2]]
    # Another seed is another set.
    other = grasplab.plan(scene, grasps=2, steps=STEPS, seed=2)
    assert other.set_id != planned.set_id and other.rows[0]["position"] != planned.rows[0]["position"]


def test_plan_gives_the_clis_rows_and_set_id(planned, cli_run):
    grasps_file, _, _ = cli_run
    header, *rows = lines(grasps_file)
    assert planned.header["set"] == header["set"]
    assert planned.header == header  # same path given, so even "scene" agrees
    assert planned.rows == rows
    # The scene as JSON text plans the same set (the set id hashes the text, not the path).
    text = grasplab.plan(planned.header["sceneText"], grasps=GRASPS, steps=STEPS,
                         asset_root=planned.asset_root, indices=[0, 5])
    assert text.set_id == header["set"] and text.rows == [rows[0], rows[5]]
    assert text.header["scene"] == "three-finger-sphere"  # the scene's name for text


def test_evaluate_gives_the_clis_results_and_summary(planned, evaluated, cli_run):
    grasps_file, results_file, cli_summary = cli_run
    header, *rows = lines(results_file)
    assert evaluated.format == "grasplab-grasp-results"
    assert evaluated.header == header
    assert evaluated.rows == rows
    assert all("stateHash" in r["dynamic"] for r in evaluated)
    assert [r["dynamic"]["stateHash"] for r in evaluated] == [r["dynamic"]["stateHash"] for r in rows]
    assert evaluated.summary() == cli_summary
    assert cli_summary["held"] >= 1  # a set in which something is held
    # From the CLI's file, and a subset by row index: the same rows.
    assert grasplab.evaluate(str(grasps_file), rows=[4, 1]).rows == [rows[4], rows[1]]


@pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")  # tornado, inside distributed
def test_dask_evaluate_on_a_local_cluster_equals_evaluate(planned, evaluated, monkeypatch):
    from dask.distributed import Client, LocalCluster

    # The workers are new processes: they find the package under test through PYTHONPATH.
    package_dir = str(pathlib.Path(grasplab.__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [package_dir, os.environ.get("PYTHONPATH")])))
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        with Client(cluster) as client:
            by_dask = grasplab.dask.evaluate(planned, client)  # default: 1-row chunks for 2 threads
            assert by_dask == evaluated
            uneven = grasplab.dask.evaluate(planned, client, chunk_size=4)  # chunks of 4 and 2
            assert uneven.rows == evaluated.rows
            # The work ran in the worker processes, which imported the same package.
            files = client.run(lambda: __import__("grasplab").__file__)
            assert len(files) == 2 and set(files.values()) == {grasplab.__file__}
            # Bad input is refused on the client, before any task goes out.
            rows = [dict(r) for r in planned.rows]
            rows[4]["position"] = [0, 0, "up"]
            with pytest.raises(ValueError, match=r'^rows\[4\]: field "position": must hold finite numbers'):
                grasplab.dask.evaluate(grasplab.GraspSet(planned.header, rows), client)
    finally:
        cluster.close()


def test_bad_input_raises_valueerror_naming_the_problem(scene, planned, tmp_path):
    with pytest.raises(ValueError, match=r'^robot "arm": the scene has no robot of that name \(robots: "hand"\)'):
        grasplab.plan(scene, robot="arm", grasps=2, steps=10)
    with pytest.raises(ValueError, match=r'^object "ball": the scene has no body of that name \(dynamic bodies: "object"\)'):
        grasplab.plan(scene, object="ball", grasps=2, steps=10)
    with pytest.raises(ValueError, match=r"asset files cannot be read here .*pass asset_root="):
        grasplab.plan(planned.header["sceneText"], grasps=2, steps=10)  # text: no asset folder by default
    with pytest.raises(ValueError, match=r"^indices\[1\]: row 6 is outside the set's rows \[0, 6\)"):
        grasplab.plan(scene, grasps=GRASPS, steps=10, indices=[0, 6])

    # A truncated file (an interrupted write): file:line.
    path = tmp_path / "g.jsonl"
    text = "\n".join(planned.lines()) + "\n"
    path.write_text(text[:-40])
    for read in (grasplab.read_grasps, grasplab.evaluate):
        with pytest.raises(ValueError, match=rf"^{re.escape(str(path))}:{GRASPS + 1}: the file ends in the middle of a line"):
            read(str(path))

    # An edited header (another seed, the old set id): the set id no longer matches.
    header = dict(planned.header, seed="2")
    path.write_text("\n".join([json.dumps(header)] + planned.lines()[1:]) + "\n")
    with pytest.raises(ValueError, match=rf'^{re.escape(str(path))}:1: field "set": is {planned.set_id} but the header\'s fields give'):
        grasplab.read_grasps(path)
    with pytest.raises(ValueError, match=r'^header: field "set": is '):
        grasplab.evaluate(grasplab.GraspSet(header, planned.rows))

    # A bad row in memory: its position in the list and the field.
    rows = [dict(r) for r in planned.rows]
    rows[1]["orientation"] = [1, 0, 0]
    with pytest.raises(ValueError, match=r'^rows\[1\]: field "orientation": must be an array of 4 numbers'):
        grasplab.evaluate(grasplab.GraspSet(planned.header, rows))
    with pytest.raises(ValueError, match=r"^rows\[0\]: the set has no row with index 9"):
        grasplab.evaluate(planned, rows=[9])
    with pytest.raises(ValueError, match="cannot open file"):
        grasplab.read_grasps(tmp_path / "none.jsonl")


def test_write_is_atomic_and_reads_back_exactly(planned, evaluated, tmp_path, monkeypatch):
    path = tmp_path / "r.jsonl"
    assert grasplab.read_grasps(evaluated.write(path)) == evaluated
    assert grasplab.read_grasps(planned.write(str(path))) == planned
    assert sorted(os.listdir(tmp_path)) == ["r.jsonl"]  # no .partial left behind
    before = path.read_bytes()

    # The new text goes to r.jsonl.partial, whole, and is renamed over r.jsonl: until the
    # rename the old file is there unchanged; a failed rename leaves it and no partial.
    seen = []

    def failing_replace(src, dst):
        seen.append((src, dst, pathlib.Path(src).read_bytes(), pathlib.Path(dst).read_bytes()))
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        evaluated.write(path)
    monkeypatch.undo()
    (src, dst, new, old), = seen
    assert src == str(path) + ".partial" and dst == str(path)
    assert new == ("\n".join(evaluated.lines()) + "\n").encode() and old == before
    assert path.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["r.jsonl"]

    # A set the reader would refuse is not written at all.
    bad = grasplab.GraspSet(planned.header, planned.rows + [dict(planned.rows[0])])
    with pytest.raises(ValueError, match=rf"^{re.escape(str(path))}:{GRASPS + 2}: row 0 appears twice"):
        bad.write(path)
    assert path.read_bytes() == before


def test_import_grasplab_needs_no_dask(tmp_path):
    code = ("import sys; sys.modules['dask'] = None; sys.modules['distributed'] = None\n"
            "import grasplab, grasplab.dask\n"
            "try:\n    grasplab.dask.evaluate(None, None)\n"
            "except ImportError as e:\n    print('ImportError', e)\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(pathlib.Path(grasplab.__file__).parents[1])))
    assert out.stdout.startswith("ImportError grasplab.dask needs Dask")


def test_scripts_in_python_find_the_built_package(root):
    # `python3 python/bench.py` puts python/ (the package's source, without _core) first on
    # sys.path; the package then finds _core in the build tree on PYTHONPATH.
    code = "import grasplab, grasplab.dask; print(grasplab._core.__file__, grasplab.Simulation.__name__)"
    out = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(root / 'python')!r}); {code}"],
                         check=True, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(pathlib.Path(grasplab.__file__).parents[1])))
    assert out.stdout.split() == [grasplab._core.__file__, "Simulation"]


def test_the_type_stub_covers_the_public_api():
    stub_dir = pathlib.Path(grasplab.__file__).parent
    assert (stub_dir / "py.typed").exists()
    tree = ast.parse((stub_dir / "__init__.pyi").read_text())
    top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    top |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert set(grasplab.__all__) <= top
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for cls in (grasplab.Simulation, grasplab.GraspSet):
        stubbed = {n.name for n in classes[cls.__name__].body if isinstance(n, ast.FunctionDef)}
        stubbed |= {n.target.id for n in classes[cls.__name__].body if isinstance(n, ast.AnnAssign)}
        public = {name for name in dir(cls) if not name.startswith("_")}
        if cls is grasplab.GraspSet:
            public |= {"header", "rows", "asset_root"}
        assert public <= stubbed, public - stubbed
    dask_stub = ast.parse((stub_dir / "dask.pyi").read_text())
    assert {n.name for n in dask_stub.body if isinstance(n, ast.FunctionDef)} == set(grasplab.dask.__all__)
    # Every public function of the package says what it does.
    for f in (grasplab.plan, grasplab.evaluate, grasplab.read_grasps, grasplab.dask.evaluate,
              grasplab.GraspSet.write, grasplab.GraspSet.summary):
        assert f.__doc__ and len(f.__doc__) > 40, f.__name__
