#!/usr/bin/env python3
"""Python call cost (a benchmark, not a test; docs/benchmarks.md).

For a scene, N steps taken as one sim.step(N) and as N calls of sim.step(1),
after a warm-up, and the per-call overhead between them. Compare the whole
process against `grasplab run SCENE --steps N` with a process timer.

    PYTHONPATH=build/native/python python3 python/bench.py assets/scenes/barrett-handset.json 2000
"""
import json
import sys
import time

import grasplab


def main():
    path, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    out = {"scene": path, "steps": n}
    for mode in ("one call", "one call per step"):
        sim = grasplab.Simulation.from_file(path)
        sim.step(100)  # warm-up: caches, the first contacts
        t0 = time.perf_counter()
        if mode == "one call":
            sim.step(n)
        else:
            for _ in range(n):
                sim.step()
        out[mode + " (us/step)"] = 1e6 * (time.perf_counter() - t0) / n
        out[mode + " hash"] = sim.state_hash()
    out["overhead per call (us)"] = out["one call per step (us/step)"] - out["one call (us/step)"]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
