// The mouse-drag spring-damper of Chardonnet et al. eq. 7 (World::
// SetDragSpring): with k_v = sqrt(2 m k_p) a body dragged at its centre is a
// damped oscillator of natural frequency w = sqrt(k_p / m) and damping ratio
// zeta = k_v / (2 sqrt(m k_p)) = 1 / sqrt(2).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/world/world.h"

using namespace grasplab;

namespace {

constexpr double kPi = 3.14159265358979323846;

BodyDef Ball(double mass) {
  BodyDef b;
  b.name = "ball";
  b.shape = SphereShape{0.02};
  b.mass = mass;
  return b;
}

}  // namespace

TEST_CASE("A dragged body follows the damped oscillator with zeta = 1 / sqrt(2)", "[drag]") {
  WorldSettings s;
  s.gravity = Vec3::Zero();
  World world(s);
  const double m = 0.4, w = 2.0 * kPi * 2.0, kp = m * w * w, X = 0.1, h = 1e-4;
  const BodyId id = world.AddBody(Ball(m)).value();
  REQUIRE(world.SetDragSpring(id, Vec3::Zero(), Vec3(X, 0, 0), kp).ok());
  CHECK(world.drag().kv == Approx(std::sqrt(2.0 * m * kp)).epsilon(1e-15));
  const double zeta = 1.0 / std::sqrt(2.0), wd = w * std::sqrt(1.0 - zeta * zeta);
  double worst = 0.0;
  for (int k = 1; k <= 5000; ++k) {  // 0.5 s, three time constants 1 / (zeta w)
    REQUIRE(world.Step(h).ok());
    const double t = k * h;
    const double e = -X * std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta / std::sqrt(1 - zeta * zeta) * std::sin(wd * t));
    worst = std::max(worst, std::abs(world.pose(id).p.x() - (X + e)));
  }
  CHECK(worst < 0.002 * X);  // semi-implicit Euler, h w = 0.0013
  // The overshoot of zeta = 1/sqrt(2) is exp(-pi) = 4.3 %: bounded, not ringing.
  CHECK(std::abs(world.pose(id).p.y()) < 1e-12);
  world.ClearDragSpring();
  CHECK(world.drag().body == -1);
}

TEST_CASE("A body hanging from the drag spring sags m g / k_p below its target", "[drag]") {
  World world;
  const double m = 0.2, kp = m * std::pow(2.0 * kPi * 3.0, 2);
  BodyDef b = Ball(m);
  b.shape = BoxShape{Vec3(0.05, 0.02, 0.01)};
  b.X_WB.p = Vec3(0, 0, 1);
  const BodyId id = world.AddBody(b).value();
  const Vec3 grab_B(0.0, 0.0, 0.01);  // the middle of the top face
  const Vec3 target(0.0, 0.0, 1.0);
  REQUIRE(world.SetDragSpring(id, grab_B, target, kp).ok());
  for (int k = 0; k < 4000; ++k) REQUIRE(world.Step(0.0025).ok());  // 10 s
  const Vec3 grab_W = world.pose(id).Apply(grab_B);
  CHECK(grab_W.z() == Approx(1.0 - m * 9.81 / kp).epsilon(1e-6));
  CHECK(std::abs(grab_W.x()) < 1e-6);
  CHECK(world.pose(id).p.z() == Approx(grab_W.z() - 0.01).epsilon(1e-9));
  CHECK(world.drag().force_W.z() == Approx(m * 9.81).epsilon(1e-6));
}

TEST_CASE("Drag input is validated", "[drag]") {
  World world;
  const BodyId ground = world.AddBody(GroundPlane()).value();
  const BodyId id = world.AddBody(Ball(1.0)).value();
  CHECK(world.SetDragSpring(ground, Vec3::Zero(), Vec3::Zero(), 10.0).message() == "drag: body 'ground' is static");
  CHECK(world.SetDragSpring(7, Vec3::Zero(), Vec3::Zero(), 10.0).message() == "drag: unknown body 7");
  CHECK(!world.SetDragSpring(id, Vec3::Zero(), Vec3(NAN, 0, 0), 10.0).ok());
  CHECK(!world.SetDragSpring(id, Vec3::Zero(), Vec3::Zero(), 0.0).ok());
  CHECK(world.MoveDragTarget(Vec3::Zero()).message() == "drag: nothing is being dragged");
}
