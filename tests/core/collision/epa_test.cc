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

TEST_CASE("EPA: aligned stacked boxes, whose Minkowski difference has coplanar support points, give the depth", "[epa]") {
  // GJK stops on a segment along z through the origin, and the expansion
  // meets support points in the plane of the faces it expands (the top face
  // of the difference). With visibility tested against 0, rounding tore
  // the hull: at z = 0.050050000000000004 and 0.144025 EPA answered depth 0
  // along (0.30, -0.30, -0.90), and the two 10 cm boxes, 6 mm deep, had no
  // contact at all. Every depth from 0.5 to 20 mm, with one-ulp shifts.
  const Shape box = BoxShape{Vec3::Constant(0.05)};
  int checked = 0;
  for (int k = 0; k < 200; ++k) {
    const double depth = 0.0005 + 0.0001 * k;
    for (double z_a : {0.05005, 0.050050000000000004, std::nextafter(0.05005, 1.0), std::nextafter(0.05005, 0.0)}) {
      for (double x : {0.0, 0.013}) {
        const Pose A{Vec3(0, 0, z_a), Quat::Identity()};
        const Pose B{Vec3(x, 0, z_a + 0.1 - depth), Quat::Identity()};
        const PenetrationResult r = EpaPenetration(box, A, box, B);
        INFO("depth " << depth << " z_a " << z_a << " x " << x);
        REQUIRE(r.valid);
        CHECK(r.depth == Approx(depth).margin(1e-12));
        CHECK((r.n_BA - Vec3(0, 0, -1)).norm() < 1e-12);
        ++checked;
      }
    }
  }
  CHECK(checked == 1600);
  const PenetrationResult r = EpaPenetration(box, Pose{Vec3(0, 0, 0.050050000000000004), Quat::Identity()}, box,
                                             Pose{Vec3(0, 0, 0.144025), Quat::Identity()});
  CHECK(r.depth == Approx(0.006025).margin(1e-12));
}
