#include "core/scene/scene.h"

#include "core/grasp/auto_grasp.h"
#include "core/scene/scene_teleop.h"

namespace grasplab {

int FindRobot(const Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.robots.size(); ++i) {
    if (scene.robots[i].robot.name == name) return static_cast<int>(i);
  }
  return -1;
}

Status RunAction(Scene* scene, const SceneAction& a) {
  if (a.robot < 0 || a.robot >= static_cast<int>(scene->robots.size())) return Status::Error("action: unknown robot");
  SceneRobot& r = scene->robots[a.robot];
  World& w = scene->world;
  const double t = w.time();
  switch (a.type) {
    case ActionType::kAutoGraspStatic: {
      auto result = AutoGraspStatic(&w, r.robot);
      if (!result.ok()) return result.status();
      r.controller.HoldCurrent(w, r.robot);
      return Status::Ok();
    }
    case ActionType::kAutoGraspDynamic:
      AutoGraspDynamic(&r.controller, w, r.robot, t, a.duration);
      return Status::Ok();
    case ActionType::kOpen:
      OpenHand(&r.controller, w, r.robot, t, a.duration);
      return Status::Ok();
    case ActionType::kMove:
      if (!a.link.empty()) return r.controller.MoveCartesian(w, r.robot, a.link, a.pose, t, a.duration);
      return r.controller.MoveMount(w, r.robot, a.pose, t, a.duration);
    case ActionType::kLift: {
      Pose target = w.pose(r.robot.root_body);
      target.p.z() += a.height;
      return r.controller.MoveMount(w, r.robot, target, t, a.duration);
    }
    case ActionType::kShake:
      return r.controller.ShakeMount(w, r.robot, a.axis, a.amplitude, a.frequency, t, a.duration);
    case ActionType::kMoveJoints:
      for (const auto& [dof, value] : a.joints) r.controller.MoveJoint(w, r.robot, dof, value, t, a.duration);
      return Status::Ok();
  }
  return Status::Ok();
}

bool RobotFloatsFree(const Scene& scene, int robot) {
  const Robot& r = scene.robots[robot].robot;
  return r.mount >= 0 && !scene.world.body_def(scene.world.joint_def(r.mount).parent).collides;
}

Status RunButtonAction(Scene* scene, const std::string& type, const std::string& robot, double duration) {
  SceneAction a;
  a.robot = FindRobot(*scene, robot);
  if (a.robot < 0) return Status::Error("action: the scene has no robot named \"" + robot + "\"");
  const bool known = ActionTypeFromName(type, &a.type);
  if (!known || a.type == ActionType::kMove || a.type == ActionType::kMoveJoints) {
    return Status::Error("action: type must be autograsp-static, autograsp, open, lift or shake, got \"" + type + "\"");
  }
  if (!(duration > 0.0) || duration > 100.0) return Status::Error("action: duration must be in (0, 100] s");
  if ((a.type == ActionType::kLift || a.type == ActionType::kShake) && !RobotFloatsFree(*scene, a.robot)) {
    return Status::Error("action: robot \"" + robot + "\" is not free-floating (it is static or attached), so it cannot " +
                         type);
  }
  a.duration = duration;
  return RunAction(scene, a);
}

Status SetExternalControl(Scene* scene, const std::string& robot, bool external) {
  const int r = FindRobot(*scene, robot);
  if (r < 0) return Status::Error("the scene has no robot named \"" + robot + "\"");
  SceneRobot& sr = scene->robots[r];
  if (external) {
    sr.custom = std::make_shared<ExternalController>();
  } else {
    sr.custom.reset();
    sr.controller.HoldCurrent(scene->world, sr.robot);
  }
  return Status::Ok();
}

Status SetRobotJointTarget(Scene* scene, const std::string& robot, const std::string& joint, double position,
                           double velocity) {
  const int r = FindRobot(*scene, robot);
  if (r < 0) return Status::Error("the scene has no robot named \"" + robot + "\"");
  const Robot& rb = scene->robots[r].robot;
  const int d = rb.FindDof(joint);
  if (d < 0) return Status::Error("robot \"" + robot + "\" has no driven joint \"" + joint + "\"");
  return rb.SetTarget(&scene->world, d, position, velocity);
}

Status StepScene(Scene* scene, double h) {
  World& w = scene->world;
  // An action is due once the time has reached it (within half a step, so
  // "at": 0.5 runs at the step starting at 0.5 despite rounding).
  for (SceneAction& a : scene->actions) {
    if (a.done || a.at > w.time() + 0.5 * h) continue;
    a.done = true;
    if (Status s = RunAction(scene, a); !s.ok()) {
      return Status::Error("actions (" + std::string(ActionTypeName(a.type)) + " at " + std::to_string(a.at) + " s): " + s.message());
    }
  }
  GL_TRY(ApplyTeleopCommands(scene));
  for (SceneRobot& r : scene->robots) {
    RobotController& c = r.custom ? *r.custom : r.controller;
    if (Status s = c.Update(w.time(), &w, r.robot); !s.ok()) return s;
  }
  return w.Step(h);
}

std::vector<GraspContact> GraspContacts(const Scene& scene) {
  std::vector<GraspContact> out;
  if (!scene.grasp) return out;
  const GraspSpec& g = *scene.grasp;
  const World& w = scene.world;
  auto by_hand = [&](BodyId other) {
    return g.robot >= 0 ? scene.robots[g.robot].robot.OwnsBody(other) : !w.body_def(other).is_static;
  };
  for (const Contact& c : w.contacts()) {
    BodyId other;
    double sign;
    if (c.body_a == g.object) {
      other = c.body_b, sign = 1.0;
    } else if (c.body_b == g.object) {
      other = c.body_a, sign = -1.0;
    } else {
      continue;
    }
    if (!by_hand(other)) continue;
    out.push_back({c.p_W, sign * c.n_W, c.static_friction});
  }
  // A pressed pad took its face's contacts over (world/pad_stage.h): it is
  // one contact at its centre of pressure c, along its normal n (out of the
  // pad, into the indenter), with its friction mu, and a soft finger with
  // its torsion arm (the pad's torsion row resists a twist up to mu F rho).
  for (int i = 0; i < w.pad_count(); ++i) {
    const PadContact& pc = w.pad_contact(i);
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    const BodyId pad_body = w.pad_def(i).body;
    BodyId other;
    double sign;
    if (pc.other == g.object) {
      other = pad_body, sign = 1.0;
    } else if (pad_body == g.object) {
      other = pc.other, sign = -1.0;
    } else {
      continue;
    }
    if (!by_hand(other)) continue;
    GraspContact gc{pc.c_W, sign * pc.n_W, pc.friction};
    gc.torsional_radius = pc.torsion_arm;
    out.push_back(gc);
  }
  return out;
}

GraspQuality EvaluateSceneGrasp(const Scene& scene) {
  return scene.grasp ? EvaluateSceneGrasp(scene, scene.grasp->settings) : EvaluateSceneGrasp(scene, {});
}

GraspQuality EvaluateSceneGrasp(const Scene& scene, const GraspQualitySettings& settings) {
  if (!scene.grasp) {
    GraspQuality q;
    q.note = "the scene names no grasped object";
    return q;
  }
  const BodyId obj = scene.grasp->object;
  const std::vector<GraspContact> contacts = GraspContacts(scene);
  return EvaluateGrasp(contacts, scene.world.pose(obj).p, BoundingRadius(scene.world.body_def(obj).shape), settings);
}

GraspQuality EvaluateSceneGraspLive(const Scene& scene, bool linf) {
  if (!scene.grasp) return EvaluateSceneGrasp(scene);
  GraspQualitySettings settings = scene.grasp->settings;
  settings.compute_linf = settings.compute_linf && linf;
  return EvaluateSceneGrasp(scene, settings);
}

KineticEnergyRatio EvaluateSceneEnergy(const Scene& scene) {
  if (!scene.grasp) return {};
  const int r = scene.grasp->robot >= 0 ? scene.grasp->robot : (scene.robots.empty() ? -1 : 0);
  const BodyId reference = r >= 0 ? scene.robots[r].robot.root_body : -1;
  return ComputeKineticEnergyRatio(scene.world, scene.grasp->object, reference, 1e-6);
}

}  // namespace grasplab
