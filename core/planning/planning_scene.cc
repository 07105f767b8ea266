#include "core/planning/planning_scene.h"

#include <variant>

#include "core/scene/scene_build.h"

namespace grasplab {

namespace {

std::string Names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + ("\"" + n + "\"");
  return out.empty() ? "none" : out;
}

}  // namespace

Status CheckPlanningTarget(const SceneSpec& spec, const std::string& robot, const std::string& object) {
  const RobotSpec* r = FindRobotSpec(spec, robot);
  if (!r) {
    std::vector<std::string> names;
    for (const RobotSpec& x : spec.robots) names.push_back(x.name);
    return Status::Error("robot \"" + robot + "\": the scene has no robot of that name (robots: " + Names(names) + ")");
  }
  if (r->attach) {
    return Status::Error("robot \"" + robot + "\": is attached to " +
                         (r->attach->robot.empty() ? "body \"" + r->attach->body + "\""
                                                   : "robot \"" + r->attach->robot + "\"") +
                         "; the planner places a free-floating hand");
  }
  if (!r->model->hand) {
    return Status::Error("robot \"" + robot + "\": its model " + r->model_path +
                         " has no <grasplab_hand> (approach and eigengrasps, docs/planning.md)");
  }
  const BodySpec* body = nullptr;
  std::vector<std::string> dynamic;
  for (const BodySpec& b : spec.bodies) {
    if (b.def.name == object) body = &b;
    if (!b.def.is_static) dynamic.push_back(b.def.name);
  }
  if (!body) {
    return Status::Error("object \"" + object + "\": the scene has no body of that name (dynamic bodies: " +
                         Names(dynamic) + ")");
  }
  if (body->def.is_static && std::holds_alternative<MeshShape>(body->def.shape)) {
    return Status::Error("object \"" + object + "\": is a static triangle mesh (a surface, possibly open, that " +
                         "can only be scenery); to grasp a mesh give it as {\"type\": \"convex\", \"asset\": ...}, " +
                         "its closed hull, on a dynamic body");
  }
  if (body->def.is_static) {
    return Status::Error("object \"" + object + "\": is static; the object to grasp must be a dynamic body (" +
                         Names(dynamic) + ")");
  }
  return Status::Ok();
}

StatusOr<Scene> BuildPlanningScene(const std::shared_ptr<const SceneSpec>& spec, const std::string& robot,
                                   const std::string& object, const std::optional<HandPlacement>& placement,
                                   const std::vector<ActionSpec>* actions) {
  GL_TRY(CheckPlanningTarget(*spec, robot, object));
  auto copy = std::make_shared<SceneSpec>(*spec);
  for (RobotSpec& r : copy->robots) {
    if (r.name != robot || !placement) continue;
    r.X_WR = placement->X_WR;
    r.initial = placement->joints;
  }
  GraspTargetSpec target;
  if (copy->grasp && copy->grasp->object == object) target = *copy->grasp;
  target.object = object;
  target.robot = robot;
  target.settings.compute_linf = false;
  if (target.field.empty()) target.field = "grasp";
  copy->grasp = target;
  if (actions) copy->actions = *actions;
  return BuildScene(std::move(copy));
}

}  // namespace grasplab
