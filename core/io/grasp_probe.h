// Grasp analysis of contacts given by hand, not found by a simulation: a
// lesson (or a script) places contacts on an object and asks whether they
// reach force closure, their epsilon and their wrench space
// (core/grasp/grasp_quality.h). Input (JSON, untrusted):
//   { "contacts": [ { "position": [x, y, z] (m), "normal": [x, y, z] (into the
//        object, normalised here; must not be zero), "friction": mu (0..100) } ],
//     "center": [x, y, z] (m, the object's centre of mass),
//     "torqueScale": rho (m, > 0), "frictionEdges": 4 | 6 | 8 | 12 | 16 (default 8) }
// at most 64 contacts. Output: GraspQualityJson plus "wrenchSpace"
// (io/grasp_json.h), L1 only; or {"error": "json.path: problem"}.
#pragma once

#include <string>

namespace grasplab {

std::string EvaluateGraspProbeJson(const std::string& text);

}  // namespace grasplab
