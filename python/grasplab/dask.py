"""Grasp verification fanned out over a Dask cluster (docs/python.md).

``grasplab.dask.evaluate(grasps, client)`` splits a set's rows into chunks,
evaluates each chunk on a worker with ``grasplab.evaluate`` and joins the
results: row for row what ``grasplab.evaluate(grasps)`` gives on one machine
(a row's result depends only on the set's header and the row). Dask
(Debian's python3-distributed) is imported only when called, so
``import grasplab`` works without it. The workers must be able to
``import grasplab`` (the same build, e.g. PYTHONPATH=build/native/python in
their environment) and read the scene's assets at the same path as the
client (or pass ``asset_root``).
"""
from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Union

import grasplab

__all__ = ["evaluate"]


def _evaluate_chunk(header: Dict[str, Any], rows: List[Dict[str, Any]], asset_root: str) -> List[Dict[str, Any]]:
    """Runs on a worker: evaluates one chunk of rows of the set ``header`` and returns the result rows."""
    import grasplab as worker_grasplab  # the worker's own import (its PYTHONPATH)

    done = worker_grasplab.evaluate(worker_grasplab.GraspSet(header, rows), asset_root=asset_root)
    return done.rows


def _default_chunk_size(rows: int, threads: int) -> int:
    """About four chunks per worker thread: small enough to balance, large enough to amortise a task."""
    return max(1, math.ceil(rows / max(1, 4 * threads)))


def evaluate(grasps: Union["grasplab.GraspSet", str], client: Any, chunk_size: Optional[int] = None,
             asset_root: Optional[str] = None) -> "grasplab.GraspSet":
    """Verifies a grasp set by dynamics on a Dask cluster; equal row for row to ``grasplab.evaluate(grasps)``.

    ``grasps`` is a ``GraspSet`` or a path to a set file; ``client`` a
    ``dask.distributed.Client``. The set (header, rows, scene, robot and object)
    is checked here first, so bad input raises ValueError before any task is
    sent. Rows go out in chunks of ``chunk_size`` (default: about four chunks
    per worker thread, from ``client.nthreads()``) through ``client.map``; the
    results are gathered and put back in the set's row order. ``asset_root``
    (default as for ``grasplab.evaluate``) must be a path the workers can read.
    A failed chunk raises its exception here. Returns a ``GraspSet`` in format
    ``grasplab-grasp-results``.
    """
    try:  # lazily: grasplab works without Dask
        import dask.distributed  # noqa: F401
    except ImportError as e:
        raise ImportError("grasplab.dask needs Dask's distributed scheduler (Debian: python3-distributed)") from e

    gs = grasplab._as_grasp_set(grasps)
    header, root = grasplab._prepare_evaluation(gs, asset_root)
    if chunk_size is None:
        chunk_size = _default_chunk_size(len(gs.rows), sum(client.nthreads().values()))
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size: must be a whole number >= 1, got {chunk_size!r}")
    chunks = [gs.rows[k:k + chunk_size] for k in range(0, len(gs.rows), chunk_size)]
    results: List[List[Dict[str, Any]]] = []
    if chunks:
        futures = client.map(_evaluate_chunk, [gs.header] * len(chunks), chunks, [root] * len(chunks),
                             key="grasplab-evaluate", pure=False)
        try:
            results = client.gather(futures)
        finally:
            for f in futures:
                f.release()
    position = {r["index"]: k for k, r in enumerate(gs.rows)}
    rows = sorted((row for chunk in results for row in chunk), key=lambda r: position[r["index"]])
    if len(rows) != len(gs.rows):
        raise RuntimeError(f"grasplab.dask.evaluate: {len(rows)} rows came back for {len(gs.rows)} sent")
    return grasplab.GraspSet(header, rows, asset_root=root or None)
