// EPA penetration (core/collision/epa) against analytic depths and normals.
#include <catch2/catch.hpp>

#include "core/collision/epa.h"

using namespace grasplab;

TEST_CASE("EPA: two boxes overlapping by 1 cm along x", "[epa]") {
  const Shape box = BoxShape{Vec3(0.1, 0.1, 0.1)};
  // B is 0.19 m to the +x of A: the faces overlap by 0.01 m.
  const PenetrationResult r = EpaPenetration(box, Pose{}, box, Pose{Vec3(0.19, 0.02, 0.0), Quat::Identity()});
  REQUIRE(r.valid);
  CHECK(r.depth == Approx(0.01).margin(1e-7 * 0.2));  // EPA's tolerance: 1e-7 of the shape size
  CHECK((r.n_BA - Vec3(-1, 0, 0)).norm() < 1e-6);     // from B to A
  CHECK((r.p_A - r.p_B).dot(-r.n_BA) == Approx(r.depth).margin(1e-7));
}

TEST_CASE("EPA: a sphere sunk 3 mm into a box's top face", "[epa]") {
  const Shape box = BoxShape{Vec3(0.2, 0.2, 0.05)};
  const Shape ball = SphereShape{0.04};
  const PenetrationResult r = EpaPenetration(ball, Pose{Vec3(0.01, -0.02, 0.05 + 0.04 - 0.003), Quat::Identity()},
                                             box, Pose{});
  REQUIRE(r.valid);
  CHECK(r.depth == Approx(0.003).margin(1e-6));
  CHECK((r.n_BA - Vec3::UnitZ()).norm() < 1e-4);  // a sphere converges linearly: within the tolerance
}

TEST_CASE("EPA: shapes that merely touch have no depth to speak of", "[epa]") {
  const Shape box = BoxShape{Vec3(0.1, 0.1, 0.1)};
  const PenetrationResult r = EpaPenetration(box, Pose{}, box, Pose{Vec3(0.2, 0.0, 0.0), Quat::Identity()});
  if (r.valid) CHECK(r.depth < 1e-7);
}
