// The scene a grasp is planned and verified in: the user's scene with the
// named hand placed where the plan puts it and the named object as the
// grasp target (planning/planner.h, planning/grasp_verification.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/scene/scene.h"
#include "core/scene/scene_spec.h"

namespace grasplab {

// Checks that `robot` is a free-floating hand with <grasplab_hand> and
// `object` a dynamic body of the scene; the error names what is wrong and
// what the scene has instead.
Status CheckPlanningTarget(const SceneSpec& spec, const std::string& robot, const std::string& object);

// Where a plan puts the hand: its root link's pose and its driven joints
// (URDF values).
struct HandPlacement {
  Pose X_WR;
  std::vector<std::pair<std::string, double>> joints;
};

// The scene built with the grasp target {object, robot} (the spec's grasp
// settings kept, L-infinity metrics off) and, when given, the hand placed.
StatusOr<Scene> BuildPlanningScene(const std::shared_ptr<const SceneSpec>& spec, const std::string& robot,
                                   const std::string& object, const std::optional<HandPlacement>& placement = {},
                                   const std::vector<ActionSpec>* actions = nullptr);

}  // namespace grasplab
