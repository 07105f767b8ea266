// The scene's "teleop" entry (docs/teleoperation.md): which robot an
// operator drives and the command filter's workspace box, speed caps and
// time constant (control/teleop_filter.h). Checked here with JSON paths; the
// builder checks what needs the live robot (free-floating, starts inside
// the box).
#include "core/scene/scene_parse_parts.h"

namespace grasplab {

Status ParseTeleop(const Node& root, SceneSpec* spec) {
  if (!root.Has("teleop")) return Status::Ok();
  const Node t = root.At("teleop");
  GL_TRY(t.ExpectObject({"robot", "workspace", "maxSpeed", "maxAngularSpeed", "timeConstant"}));
  TeleopSpec out;
  GL_TRY(String(t, "robot", &out.robot, true));
  if (!FindRobotSpec(*spec, out.robot)) {
    return Status::Error(t.Child("robot") + ": the scene has no robot named \"" + out.robot + "\"");
  }
  if (!t.Has("workspace")) return Status::Error(t.Child("workspace") + ": required ({\"min\": [x, y, z], \"max\": [x, y, z]})");
  const Node w = t.At("workspace");
  GL_TRY(w.ExpectObject({"min", "max"}));
  GL_TRY(Vector(w, "min", 3, out.limits.lo.data(), true));
  GL_TRY(Vector(w, "max", 3, out.limits.hi.data(), true));
  GL_TRY(Number(t, "maxSpeed", &out.limits.max_speed, false, 0.0, 10.0, true));
  GL_TRY(Number(t, "maxAngularSpeed", &out.limits.max_angular_speed, false, 0.0, 100.0, true));
  GL_TRY(Number(t, "timeConstant", &out.limits.time_constant, false, 0.0, 10.0));
  GL_TRY(ValidateTeleopLimits(out.limits, t.path()));
  spec->teleop = out;
  return Status::Ok();
}

}  // namespace grasplab
