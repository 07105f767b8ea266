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
