#!/usr/bin/env python3
"""Dask scaling of grasp verification (a benchmark, not a test; docs/benchmarks.md).

Plans a set (three-finger gripper on the cylinder by default) and verifies it
three ways, timed as wall time of the call: grasplab.evaluate in this process,
then grasplab.dask.evaluate on a LocalCluster of 1 and of 2 worker processes
(one thread each). Checks that every way gives the same rows, and prints the
rows per second and the speed-up of 2 workers over 1.

    PYTHONPATH=build/native/python python3 python/bench_dask.py [GRASPS] [STEPS]
"""
import json
import os
import pathlib
import sys
import time

import grasplab
import grasplab.dask

ROOT = pathlib.Path(__file__).resolve().parents[1]


def main():
    grasps = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    scene = ROOT / "assets" / "scenes" / "three-finger-sphere.json"
    t0 = time.perf_counter()
    planned = grasplab.plan(str(scene), grasps=grasps, steps=steps, seed=11)
    out = {"scene": scene.name, "grasps": grasps, "annealingSteps": steps,
           "planSeconds": time.perf_counter() - t0}

    t0 = time.perf_counter()
    single = grasplab.evaluate(planned)
    out["inProcessSeconds"] = time.perf_counter() - t0

    from dask.distributed import Client, LocalCluster

    # The workers import grasplab from the same build.
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [str(pathlib.Path(grasplab.__file__).parents[1]),
                                                           os.environ.get("PYTHONPATH", "")] if p)
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.run(lambda: __import__("grasplab"))  # start-up outside the timing
            t0 = time.perf_counter()
            result = grasplab.dask.evaluate(planned, client)
            out[f"dask{workers}Seconds"] = time.perf_counter() - t0
            out[f"dask{workers}SameRows"] = result == single
    out["rowsPerSecondInProcess"] = grasps / out["inProcessSeconds"]
    out["rowsPerSecondDask1"] = grasps / out["dask1Seconds"]
    out["rowsPerSecondDask2"] = grasps / out["dask2Seconds"]
    out["speedup2over1"] = out["dask1Seconds"] / out["dask2Seconds"]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
