// One sampled frame of a run as a JSON line (`grasplab run --out FILE.jsonl`,
// and the page's recordings): time, every body's pose, the contacts with
// their forces, the joint positions, and the grasp metrics.
//
//   {"time": t, "step": n,
//    "poses": [[px, py, pz, qw, qx, qy, qz], ...]             (per body, world frame)
//    "contacts": [{"a": "...", "b": "...", "point": [..], "normal": [..] (from b to a),
//                  "normalForce": N, "frictionForce": [..] (N, on a)}, ...],
//    "joints": [q, ...]                                      (per world joint, rad or m)
//    "grasp": {...} | null,                                  (io/grasp_json.h)
//    "energy": {"T": J, "Tgrip": J, "ratio": r | null}      (scenes with a grasp only;
//                                                            grasp/kinetic_energy_ratio.h)
//    "sensors": [...]}                                       (scenes with sensors only;
//                                                            io/sensor_json.h, without names)
//
// The grasp metrics of a frame are the L1 ones only (epsilonLinf and
// volumeLinf are null): the L-infinity hull of one frame can take seconds
// (grasp_quality.h), which at one frame per 1/60 s made recordings of
// grasps unusable; `grasplab quality` computes both.
// Forces are the last step's impulses divided by its length.
#pragma once

#include <nlohmann/json.hpp>

#include "core/scene/scene.h"

namespace grasplab {

nlohmann::ordered_json FrameJson(const Scene& scene);

}  // namespace grasplab
