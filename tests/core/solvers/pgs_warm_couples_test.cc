// Gauss-Seidel's rolling rows warm-started (solvers/pgs_cone_solver.h:
// the spin and rolling rows start each step from the last step's couples),
// against a known answer: a ball held on a slope by rolling resistance
// carries its steady couple m g sin(theta) times its lever, and its solve
// converges in a sweep or two instead of rebuilding the couple from 0.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "core/world/world.h"
#include "tests/core/rolling_slope.h"

using namespace grasplab;

namespace {

constexpr double kH = 0.0025;

}  // namespace

TEST_CASE("Rolling rows warm-started: a ball held on a slope carries its steady couple m g sin(theta) times its lever and converges in a few sweeps",
          "[solvers][pgs][rolling]") {
  WorldSettings s;
  s.contact_solver = ContactSolver::kPgs;
  s.rolling_resistance = 1e-3;  // m: it holds a 5 cm ball up to tan(theta) = 0.02
  // Free, it would roll at 5/7 g sin(theta) = 0.07 m/s^2: sin(theta) = 0.01.
  RollingSlope slope = MakeRollingSlope(s, 5.0 / 7.0 * 9.81 * 0.01);
  World& world = slope.world;
  const double m = 0.5, r = 0.05, g_sin = 9.81 * 0.01;  // kg, m, m/s^2
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());
  const Vec3 p1 = world.pose(slope.ball).p;
  int sweeps = 0;
  for (int k = 0; k < 100; ++k) {
    REQUIRE(world.Step(kH).ok());
    sweeps = std::max(sweeps, world.stats().pgs_sweeps);
  }
  INFO("moved " << (world.pose(slope.ball).p - p1).norm() << " m in 0.25 s; at most " << sweeps << " sweeps a step");
  CHECK((world.pose(slope.ball).p - p1).norm() < 1e-9);  // held
  REQUIRE(world.contacts().size() == 1);
  const Contact& c = world.contacts()[0];
  // The couple about the contact that holds the ball: its weight's share
  // along the slope, m g sin(theta), times its lever (N m), over the step
  // (N m s). The lever is the contact point's distance from the centre, r
  // plus half the resting gap (the point lies midway between the surfaces).
  CHECK(c.rolling_impulse_W.norm() == Approx(m * g_sin * (r + 0.5 * c.separation) * kH).epsilon(1e-6));
  // Started from 0 each step, the rows took 6 sweeps a step to rebuild it.
  CHECK(sweeps <= 2);
}
