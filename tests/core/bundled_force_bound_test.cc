// Nothing absurd: in every bundled scene's default run (its actions and one
// second more, or 2 s without actions, the CLI's default) every contact
// force stays under a bound derived from the scene before it runs:
//
//   F_max = W + sum_j tau_j / r + sum_i m_i v_max / h
//
// W the weight of every dynamic body; tau_j each driven joint's effort limit
// acting through a lever of r = 1 cm (the shortest a fingertip presses at;
// a prismatic joint's limit is a force already); and every body stopped
// within one step from v_max, the fastest the scene can move anything: a
// free fall over the scene's height, the largest initial speed, and the
// actions' speeds (a lift's height over its duration, a shake's 2 pi f A).
// The bound is loose on purpose (every weight and motor on one contact): a
// force past it is an error of the model, as the 15.5 kN under a bunny
// scene's fingertips that started 5.8 mm inside the ground was.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "core/scene/scene_json.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

namespace {

struct ForceRun {
  double worst = 0.0, worst_t = 0.0, bound = 0.0;
  int nonfinite = 0;
};

ForceRun RunWithBound(const char* name) {
  constexpr double kLever = 0.01, kPi = 3.14159265358979323846;
  Scene s = BundledScene(name);
  World& w = s.world;
  const double g = w.settings().gravity.norm();
  double weight = 0.0, mass = 0.0, z_lo = 1e300, z_hi = -1e300, v0 = 0.0;
  for (BodyId i = 0; i < w.body_count(); ++i) {
    if (w.body_def(i).is_static) continue;
    weight += w.body_def(i).mass * g;
    mass += w.body_def(i).mass;
    z_lo = std::min(z_lo, w.pose(i).p.z());
    z_hi = std::max(z_hi, w.pose(i).p.z());
    v0 = std::max(v0, w.linear_velocity(i).norm() + w.angular_velocity(i).norm() * 0.5);  // a 0.5 m reach
  }
  double motors = 0.0, v_actions = 0.0, end = 0.0;
  for (const SceneRobot& r : s.robots) {
    for (const RobotDof& d : r.robot.dofs) motors += d.is_prismatic ? d.max_effort : d.max_effort / kLever;
  }
  for (const SceneAction& a : s.actions) {
    end = std::max(end, a.at + a.duration);
    if (a.type == ActionType::kLift) v_actions = std::max(v_actions, a.height / a.duration);
    if (a.type == ActionType::kShake) v_actions = std::max(v_actions, 2 * kPi * a.frequency * a.amplitude);
  }
  const double v_max = std::sqrt(2.0 * g * std::max(0.0, z_hi - std::min(z_lo, 0.0))) + v0 + v_actions;
  ForceRun run;
  run.bound = weight + motors + mass * v_max / s.timestep;
  const double duration = s.actions.empty() ? 2.0 : end + 1.0;
  while (w.time() < duration - 1e-9) {
    REQUIRE(StepScene(&s, s.timestep).ok());
    const double h = w.stats().step_length;
    for (const Contact& c : w.contacts()) {
      const double f = std::hypot(c.normal_impulse, c.friction_impulse.norm()) / h;
      if (f > run.worst) run.worst = f, run.worst_t = w.time();
    }
  }
  run.nonfinite = w.stats().nonfinite_events;
  return run;
}

}  // namespace

TEST_CASE("Every bundled scene's contact forces stay under the bound its weights, motors and speeds allow",
          "[scene][forces]") {
  for (const char* name : {"falling-sphere", "shapes", "finger-squeeze", "finger-prism", "arm-hand", "barrett-handset",
                           "barrett-bunny", "bouncing-balls", "box-stacks", "newtons-cradle", "parallel-jaw-cube", "three-finger-sphere",
                           "two-finger-cylinder"}) {
    const ForceRun r = RunWithBound(name);
    INFO(name << ": largest contact force " << r.worst << " N at t = " << r.worst_t << " s, bound " << r.bound << " N");
    CHECK(r.worst < r.bound);
    CHECK(r.worst > 0.0);  // the scene has contacts, so the check checked something
    CHECK(r.nonfinite == 0);
  }
}
