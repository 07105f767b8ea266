// A planned grasp as a scene file (grasplab grasp-scene, docs/planning.md):
// the set's scene with the hand at the row's pre-grasp and the actions its
// verification runs, so the page (through a share link), `grasplab run` or
// Python replay exactly the run that gave the row's "dynamic" result (the
// same state hash after the same steps).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/base/status.h"
#include "core/io/grasp_set.h"
#include "core/scene/scene_parse.h"

namespace grasplab {

// The scene's JSON text for row `row` of a set; errors name the problem.
StatusOr<std::string> GraspRowSceneJson(const GraspSetHeader& header, const SceneLoadOptions& options,
                                        const nlohmann::ordered_json& row);

}  // namespace grasplab
