#include "core/scene/scene_spec.h"

namespace grasplab {

const char* ActionTypeName(ActionType type) {
  switch (type) {
    case ActionType::kAutoGraspStatic: return "autograsp-static";
    case ActionType::kAutoGraspDynamic: return "autograsp";
    case ActionType::kOpen: return "open";
    case ActionType::kMove: return "move";
    case ActionType::kMoveJoints: return "joints";
    case ActionType::kLift: return "lift";
    case ActionType::kShake: return "shake";
  }
  return "?";
}

bool ActionTypeFromName(const std::string& name, ActionType* type) {
  for (ActionType t : {ActionType::kAutoGraspStatic, ActionType::kAutoGraspDynamic, ActionType::kOpen, ActionType::kMove,
                       ActionType::kMoveJoints, ActionType::kLift, ActionType::kShake}) {
    if (name == ActionTypeName(t)) {
      *type = t;
      return true;
    }
  }
  return false;
}

const RobotSpec* FindRobotSpec(const SceneSpec& spec, const std::string& name) {
  for (const RobotSpec& r : spec.robots) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

}  // namespace grasplab
