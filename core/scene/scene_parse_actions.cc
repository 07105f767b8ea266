// The scene's timed actions and its grasp entry. Names (robots, joints) stay
// names here; the builder (scene/scene_build.cc) resolves what needs the
// live robot (driven joints, whether the robot floats free).
#include <algorithm>

#include "core/scene/scene_parse_parts.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

Status ParseActionType(const Node& n, const std::string& type, ActionType* out) {
  if (type == "autograsp") {
    std::string mode = "dynamic";
    GL_TRY(String(n, "mode", &mode, false));
    if (mode == "static") {
      *out = ActionType::kAutoGraspStatic;
    } else if (mode == "dynamic") {
      *out = ActionType::kAutoGraspDynamic;
    } else {
      return Status::Error(n.Child("mode") + ": must be \"static\" or \"dynamic\", got \"" + mode + "\"");
    }
  } else if (type == "open") {
    *out = ActionType::kOpen;
  } else if (type == "move") {
    *out = ActionType::kMove;
  } else if (type == "lift") {
    *out = ActionType::kLift;
  } else if (type == "shake") {
    *out = ActionType::kShake;
  } else if (type == "joints") {
    *out = ActionType::kMoveJoints;
  } else {
    return Status::Error(n.Child("type") + ": must be one of autograsp, open, move, lift, shake, joints; got \"" + type +
                         "\"");
  }
  return Status::Ok();
}

// The fields that only some action types read.
Status ParseActionParameters(const Node& n, const RobotSpec& robot, ActionSpec* a) {
  switch (a->type) {
    case ActionType::kMove:
      if (!n.Has("position")) return Status::Error(n.Child("position") + ": required");
      GL_TRY(Pose7(n, &a->pose));
      GL_TRY(String(n, "link", &a->link, false));
      if (!a->link.empty() && robot.model->FindLink(a->link) < 0) {
        return Status::Error(n.Child("link") + ": robot \"" + robot.name + "\" has no link \"" + a->link + "\"");
      }
      break;
    case ActionType::kLift:
      GL_TRY(Number(n, "height", &a->height, false, -10.0, 10.0));
      break;
    case ActionType::kShake: {
      double ax[3] = {1, 0, 0};
      GL_TRY(Vector(n, "axis", 3, ax, false));
      a->axis = Vec3(ax[0], ax[1], ax[2]);
      if (!(a->axis.norm() > 1e-9)) return Status::Error(n.Child("axis") + ": must be non-zero");
      a->axis.normalize();
      GL_TRY(Number(n, "amplitude", &a->amplitude, false, 0.0, 1.0));
      GL_TRY(Number(n, "frequency", &a->frequency, false, 0.0, 50.0, true));
      break;
    }
    case ActionType::kMoveJoints: {
      if (!n.Has("joints") || !n.json().at("joints").is_object()) {
        return Status::Error(n.Child("joints") + ": required, an object of joint name: target");
      }
      const Node j = n.At("joints");
      for (auto it = j.json().begin(); it != j.json().end(); ++it) {
        if (!it.value().is_number() || !IsFinite(it.value().get<double>())) {
          return Status::Error(j.Child(it.key()) + ": must be a finite number");
        }
        a->joints.push_back({it.key(), it.value().get<double>()});
      }
      break;
    }
    default:
      break;
  }
  return Status::Ok();
}

}  // namespace

Status ParseActions(const Node& root, SceneSpec* spec) {
  if (!root.Has("actions")) return Status::Ok();
  const Node list = root.At("actions");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > 1000) return list.Error("at most 1000 actions");
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node n = list.At(i);
    GL_TRY(n.ExpectObject({"at", "type", "robot", "mode", "duration", "position", "orientation", "height", "axis",
                           "amplitude", "frequency", "joints", "link"}));
    ActionSpec a;
    GL_TRY(Number(n, "at", &a.at, true, 0.0, 1e6));
    std::string type;
    GL_TRY(String(n, "type", &type, true));
    GL_TRY(String(n, "robot", &a.robot, true));
    const RobotSpec* robot = FindRobotSpec(*spec, a.robot);
    if (!robot) return Status::Error(n.Child("robot") + ": no robot named \"" + a.robot + "\"");
    GL_TRY(Number(n, "duration", &a.duration, false, 0.0, 1e6, true));
    GL_TRY(ParseActionType(n, type, &a.type));
    GL_TRY(ParseActionParameters(n, *robot, &a));
    a.field = n.path();
    spec->actions.push_back(std::move(a));
  }
  return Status::Ok();
}

Status ParseGrasp(const Node& root, SceneSpec* spec) {
  if (!root.Has("grasp")) return Status::Ok();
  const Node g = root.At("grasp");
  GL_TRY(g.ExpectObject({"object", "robot", "frictionEdges", "contactModel", "space", "torsionalRadius"}));
  GraspTargetSpec gs;
  GL_TRY(String(g, "object", &gs.object, true));
  const auto body = std::find_if(spec->bodies.begin(), spec->bodies.end(),
                                 [&](const BodySpec& b) { return b.def.name == gs.object; });
  if (body == spec->bodies.end()) return Status::Error(g.Child("object") + ": no body named \"" + gs.object + "\"");
  if (body->def.is_static) return Status::Error(g.Child("object") + ": must be a dynamic body");
  GL_TRY(String(g, "robot", &gs.robot, false));
  if (!gs.robot.empty() && !FindRobotSpec(*spec, gs.robot)) {
    return Status::Error(g.Child("robot") + ": no robot named \"" + gs.robot + "\"");
  }
  GraspQualitySettings& settings = gs.settings;
  double edges = settings.friction_edges;
  GL_TRY(Number(g, "frictionEdges", &edges, false, 4, 16));
  settings.friction_edges = static_cast<int>(edges);
  if (edges != settings.friction_edges || !ValidateFrictionDirections(settings.friction_edges, "frictionEdges").ok()) {
    return Status::Error(g.Child("frictionEdges") + ": must be 4, 6, 8, 12 or 16");
  }
  std::string model, space;
  GL_TRY(String(g, "contactModel", &model, false));
  if (model.empty()) {
    settings.model = GraspContactModel::kPointContact;
  } else if (!GraspContactModelFromName(model, &settings.model)) {
    return Status::Error(g.Child("contactModel") + ": must be point, frictionless or soft-finger, got \"" + model +
                         "\"");
  }
  GL_TRY(String(g, "space", &space, false));
  if (space == "planar") {
    settings.space = GraspSpace::kPlanar;
  } else if (!space.empty() && space != "spatial") {
    return Status::Error(g.Child("space") + ": must be spatial or planar, got \"" + space + "\"");
  }
  GL_TRY(Number(g, "torsionalRadius", &settings.torsional_radius, false, 0.0, 1.0));
  gs.field = g.path();
  spec->grasp = std::move(gs);
  return Status::Ok();
}

}  // namespace grasplab
