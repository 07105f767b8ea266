// Building a live Scene (scene/scene.h) from a SceneSpec (scene/scene_spec.h):
// a World with the spec's settings, materials, bodies and joints, the robots
// placed and attached, actions resolved to robots and driven joints and
// sorted by time, and the grasp target. Names are resolved here in file
// order, so errors that need the live model ("actions[2].joints.j1: robot
// \"hand\" has no driven joint of that name") still name the JSON path.
//
// A spec builds the same scene every time: Reset is BuildScene(scene.spec).
#pragma once

#include <memory>

#include "core/base/status.h"
#include "core/scene/scene.h"
#include "core/scene/scene_spec.h"

namespace grasplab {

StatusOr<Scene> BuildScene(std::shared_ptr<const SceneSpec> spec);

}  // namespace grasplab
