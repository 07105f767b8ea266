"""grasplab: GraspIt!-style grasping dynamics from Python (docs/python.md).

The simulation (``Simulation``, ``grasp_probe``, the frame layouts) comes
from the C++ extension ``grasplab._core``; this package adds grasp planning
and dynamic verification of grasp sets (``plan``, ``evaluate``,
``read_grasps``, ``GraspSet``) and, in ``grasplab.dask``, their fan-out over
a Dask cluster. A set planned or evaluated here is row for row the one
``grasplab plan`` and ``grasplab evaluate`` write (docs/planning.md).

Errors raise ``ValueError`` with the core's message, which names the JSON
path, the file and line, or the field.
"""
from __future__ import annotations

import json
import os
import pathlib
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union

# The package is built into build/<tree>/python/grasplab/ beside the extension
# _core. Run as `python3 python/some_script.py`, Python finds this source copy
# (python/grasplab/, no _core) first: let the package's path span every
# grasplab/ folder on sys.path so that _core is found in the build tree.
__path__ = __import__("pkgutil").extend_path(__path__, __name__)

from . import _core  # noqa: E402
from ._core import *  # noqa: E402,F401,F403  (Simulation, grasp_probe, CONTACT_STRIDE, ...)
from ._core import (CONTACT_STRIDE, GRASP_RESULTS_FORMAT, GRASP_SET_FORMAT, JOINT_STRIDE,  # noqa: E402
                    Simulation, frame_layout, grasp_probe)

__all__ = [
    "Simulation", "grasp_probe", "CONTACT_STRIDE", "JOINT_STRIDE", "frame_layout",
    "GRASP_SET_FORMAT", "GRASP_RESULTS_FORMAT",
    "GraspSet", "plan", "evaluate", "read_grasps",
]

PathLike = Union[str, "os.PathLike[str]"]


def _dumps(value: Any) -> str:
    """JSON text as the core writes it: compact, UTF-8, floats that read back bit for bit."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _assets_on_path(path: str) -> Optional[str]:
    """The "assets" folder on a scene file's path (up to and including "assets"), as core LoadSceneFile finds it."""
    at = path.rfind("assets/")
    return path[:at + 6] if at >= 0 else None


def _repository_assets() -> Optional[str]:
    """The repository's assets/ folder, found upwards from this package (build/<tree>/python/grasplab/), or None."""
    here = pathlib.Path(__file__).resolve().parent
    for folder in here.parents:
        if (folder / "assets" / "scenes" / "index.json").is_file():
            return str(folder / "assets")
    return None


def _with_asset_hint(error: ValueError, asset_root: str) -> ValueError:
    """The core's error, with a hint to pass asset_root when it could not read an asset for want of one."""
    message = str(error)
    if not asset_root and "cannot be read here" in message:
        message += " (no asset folder: pass asset_root=, the folder holding robots/ and meshes/)"
    return ValueError(message)


def _from_link(link: str, asset_root: Optional[PathLike] = None) -> Simulation:
    """Loads a scene from a share link (the page's "Copy link", `grasplab link`), a "#scene=..."
    fragment or its value; assets ("assets/...") from asset_root, by default the repository's."""
    root = os.fspath(asset_root) if asset_root is not None else (_repository_assets() or "")
    try:
        return _core.Simulation._from_link(link, root)
    except ValueError as error:
        raise _with_asset_hint(error, root) from None


Simulation.from_link = staticmethod(_from_link)  # type: ignore[attr-defined]


class GraspSet:
    """A grasp set or its results: the header (a dict) and the rows (dicts, one per grasp).

    ``header`` is the first line of a ``grasplab-grasps`` or ``grasplab-grasp-results``
    file (format, set id, scene text, robot, object, seed, steps, grasps); ``rows``
    are the following lines, each ``{"index": i, ...}`` (docs/planning.md).
    ``asset_root`` (not written to files) is where the scene's assets were read
    when the set was planned or evaluated here; ``evaluate`` reuses it.
    """

    def __init__(self, header: Mapping[str, Any], rows: Iterable[Mapping[str, Any]] = (),
                 asset_root: Optional[str] = None) -> None:
        """A set from a header dict and row dicts (copied shallowly)."""
        if not isinstance(header, Mapping):
            raise TypeError(f"GraspSet: header must be a dict, got {type(header).__name__}")
        self.header: Dict[str, Any] = dict(header)
        self.rows: List[Dict[str, Any]] = [dict(r) for r in rows]
        self.asset_root = asset_root

    @property
    def format(self) -> str:
        """``"grasplab-grasps"`` (planned) or ``"grasplab-grasp-results"`` (evaluated)."""
        return self.header.get("format", "")

    @property
    def set_id(self) -> str:
        """The set id (16 hex digits): a hash of scene text, robot, object, seed, steps and count."""
        return self.header.get("set", "")

    def __len__(self) -> int:
        """The number of rows held (``header["grasps"]`` for a complete set)."""
        return len(self.rows)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        """The rows, in order."""
        return iter(self.rows)

    def __getitem__(self, k: int) -> Dict[str, Any]:
        """Row at position ``k`` (its ``"index"`` for a complete set in index order)."""
        return self.rows[k]

    def __eq__(self, other: object) -> bool:
        """Same header and the same rows in the same order."""
        if not isinstance(other, GraspSet):
            return NotImplemented
        return self.header == other.header and self.rows == other.rows

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        """Format, set id, robot, object and row count."""
        return (f"<GraspSet {self.format} set={self.set_id} robot={self.header.get('robot')!r} "
                f"object={self.header.get('object')!r} rows={len(self.rows)}/{self.header.get('grasps')}>")

    def lines(self) -> List[str]:
        """The file's lines (without newlines): the header, then each row, as compact JSON."""
        return [_dumps(self.header)] + [_dumps(r) for r in self.rows]

    def write(self, path: PathLike) -> PathLike:
        """Writes the set as JSON Lines to ``path`` atomically and returns ``path``.

        The text is checked as ``read_grasps`` would read it (ValueError naming the
        line and field, nothing written), written to ``path + ".partial"`` and renamed
        over ``path`` with ``os.replace``: a reader sees the old file or the whole new
        one, never a part.
        """
        target = os.fspath(path)
        data = ("\n".join(self.lines()) + "\n").encode("utf-8")
        _core._parse_grasp_file(data, target)
        partial = target + ".partial"
        try:
            with open(partial, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(partial, target)
        except BaseException:
            try:
                os.unlink(partial)
            except OSError:
                pass
            raise
        return path

    def summary(self) -> Dict[str, Any]:
        """What the rows say (io/grasp_set.h SummarizeGraspRows), as ``grasplab plan/evaluate`` print it.

        Rows, planned, planErrors, staticForceClosure; for results also verified,
        lifted, held, forceClosureAfter, meanSlipMmWhenHeld and the held fraction by
        static epsilon bin (byStaticEpsilon).
        """
        return json.loads(_core._summarize_rows([_dumps(r) for r in self.rows]))


def read_grasps(path: PathLike) -> GraspSet:
    """Reads a grasp set or results file (``grasplab plan``/``evaluate`` output, or ``GraspSet.write``).

    Strict, through the core's reader (io/grasp_set.h ParseGraspFile): a bad header
    (an edited field no longer matching the set id), a bad row or a truncated last
    line raises ValueError naming ``file:line`` and the field.
    """
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ValueError(f"{name}: cannot open file ({e.strerror})") from e
    header, rows = _core._parse_grasp_file(data, name)
    return GraspSet(json.loads(header), [json.loads(r) for r in rows])


def _check_seed(seed: int) -> int:
    """The set's seed: a whole number in [0, 2^64 - 1] (the file format's range)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed: must be a whole number, got {seed!r}")
    if not 0 <= seed < 2 ** 64:
        raise ValueError(f"seed: must be in [0, 2^64 - 1], got {seed}")
    return seed


def _check_count(name: str, value: int, lo: int, hi: int) -> int:
    """A whole number in [lo, hi], as the CLI checks --grasps and --steps."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name}: must be a whole number in [{lo}, {hi}], got {value!r}")
    return value


def _check_indices(indices: Iterable[int], grasps: int) -> List[int]:
    """Row indices to plan: whole numbers in [0, grasps), each once."""
    out: List[int] = []
    seen = set()
    for k, i in enumerate(indices):
        if isinstance(i, bool) or not isinstance(i, int):
            raise ValueError(f"indices[{k}]: must be a whole number, got {i!r}")
        if not 0 <= i < grasps:
            raise ValueError(f"indices[{k}]: row {i} is outside the set's rows [0, {grasps})")
        if i in seen:
            raise ValueError(f"indices[{k}]: row {i} appears twice")
        seen.add(i)
        out.append(i)
    return out


def plan(scene: PathLike, robot: Optional[str] = None, object: Optional[str] = None, grasps: int = 10,
         seed: int = 1, steps: int = 1000, indices: Optional[Iterable[int]] = None,
         asset_root: Optional[PathLike] = None) -> GraspSet:
    """Plans a grasp set, as ``grasplab plan SCENE --grasps N --seed S --steps K`` does.

    ``scene`` is a scene file's path, or the scene's JSON text (a string that starts
    with ``{`` after whitespace). ``robot`` and ``object`` default to the scene's
    ``"grasp"`` entry (ValueError if it has none); an unknown name raises with the
    core's message, which lists the scene's robots or dynamic bodies. Each grasp is
    ``steps`` annealing steps (docs/planning.md); grasp ``i`` depends only on the
    scene, robot, object, ``seed``, ``steps`` and ``i``, so ``indices`` (a subset of
    ``range(grasps)``) plans just those rows, identical to the same rows of the full
    set. ``asset_root`` is where ``assets/...`` (robot models, meshes) are read:
    default for a path, the ``assets`` folder on it (as ``Simulation.from_file``),
    else the repository's ``assets/`` beside this package; JSON text has no
    default, so a scene with assets needs it. The GIL is released while planning.
    Returns a ``GraspSet`` (format ``grasplab-grasps``).
    """
    if isinstance(scene, os.PathLike):
        scene = os.fspath(scene)
    if not isinstance(scene, str):
        raise TypeError(f"plan: scene must be a path or JSON text, got {type(scene).__name__}")
    grasps = _check_count("grasps", grasps, 1, 10000000)
    steps = _check_count("steps", steps, 1, 1000000)
    seed = _check_seed(seed)
    rows = None if indices is None else _check_indices(indices, grasps)
    if scene.lstrip().startswith("{"):
        text: Union[str, bytes] = scene
        label = ""
        root = os.fspath(asset_root) if asset_root is not None else ""
    else:
        try:
            with open(scene, "rb") as f:
                text = f.read()
        except OSError as e:
            raise ValueError(f"{scene}: cannot open file ({e.strerror})") from e
        label = scene
        root = (os.fspath(asset_root) if asset_root is not None
                else _assets_on_path(scene) or _repository_assets() or "")
    root = os.path.abspath(root) if root else ""  # stays valid when the working directory changes
    try:
        header, planned = _core._plan_rows(text, label, robot or "", object or "", grasps, seed, steps, rows, root)
    except ValueError as e:
        raise _with_asset_hint(e, root) from None
    return GraspSet(json.loads(header), [json.loads(r) for r in planned], asset_root=root or None)


def _evaluation_asset_root(grasps: GraspSet, asset_root: Optional[PathLike]) -> str:
    """Where evaluate reads assets: the argument, the set's own, the assets folder on the
    header's scene path if it exists here, else the repository's assets/ ("" if none)."""
    if asset_root is not None:
        root = os.fspath(asset_root)
    elif grasps.asset_root:
        root = grasps.asset_root
    else:
        on_path = _assets_on_path(str(grasps.header.get("scene", "")))
        root = on_path if on_path and os.path.isdir(on_path) else _repository_assets() or ""
    return os.path.abspath(root) if root else ""  # absolute: Dask workers may run elsewhere


def _select_rows(grasps: GraspSet, rows: Optional[Iterable[int]]) -> List[Dict[str, Any]]:
    """The set's rows, or those whose "index" is in ``rows`` (in that order)."""
    if rows is None:
        return grasps.rows
    by_index = {r.get("index"): r for r in grasps.rows}
    out = []
    for k, i in enumerate(rows):
        if isinstance(i, bool) or not isinstance(i, int) or i not in by_index:
            raise ValueError(f"rows[{k}]: the set has no row with index {i!r}")
        out.append(by_index[i])
    return out


def _as_grasp_set(grasps: Union[GraspSet, PathLike]) -> GraspSet:
    """A GraspSet as given, or read from a path (read_grasps)."""
    if isinstance(grasps, GraspSet):
        return grasps
    if isinstance(grasps, (str, os.PathLike)):
        return read_grasps(grasps)
    raise TypeError(f"grasps must be a GraspSet or a path, got {type(grasps).__name__}")


def evaluate(grasps: Union[GraspSet, PathLike], rows: Optional[Iterable[int]] = None,
             asset_root: Optional[PathLike] = None) -> GraspSet:
    """Verifies a set's grasps by dynamics, as ``grasplab evaluate GRASPS.jsonl`` does.

    ``grasps`` is a ``GraspSet`` or a path to a set file. Each row is placed at its
    pre-grasp, closed by the dynamic auto-grasp, lifted and shaken
    (planning/grasp_verification.h); it comes back with ``"dynamic"`` (lifted, held,
    slip, hold time, force closure and epsilon after, stateHash) or
    ``"dynamicError"``. ``rows`` (row indices) evaluates only those. A row's result
    depends only on the header and the row, so any split gives the same rows.
    ``asset_root``: default the set's own (from ``plan``), else the ``assets`` folder
    on the header's scene path if it exists, else the repository's. The GIL is
    released while evaluating. Returns a ``GraspSet`` with the same header in format
    ``grasplab-grasp-results`` and the rows in the order given.
    """
    gs = _as_grasp_set(grasps)
    selected = _select_rows(gs, rows)
    root = _evaluation_asset_root(gs, asset_root)
    try:
        header, out = _core._evaluate_rows(_dumps(gs.header), [_dumps(r) for r in selected], root)
    except ValueError as e:
        raise _with_asset_hint(e, root) from None
    return GraspSet(json.loads(header), [json.loads(r) for r in out], asset_root=root or None)


def _prepare_evaluation(grasps: GraspSet, asset_root: Optional[PathLike]) -> "tuple[Dict[str, Any], str]":
    """Checks a set for evaluation without evaluating (header, rows, scene, target): the results header and
    the asset root. grasplab.dask runs it on the client before sending rows to the workers."""
    root = _evaluation_asset_root(grasps, asset_root)
    try:
        header = _core._prepare_evaluation(_dumps(grasps.header), [_dumps(r) for r in grasps.rows], root)
    except ValueError as e:
        raise _with_asset_hint(e, root) from None
    return json.loads(header), root
