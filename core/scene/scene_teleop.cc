#include "core/scene/scene_teleop.h"

namespace grasplab {

namespace {

Status NeedTeleop(const Scene& scene) {
  if (!scene.teleop) return Status::Error("teleop: the scene has no \"teleop\" entry (docs/teleoperation.md)");
  return Status::Ok();
}

}  // namespace

Status QueueTeleopCommands(Scene* scene, const TeleopSession& commands, const std::string& field) {
  GL_TRY(NeedTeleop(*scene));
  SceneTeleop& t = *scene->teleop;
  if (static_cast<std::int64_t>(t.commands.size() + commands.size()) > kMaxTeleopCommands) {
    return Status::Error(field + ": more than " + std::to_string(kMaxTeleopCommands) + " records");
  }
  std::int64_t floor = scene->world.step_count();
  if (!t.commands.empty()) floor = std::max(floor, t.commands.back().step);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const std::string f = field + "[" + std::to_string(i) + "]";
    GL_TRY(ValidateTeleopCommand(commands[i], f));
    if (commands[i].step < floor) {
      return Status::Error(f + ".step: must be >= " + std::to_string(floor) +
                           " (records in step order, none before the current step), got " +
                           std::to_string(commands[i].step));
    }
    floor = commands[i].step;
  }
  t.commands.insert(t.commands.end(), commands.begin(), commands.end());
  return Status::Ok();
}

Status PushTeleopCommand(Scene* scene, const TeleopInput& input) {
  GL_TRY(NeedTeleop(*scene));
  SceneTeleop& t = *scene->teleop;
  const TeleopCommand c{scene->world.step_count(), input};
  GL_TRY(ValidateTeleopCommand(c, "teleop.command"));
  if (!t.commands.empty() && t.next < t.commands.size() && t.commands.back().step == c.step) {
    t.commands.back() = c;  // not applied yet: the later command of the step wins
    return Status::Ok();
  }
  return QueueTeleopCommands(scene, {c}, "teleop.command");
}

Status ApplyTeleopCommands(Scene* scene) {
  if (!scene->teleop) return Status::Ok();
  SceneTeleop& t = *scene->teleop;
  const std::int64_t now = scene->world.step_count();
  while (t.next < t.commands.size() && t.commands[t.next].step <= now) {
    SceneRobot& r = scene->robots[t.robot];
    if (!t.controller) {
      t.controller = std::make_shared<TeleopController>(scene->world, r.robot, r.controller, t.limits, scene->timestep);
    }
    r.custom = t.controller;
    t.controller->SetInput(t.commands[t.next].input);
    ++t.next;
  }
  return Status::Ok();
}

}  // namespace grasplab
