// Physical validation of the LCP step with friction (Miller & Christensen
// section 4), against analytic answers. Tolerances are part of the test.
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/core/bundled_scene.h"
#include "core/solvers/friction_directions.h"
#include "core/world/world.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81;
constexpr double kH = 0.0025;
constexpr double kHalf = kUnitCubeHalf;  // 10 cm cubes (unit_cube.h)

// Default material: mu_s = 0.5, mu_k = 0.4.
constexpr double kMuS = 0.5, kMuK = 0.4;

}  // namespace

TEST_CASE("Block under tilted gravity sticks below tan(theta) = mu_s", "[dynamics][friction]") {
  const double theta = std::atan(0.8 * kMuS);  // tan = 0.4 < 0.5
  WorldSettings s;
  s.gravity = Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta));
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = world.AddBody(UnitCube(Vec3(0, 0, kHalf + 5e-5))).value();
  for (int k = 0; k < 80; ++k) REQUIRE(world.Step(kH).ok());  // settle 0.2 s
  const Vec3 start = world.pose(id).p;
  for (int k = 0; k < 800; ++k) REQUIRE(world.Step(kH).ok());  // 2 s
  CHECK((world.pose(id).p - start).norm() < 1e-3);
  CHECK(world.stats().lcp_failures == 0);
}

TEST_CASE("Block under tilted gravity slides at g (sin theta - mu_k cos theta)", "[dynamics][friction]") {
  const double theta = std::atan(0.7);  // tan = 0.7 > mu_s
  WorldSettings s;
  s.gravity = Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta));
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId id = world.AddBody(UnitCube(Vec3(0, 0, kHalf + 5e-5))).value();
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());  // 0.5 s
  const double v0 = world.linear_velocity(id).x();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s more
  const double a = (world.linear_velocity(id).x() - v0) / 1.0;
  const double expected = kG * (std::sin(theta) - kMuK * std::cos(theta));
  CHECK(a == Approx(expected).epsilon(0.03));
  CHECK(std::abs(world.linear_velocity(id).y()) < 1e-6);
  CHECK(world.stats().lcp_failures == 0);
}

TEST_CASE("Block launched at v0 stops after v0^2 / (2 mu_k g), within the pyramid's anisotropy", "[dynamics][friction]") {
  // With u = 8 friction directions the pyramid's friction is mu_k along its
  // edges and mu_k cos(pi/8) midway between them: the stopping distance lies
  // in [d, d / cos(pi / 8)] (2 % margin for the static switch at the end).
  const double v0 = 1.0;
  const double d = v0 * v0 / (2.0 * kMuK * kG);
  const double ratio = FrictionConeInscribedRatio(8);
  for (double deg : {0.0, 22.5, 45.0, 60.0, 135.0}) {
    INFO("direction " << deg << " degrees");
    const double a = deg * 3.14159265358979323846 / 180.0;
    World world;
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef c = UnitCube(Vec3(0, 0, kHalf + 5e-5));
    c.v_WB = Vec3(v0 * std::cos(a), v0 * std::sin(a), 0.0);
    const BodyId id = world.AddBody(c).value();
    for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s: stopped after ~0.25 s
    const double travelled = world.pose(id).p.head<2>().norm();
    CHECK(world.linear_velocity(id).norm() < 1e-6);
    CHECK(travelled >= 0.98 * d);
    CHECK(travelled <= 1.02 * d / ratio);
    if (deg == 0.0 || deg == 45.0 || deg == 135.0) {
      CHECK(travelled == Approx(d).epsilon(0.02));  // along an edge of the pyramid
    }
    CHECK(world.stats().lcp_failures == 0);
  }
}

TEST_CASE("A stack of 5 boxes rests for 10 s", "[dynamics][stack]") {
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  std::vector<BodyId> ids;
  for (int i = 0; i < 5; ++i) {
    ids.push_back(world.AddBody(UnitCube(Vec3(0.0, 0.0, kHalf + 5e-5 + i * (2 * kHalf + 5e-5)))).value());
  }
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());  // settle 0.5 s
  std::vector<Vec3> start;
  for (BodyId id : ids) start.push_back(world.pose(id).p);
  double deepest = 0.0;
  for (int k = 0; k < 4000; ++k) {  // 10 s
    REQUIRE(world.Step(kH).ok());
    for (const Contact& c : world.contacts()) deepest = std::min(deepest, c.separation);
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    INFO("box " << i);
    CHECK((world.pose(ids[i]).p - start[i]).norm() < 1e-3);
  }
  CHECK(deepest > -1e-4);
  CHECK(world.contacts().size() == 20);
  CHECK(world.stats().island_count == 1);
  CHECK(world.stats().lcp_failures == 0);
}

TEST_CASE("Torsional friction: a spinning sphere slows at mu m g rho / I, and not at all without it", "[dynamics][friction]") {
  // One contact point cannot resist spin about the normal through tangential
  // friction; torsional columns (radius rho) give torque mu m g rho. Pure
  // spin does not slide the contact point, so eq. 13 picks mu_s. The same
  // under the exact-cone Gauss-Seidel, whose spin row is clamped to
  // mu z_n (a contacts-only island: swept from the packed rows).
  const double r = 0.05, m = 0.5, rho = 0.01, w0 = 50.0;  // stops after about 1 s
  const double I = 0.4 * m * r * r;
  for (const auto& [solver, radius] : {std::pair{ContactSolver::kLcp, 0.0}, std::pair{ContactSolver::kLcp, rho},
                                       std::pair{ContactSolver::kPgs, 0.0}, std::pair{ContactSolver::kPgs, rho}}) {
    INFO("solver " << (solver == ContactSolver::kPgs ? "pgs" : "lcp") << ", torsional radius " << radius);
    WorldSettings s;
    s.contact_solver = solver;
    s.torsional_friction_radius = radius;
    World world(s);
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef ball;
    ball.name = "ball";
    ball.shape = SphereShape{r};
    ball.mass = m;
    ball.X_WB.p = Vec3(0, 0, r + 5e-5);
    ball.w_WB = Vec3(0, 0, w0);
    const BodyId id = world.AddBody(ball).value();
    for (int k = 0; k < 40; ++k) REQUIRE(world.Step(kH).ok());  // 0.1 s
    const double w1 = world.angular_velocity(id).z();
    for (int k = 0; k < 200; ++k) REQUIRE(world.Step(kH).ok());  // 0.5 s more
    const double w2 = world.angular_velocity(id).z();
    if (radius == 0.0) {
      CHECK(w2 == Approx(w0).epsilon(1e-9));
    } else {
      CHECK((w1 - w2) / 0.5 == Approx(kMuS * m * kG * rho / I).epsilon(0.02));
    }
    CHECK(world.stats().lcp_failures == 0);
  }
}

TEST_CASE("Three fingers and a palm on a prism: Lemke solves (almost) every step", "[dynamics][lcp]") {
  // A statically indeterminate grasp: a hexagonal prism on a palm, squeezed
  // by three motor-driven fingers (face and line contacts, n = 120). With a
  // uniform covering vector Lemke's path ended in a ray on 95 % of these
  // steps; the island solver's covering vector (lcp_solver.cc) solves all
  // but a handful. Guard: at most 0.5 % of steps fall back, and the prism is
  // held in place.
  Scene scene = BundledScene("finger-prism");
  World& world = scene.world;
  const BodyId prism_id = world.FindBody("prism");
  REQUIRE(prism_id >= 0);
  for (int k = 0; k < 2000; ++k) REQUIRE(world.Step(kH).ok());
  CHECK(world.stats().lcp_failures <= 10);
  CHECK((world.pose(prism_id).p - Vec3(0, 0, 0.05)).norm() < 1e-3);
}
