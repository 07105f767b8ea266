// PD joint control (Miller & Christensen section 5) as a bounded LCP row:
// steady-state error, damping and effort limits against analytic answers.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;
constexpr double kH = 0.0025;

// A 1 kg point-like bob on a massless rod of length L about a horizontal
// hinge (+y) at (0, 0, 1); q = 0 with the rod horizontal along +x.
struct Arm {
  World world;
  JointId hinge;
  BodyId bob;
};

void MakeArm(Arm* a, double L, const Vec3& gravity = Vec3(0, 0, -kG)) {
  WorldSettings s;
  s.gravity = gravity;
  a->world = World(s);
  const BodyId ground = a->world.AddBody(GroundPlane(-10.0)).value();
  BodyDef b;
  b.name = "bob";
  b.shape = SphereShape{0.01};
  b.mass = 1.0;
  b.X_WB.p = Vec3(L, 0, 1);
  a->bob = a->world.AddBody(b).value();
  JointDef j;
  j.name = "hinge";
  j.parent = ground;
  j.child = a->bob;
  j.anchor_W = Vec3(0, 0, 1);
  j.axis_W = Vec3::UnitY();  // positive q lowers the bob (right-hand rule about +y)
  a->hinge = a->world.AddJoint(j).value();
}

}  // namespace

TEST_CASE("PD holds a horizontal arm with the steady-state error m g L / kp", "[motor]") {
  const double L = 0.5, kp = 200.0, kd = 5.0;
  Arm a;
  MakeArm(&a, L);
  REQUIRE(a.world.SetJointController(a.hinge, PdGains{kp, kd, 100.0}).ok());
  REQUIRE(a.world.SetJointTarget(a.hinge, 0.0).ok());
  for (int k = 0; k < 2000; ++k) REQUIRE(a.world.Step(kH).ok());
  const double q = a.world.joint_position(a.hinge);
  // Equilibrium: kp (0 - q) = m g L cos(q) (gravity's torque about +y is +m g L cos q).
  const double expected = 1.0 * kG * L * std::cos(q) / kp;
  CHECK(q == Approx(expected).epsilon(1e-3));
  CHECK(a.world.joint_motor_effort(a.hinge) == Approx(-kG * L * std::cos(q)).epsilon(1e-3));
  CHECK(std::abs(a.world.joint_velocity(a.hinge)) < 1e-6);
}

TEST_CASE("PD effort saturates at its limit and the arm falls", "[motor]") {
  const double L = 0.5;
  Arm a;
  MakeArm(&a, L);
  const double limit = 0.5 * kG * L;  // half the torque needed
  REQUIRE(a.world.SetJointController(a.hinge, PdGains{500.0, 10.0, limit}).ok());
  REQUIRE(a.world.SetJointTarget(a.hinge, -1.0).ok());  // lift hard: saturated from the first step
  for (int k = 0; k < 40; ++k) REQUIRE(a.world.Step(kH).ok());
  CHECK(a.world.joint_motor_effort(a.hinge) == Approx(-limit).epsilon(1e-9));
  // Net torque m g L - limit at small angles, inertia m L^2 (+ the sphere's
  // 2/5 m r^2): q = alpha h^2 n (n - 1) / 2 after n steps (positions move
  // before velocities in a step).
  const int n = 40;
  const double alpha = (kG * L - limit) / (L * L + 0.4 * 0.01 * 0.01);
  CHECK(a.world.joint_position(a.hinge) == Approx(0.5 * alpha * kH * kH * n * (n - 1)).epsilon(2e-3));
}

TEST_CASE("Critically damped PD reaches its target like (1 - (1 + w t) e^-wt) without overshoot", "[motor]") {
  // No gravity: the bob's inertia about the hinge is m L^2 (plus the small
  // sphere's own, 2/5 m r^2).
  const double L = 0.3, r = 0.01;
  Arm a;
  MakeArm(&a, L, Vec3::Zero());
  const double I = L * L + 0.4 * r * r, w = 10.0;
  const double kp = I * w * w, kd = 2.0 * I * w;
  REQUIRE(a.world.SetJointController(a.hinge, PdGains{kp, kd, 1e3}).ok());
  REQUIRE(a.world.SetJointTarget(a.hinge, 0.5).ok());
  double max_q = 0.0;
  for (int k = 1; k <= 400; ++k) {
    REQUIRE(a.world.Step(kH).ok());
    const double q = a.world.joint_position(a.hinge);
    max_q = std::max(max_q, q);
    if (k % 40 == 0) {
      const double t = k * kH;
      INFO("t = " << t);
      // The implicit step lags the continuous answer by O(h w) = 2.5 %.
      CHECK(q == Approx(0.5 * (1.0 - (1.0 + w * t) * std::exp(-w * t))).margin(0.015));
    }
  }
  CHECK(max_q <= 0.5 + 1e-9);
}

TEST_CASE("Controller settings are checked and reported by field", "[motor]") {
  Arm a;
  MakeArm(&a, 0.5);
  CHECK(a.world.SetJointController(a.hinge, PdGains{-1, 0, 1}).message() == "joints[0].controller.kp: must be a finite number >= 0, got -1");
  CHECK(a.world.SetJointController(a.hinge, PdGains{0, 0, 1}).message() == "joints[0].controller: kp and kd cannot both be 0");
  CHECK(a.world.SetJointController(a.hinge, PdGains{1, 0, 0}).message() == "joints[0].controller.max_effort: must be a finite number > 0, got 0");
  CHECK(a.world.SetJointTarget(a.hinge, 0.1).message() == "joints[0]: joint 'hinge' has no controller");
  CHECK(a.world.SetJointController(7, PdGains{1, 1, 1}).message() == "SetJointController: unknown joint 7");
}
