// Grasp analysis of contacts given by hand, not found by a simulation: a
// lesson (or a script) places contacts on an object and asks whether they
// reach force closure, their epsilon and their wrench space
// (core/grasp/grasp_quality.h). Input (JSON, untrusted):
//   { "contacts": [ { "position": [x, y, z] (m), "normal": [x, y, z] (into the
//        object, normalised here; must not be zero), "friction": mu (0..100),
//        "torsionalRadius": m (0..1, optional: this contact's own soft-finger
//        r_t, a pad's; GraspContact::torsional_radius) } ],
//     "center": [x, y, z] (m, the object's centre of mass),
//     "torqueScale": rho (m, > 0), "frictionEdges": 4 | 6 | 8 | 12 | 16 (default 8),
//     "contactModel": "point" | "frictionless" | "soft-finger" (default point),
//     "space": "spatial" | "planar" (default spatial), "torsionalRadius": m (0..1, default 0.005),
//     "linf": true | false (default false: the L-infinity epsilon and volume too; slower) }
// (frictionEdges to torsionalRadius as in a scene's "grasp"), at most 256
// contacts. Output: GraspQualityJson (epsilonLinf, volumeLinf null unless
// "linf") plus "wrenchSpace" (io/grasp_json.h, the L1 hull); or
// {"error": "json.path: problem"}.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/scene/scene.h"

namespace grasplab {

std::string EvaluateGraspProbeJson(const std::string& text);

// The probe input of a scene's grasp as it stands: the contacts its live
// evaluation uses (scene/scene.h: GraspContacts), the object's centre, its
// torque scale and the grasp's settings, so that EvaluateGraspProbeJson of
// it equals the live L1 evaluation bit for bit (doubles are written to
// round-trip; unit normals are not renormalised). Null without a grasp.
// The page records it with each frame, to draw a recorded frame's wrench space.
nlohmann::ordered_json GraspProbeInput(const Scene& scene);

}  // namespace grasplab
