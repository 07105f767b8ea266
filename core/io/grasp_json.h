// Grasp metrics as JSON, shared by `grasplab quality`, `grasplab run`'s
// summary and the page's grasp panel.
#pragma once

#include <nlohmann/json.hpp>

#include "core/grasp/grasp_quality.h"

namespace grasplab {

// {forceClosure, epsilonL1, volumeL1, epsilonLinf, volumeLinf (null when
//  skipped), contacts, wrenches, rank, torqueScale, note}
nlohmann::ordered_json GraspQualityJson(const GraspQuality& q);

// The L1 grasp wrench space for drawing it (the page's wrench-space panel):
// {dim, torqueScale (m), forceClosure, epsilonL1, generators: [[fx, fy, fz,
//  tx/rho, ty/rho, tz/rho], ...] (unit normal force each; planar: [fx, fy,
//  tz/rho]), weakest: [dim] or null, margin, joggle} (GraspQuality::weakest;
//  joggle > 0: the hull was built on wrenches moved by up to that).
nlohmann::ordered_json WrenchSpaceJson(const GraspQuality& q);

}  // namespace grasplab
