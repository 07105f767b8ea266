// The friction pyramid's directions (core/solvers/friction_directions):
// unit, tangent, evenly spaced, and the inscribed cone's ratio cos(pi/u).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/solvers/friction_directions.h"

using namespace grasplab;

TEST_CASE("Friction directions are u unit tangents 2 pi / u apart", "[friction]") {
  const Vec3 n = Vec3(0.3, -0.5, 0.8).normalized();
  for (int u : {4, 6, 8, 12, 16}) {
    INFO(u);
    std::vector<Vec3> d;
    FrictionDirections(n, u, &d);
    REQUIRE(d.size() == static_cast<std::size_t>(u));
    const double step = 2.0 * M_PI / u;
    for (int k = 0; k < u; ++k) {
      CHECK(d[k].norm() == Approx(1.0).margin(1e-14));
      CHECK(std::abs(d[k].dot(n)) < 1e-14);
      CHECK(d[k].dot(d[(k + 1) % u]) == Approx(std::cos(step)).margin(1e-14));
      double c, s;
      FrictionDirectionCoefficients(u, k, &c, &s);
      CHECK(c == Approx(std::cos(k * step)).margin(1e-15));
      CHECK(s == Approx(std::sin(k * step)).margin(1e-15));
    }
    // The pyramid of u edges inscribes a cone of cos(pi / u) of its friction.
    CHECK(FrictionConeInscribedRatio(u) == Approx(std::cos(M_PI / u)).margin(1e-15));
    CHECK(ValidateFrictionDirections(u, "f").ok());
  }
  CHECK(ValidateFrictionDirections(5, "solver.frictionEdges").message().rfind("solver.frictionEdges", 0) == 0);
}

#include "core/world/world.h"

namespace {

// x displacement (m) after 1 s of a 1 kg, 10 cm box resting on the ground
// with gravity tilted by theta towards +x, friction pyramid of u edges.
double SlideOnTiltedGravity(int u, double tan_theta) {
  WorldSettings settings;
  settings.friction_directions = u;
  const double g = 9.81, c = 1.0 / std::sqrt(1.0 + tan_theta * tan_theta);
  settings.gravity = Vec3(g * tan_theta * c, 0.0, -g * c);
  World world(settings);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyDef box;
  box.name = "box";
  box.shape = BoxShape{Vec3(0.05, 0.05, 0.05)};
  box.mass = 1.0;
  box.X_WB.p = Vec3(0.0, 0.0, 0.05 + 0.5e-4);  // resting at half the contact threshold
  const BodyId id = world.AddBody(box).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(0.0025).ok());
  return world.pose(id).p.x();
}

}  // namespace

TEST_CASE("A box on the 6-edge pyramid slips across an edge pair at tan(theta) = mu cos(30 deg)", "[friction]") {
  // The contact normal is z: the pyramid's first edge d_0 is along y
  // (tangent_basis.h), so +x lies midway between two edges, where a 6-edge
  // pyramid holds at most mu f_n cos(30 deg) (mu_s = 0.5 for the default
  // material): 0.433 f_n. Below that the box sticks; above it, it slides.
  const double mu = 0.5, inscribed = std::sqrt(3.0) / 2.0;
  CHECK(std::abs(SlideOnTiltedGravity(6, 0.9 * mu * inscribed)) < 1e-5);
  CHECK(SlideOnTiltedGravity(6, 0.95 * mu) > 0.01);
  // Along an edge (the 4-edge pyramid's edges are on x and y) the full mu holds.
  CHECK(std::abs(SlideOnTiltedGravity(4, 0.95 * mu)) < 1e-5);
}
