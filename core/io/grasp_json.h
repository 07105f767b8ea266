// Grasp metrics as JSON, shared by `grasplab quality`, `grasplab run`'s
// summary and the page's grasp panel.
#pragma once

#include <nlohmann/json.hpp>

#include "core/grasp/grasp_quality.h"

namespace grasplab {

// {forceClosure, epsilonL1, volumeL1, epsilonLinf, volumeLinf (null when
//  skipped), contacts, wrenches, rank, torqueScale, note}
nlohmann::ordered_json GraspQualityJson(const GraspQuality& q);

}  // namespace grasplab
