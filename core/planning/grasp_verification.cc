#include "core/planning/grasp_verification.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace grasplab {
namespace {

bool RunsFor(const ActionSpec& a, const std::string& robot, ActionType type) {
  return a.robot == robot && a.type == type;
}

}  // namespace

bool SceneVerifiesGrasp(const SceneSpec& spec, const std::string& robot) {
  bool grasps = false, lifts = false;
  for (const ActionSpec& a : spec.actions) {
    grasps = grasps || RunsFor(a, robot, ActionType::kAutoGraspDynamic);
    lifts = lifts || RunsFor(a, robot, ActionType::kLift);
  }
  return grasps && lifts;
}

std::vector<ActionSpec> VerificationActions(const SceneSpec& spec, const std::string& robot) {
  if (SceneVerifiesGrasp(spec, robot)) return spec.actions;
  std::vector<ActionSpec> out;
  for (const ActionSpec& a : spec.actions) {
    if (a.robot != robot) out.push_back(a);
  }
  ActionSpec grasp;
  grasp.at = 0.2, grasp.type = ActionType::kAutoGraspDynamic, grasp.robot = robot, grasp.duration = 1.0;
  grasp.field = "verification.autograsp";
  ActionSpec lift;
  lift.at = 1.7, lift.type = ActionType::kLift, lift.robot = robot, lift.duration = 1.0, lift.height = 0.1;
  lift.field = "verification.lift";
  ActionSpec shake;
  shake.at = 3.0, shake.type = ActionType::kShake, shake.robot = robot, shake.duration = 2.0;
  shake.axis = Vec3::UnitX(), shake.amplitude = 0.02, shake.frequency = 2.0;
  shake.field = "verification.shake";
  out.push_back(grasp);
  out.push_back(lift);
  out.push_back(shake);
  return out;
}

namespace {

// The object's centre in the hand's root frame.
Vec3 InHand(const World& w, BodyId hand, BodyId object) {
  const Pose& H = w.pose(hand);
  return H.q.conjugate() * (w.pose(object).p - H.p);
}

}  // namespace

StatusOr<GraspVerification> VerifyGrasp(const std::shared_ptr<const SceneSpec>& spec, const std::string& robot,
                                        const std::string& object, const HandPlacement& pregrasp,
                                        const VerificationSettings& settings) {
  GL_TRY(CheckPlanningTarget(*spec, robot, object));
  const std::vector<ActionSpec> actions = VerificationActions(*spec, robot);
  auto built = BuildPlanningScene(spec, robot, object, pregrasp, &actions);
  if (!built.ok()) return Status::Error("pre-grasp: " + built.status().message());
  Scene scene = std::move(built).value();
  const BodyId obj = scene.world.FindBody(object);
  const BodyId hand = scene.robots[FindRobot(scene, robot)].robot.root_body;

  double t_lift = 0.0, lift_height = 0.0, t_lift_end = 0.0, t_end = 0.0;
  bool has_lift = false;
  for (const ActionSpec& a : actions) {
    t_end = std::max(t_end, a.at + a.duration);
    if (!has_lift && RunsFor(a, robot, ActionType::kLift)) {
      has_lift = true, t_lift = a.at, lift_height = a.height, t_lift_end = a.at + a.duration;
    }
  }
  t_end += settings.tail;
  const double h = scene.timestep;
  const int steps = static_cast<int>(std::ceil(t_end / h - 1e-9));
  const double z0 = scene.world.pose(obj).p.z();

  GraspVerification v;
  bool carrying = false, dropped = false, measured_rise = false;
  Vec3 p_lift = Vec3::Zero();
  for (int k = 0; k < steps; ++k) {
    if (Status s = StepScene(&scene, h); !s.ok()) {
      return Status::Error("verification step " + std::to_string(k + 1) + ": " + s.message());
    }
    const double t = scene.world.time();
    if (!carrying && t >= t_lift) {
      carrying = true;
      p_lift = InHand(scene.world, hand, obj);
    }
    if (!measured_rise && t >= t_lift_end) {
      measured_rise = true;
      v.rise = scene.world.pose(obj).p.z() - z0;
    }
    if (carrying && !dropped) {
      v.slip = (InHand(scene.world, hand, obj) - p_lift).norm();
      if (v.slip > settings.drop_slip) {
        dropped = true;
        v.hold_time = t - t_lift;
      } else {
        v.max_slip = std::max(v.max_slip, v.slip);
      }
    }
  }
  v.steps = steps;
  v.time = scene.world.time();
  if (!dropped) v.hold_time = v.time - t_lift;
  v.lifted = has_lift && v.rise >= settings.lift_fraction * lift_height;
  v.held = v.lifted && !dropped;
  const GraspQuality q = EvaluateSceneGrasp(scene);
  v.contacts = q.contact_count;
  v.force_closure = q.force_closure;
  v.epsilon = q.epsilon_l1;
  v.state_hash = scene.world.StateHash();
  return v;
}

}  // namespace grasplab
