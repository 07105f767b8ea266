// PD joint control as a bounded row (core/control/joint_controllers): the
// row's target, compliance and bound against the law, and gain checks.
#include <catch2/catch.hpp>

#include "core/control/joint_controllers.h"

using namespace grasplab;

TEST_CASE("The PD law as an implicit bounded row", "[pd]") {
  JointController c;
  c.enabled = true;
  c.gains = {50.0, 2.0, 3.0};  // kp N m/rad, kd N m s/rad, max 3 N m
  c.target_position = 0.4;
  c.target_velocity = 0.1;
  const double q = 0.25, h = 0.0025;
  const PdMotorRow row = MotorRow(c, q, h);
  // v_t = (kp (q_t - q) + kd q_dot_t) / (kd + h kp), c = 1 / (h (kd + h kp)), bound = max_effort h.
  const double denom = 2.0 + h * 50.0;
  CHECK(row.target_velocity == Approx((50.0 * (0.4 - 0.25) + 2.0 * 0.1) / denom).epsilon(1e-15));
  CHECK(row.compliance == Approx(1.0 / (h * denom)).epsilon(1e-15));
  CHECK(row.bound == Approx(3.0 * h).epsilon(1e-15));
  // The row's impulse f at the joint velocity v it allows: f = (v_t - v) / c, i.e. h tau with
  // tau = kp (q_t - (q + h v)) + kd (q_dot_t - v): the law evaluated at the end of the step.
  const double v = 0.3;
  const double f = (row.target_velocity - v) / row.compliance;
  const double tau = 50.0 * (0.4 - (q + h * v)) + 2.0 * (0.1 - v);
  CHECK(f == Approx(h * tau).epsilon(1e-12));
}

TEST_CASE("PD gains are checked with the caller's names", "[pd]") {
  CHECK(ValidatePdGains({10.0, 1.0, 2.0}, "joints[0].controller").ok());
  PdGainNames names;
  names.max_effort = "maxEffort";
  const Status s = ValidatePdGains({10.0, 1.0, 0.0}, "robots[0].controller.gains.j1", names);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().rfind("robots[0].controller.gains.j1.maxEffort", 0) == 0);
  CHECK_FALSE(ValidatePdGains({-1.0, 1.0, 2.0}, "j").ok());
  CHECK_FALSE(ValidatePdGains({0.0, 0.0, 2.0}, "j").ok());  // no gain at all
}
