// The scene's sensors (docs/sensors.md): joint encoders, a wrist
// force/torque sensor and tactile arrays, each on a robot declared earlier in
// the file, by link and joint names. Every field is checked here with its
// JSON path; the builder (scene/scene_build.cc) resolves the names to the
// World's bodies and joints.
#include <algorithm>

#include "core/scene/scene_parse_parts.h"

namespace grasplab {
namespace {

inline constexpr int kMaxSensors = 64;

Status ParseNoise(const Node& s, SensorType type, SensorNoise* noise) {
  if (!s.Has("noise")) return Status::Ok();
  const Node n = s.At("noise");
  switch (type) {
    case SensorType::kJoint:
      GL_TRY(n.ExpectObject({"position", "velocity", "effort", "seed"}));
      GL_TRY(Number(n, "position", &noise->position, false, 0.0, 1e6));
      GL_TRY(Number(n, "velocity", &noise->velocity, false, 0.0, 1e6));
      GL_TRY(Number(n, "effort", &noise->effort, false, 0.0, 1e9));
      break;
    case SensorType::kForceTorque:
      GL_TRY(n.ExpectObject({"force", "torque", "seed"}));
      GL_TRY(Number(n, "force", &noise->force, false, 0.0, 1e9));
      GL_TRY(Number(n, "torque", &noise->torque, false, 0.0, 1e9));
      break;
    case SensorType::kTactile:
      GL_TRY(n.ExpectObject({"stddev", "seed"}));
      GL_TRY(Number(n, "stddev", &noise->taxel, false, 0.0, 1e9));
      break;
  }
  double seed = 0.0;
  GL_TRY(Number(n, "seed", &seed, false, 0.0, 9007199254740991.0));
  if (seed != static_cast<double>(static_cast<std::uint64_t>(seed))) {
    return Status::Error(n.Child("seed") + ": must be a whole number in [0, 2^53 - 1], got " + Describe(n.At("seed").json()));
  }
  noise->seed = static_cast<std::uint64_t>(seed);
  return Status::Ok();
}

Status ParseLink(const Node& s, const RobotSpec& robot, bool required, std::string* link) {
  GL_TRY(String(s, "link", link, required));
  if (!link->empty() && robot.model->FindLink(*link) < 0) {
    return Status::Error(s.Child("link") + ": robot \"" + robot.name + "\" has no link \"" + *link + "\"");
  }
  return Status::Ok();
}

Status ParseJointList(const Node& s, const RobotSpec& robot, std::vector<std::string>* joints) {
  if (!s.Has("joints")) return Status::Ok();
  const Node list = s.At("joints");
  if (!list.json().is_array() || list.json().empty()) return list.Error("must be a non-empty array of joint names");
  for (std::size_t k = 0; k < list.json().size(); ++k) {
    const Node j = list.At(k);
    if (!j.json().is_string()) return j.Error("must be a joint name");
    const std::string name = j.json().get<std::string>();
    const int index = robot.model->FindJoint(name);
    if (index < 0) return j.Error("robot \"" + robot.name + "\" has no joint \"" + name + "\"");
    if (robot.model->joints[index].type == UrdfJointType::kFixed) {
      return j.Error("joint \"" + name + "\" is fixed; an encoder reads a moving joint");
    }
    if (std::find(joints->begin(), joints->end(), name) != joints->end()) {
      return j.Error("joint \"" + name + "\" is listed twice");
    }
    joints->push_back(name);
  }
  return Status::Ok();
}

Status ParseSensor(const Node& s, const SceneSpec& spec, SensorSpec* out) {
  std::string type;
  GL_TRY(String(s, "type", &type, true));
  SensorDef& d = out->def;
  if (type == "joint") {
    d.type = SensorType::kJoint;
    GL_TRY(s.ExpectObject({"type", "name", "robot", "joints", "rate", "noise"}));
  } else if (type == "force_torque") {
    d.type = SensorType::kForceTorque;
    GL_TRY(s.ExpectObject({"type", "name", "robot", "link", "position", "orientation", "gravityCompensation", "rate",
                           "noise"}));
  } else if (type == "tactile" && s.Has("pad")) {
    // A pad's pressure grid: the pad gives the body, face and taxels.
    d.type = SensorType::kTactile;
    GL_TRY(s.ExpectObject({"type", "name", "pad", "rate", "noise"}));
    GL_TRY(String(s, "name", &d.name, true));
    GL_TRY(String(s, "pad", &out->pad, true));
    bool found = false;
    for (const PadSpec& p : spec.pads) found = found || p.def.name == out->pad;
    if (!found) return Status::Error(s.Child("pad") + ": no pad named \"" + out->pad + "\"");
    GL_TRY(Number(s, "rate", &d.rate, false, 0.0, 1e6));
    return ParseNoise(s, d.type, &d.noise);
  } else if (type == "tactile") {
    d.type = SensorType::kTactile;
    GL_TRY(s.ExpectObject({"type", "name", "robot", "link", "position", "orientation", "size", "rows", "cols", "depth",
                           "rate", "noise"}));
  } else {
    return Status::Error(s.Child("type") + ": must be \"joint\", \"force_torque\" or \"tactile\", got \"" + type + "\"");
  }
  GL_TRY(String(s, "name", &d.name, true));
  GL_TRY(String(s, "robot", &out->robot, true));
  const RobotSpec* robot = FindRobotSpec(spec, out->robot);
  if (!robot) return Status::Error(s.Child("robot") + ": no robot named \"" + out->robot + "\"");
  GL_TRY(Number(s, "rate", &d.rate, false, 0.0, 1e6));
  GL_TRY(ParseNoise(s, d.type, &d.noise));
  switch (d.type) {
    case SensorType::kJoint:
      GL_TRY(ParseJointList(s, *robot, &out->joints));
      break;
    case SensorType::kForceTorque:
      GL_TRY(ParseLink(s, *robot, false, &out->link));
      GL_TRY(Pose7(s, &d.X_BS));
      GL_TRY(Bool(s, "gravityCompensation", &d.gravity_compensation));
      break;
    case SensorType::kTactile: {
      GL_TRY(ParseLink(s, *robot, true, &out->link));
      GL_TRY(Pose7(s, &d.X_BS));
      GL_TRY(Size2(s, &d.size_x, &d.size_y));
      GL_TRY(Integer(s, "rows", &d.rows, true, 1, 64));
      GL_TRY(Integer(s, "cols", &d.cols, true, 1, 64));
      GL_TRY(Number(s, "depth", &d.depth, false, 0.0, 1.0, /*lo_open=*/true));
      break;
    }
  }
  return Status::Ok();
}

}  // namespace

Status ParseSensors(const Node& root, SceneSpec* spec) {
  if (!root.Has("sensors")) return Status::Ok();
  const Node list = root.At("sensors");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > static_cast<std::size_t>(kMaxSensors)) {
    return list.Error("at most " + std::to_string(kMaxSensors) + " sensors");
  }
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node s = list.At(i);
    if (!s.json().is_object()) return s.Error("must be an object");
    SensorSpec ss;
    GL_TRY(ParseSensor(s, *spec, &ss));
    for (const SensorSpec& other : spec->sensors) {
      if (other.def.name == ss.def.name) {
        return Status::Error(s.Child("name") + ": duplicate sensor name \"" + ss.def.name + "\"");
      }
    }
    ss.field = s.path();
    spec->sensors.push_back(std::move(ss));
  }
  return Status::Ok();
}

}  // namespace grasplab
