// GJK distance (core/collision/gjk) against analytic distances.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/collision/gjk.h"

using namespace grasplab;

TEST_CASE("GJK: two spheres' cores are points, their full shapes lose the radii", "[gjk]") {
  const Shape a = SphereShape{0.05}, b = SphereShape{0.02};
  const Pose X_WA{Vec3(0.1, 0.2, 0.3), Quat::Identity()};
  const Pose X_WB{Vec3(0.1 + 0.3, 0.2 + 0.4, 0.3), Quat::Identity()};  // 0.5 m apart
  const GjkResult cores = GjkDistance(a, X_WA, b, X_WB);
  CHECK_FALSE(cores.overlap);
  CHECK(cores.core_distance == Approx(0.5).margin(1e-12));
  const GjkResult full = GjkDistance(a, X_WA, b, X_WB, /*full_shapes=*/true);
  CHECK(full.core_distance == Approx(0.5 - 0.07).margin(1e-9));
  // The witnesses lie on the segment between the centres.
  CHECK((full.p_A - (X_WA.p + 0.05 * Vec3(0.6, 0.8, 0.0))).norm() < 1e-9);
  CHECK((full.p_B - (X_WB.p - 0.02 * Vec3(0.6, 0.8, 0.0))).norm() < 1e-9);
}

TEST_CASE("GJK: a box's face to a point across a gap, rotated, far from the origin", "[gjk]") {
  const Shape box = BoxShape{Vec3(0.1, 0.2, 0.3)};
  const Quat q(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()));
  const Vec3 origin(1000.0, -2000.0, 500.0);
  const Pose X_WA{origin, q};
  // A point 0.05 m off the +x face's centre, along the face normal.
  const Vec3 p = origin + q * Vec3(0.1 + 0.05, 0.0, 0.0);
  const GjkResult r = GjkDistance(box, X_WA, SphereShape{0.01}, Pose{p, Quat::Identity()});
  CHECK(r.core_distance == Approx(0.05).margin(1e-9));
  CHECK((r.v_AB.normalized() - (q * -Vec3::UnitX())).norm() < 1e-9);
}

TEST_CASE("GJK: overlapping cores report overlap and zero distance", "[gjk]") {
  const Shape box = BoxShape{Vec3(0.1, 0.1, 0.1)};
  const GjkResult r = GjkDistance(box, Pose{}, box, Pose{Vec3(0.15, 0.05, 0.0), Quat::Identity()});
  CHECK(r.overlap);
  CHECK(r.core_distance == 0.0);
}

TEST_CASE("GJK: a jaw 0.05 mm from a cube's face is 0.05 mm away, not overlapping", "[gjk]") {
  // The configuration the parallel-jaw scene reached at t = 0.695 s: a
  // support point added in the plane of the last triangle made a tetrahedron
  // flat to rounding, whose volume sign was read as "origin inside"; EPA then
  // pushed the cube out 37.5 mm sideways at 1.5 m/s.
  const Shape cube = BoxShape{Vec3(0.025, 0.025, 0.025)};
  const Shape jaw = BoxShape{Vec3(0.0125, 0.006, 0.04)};
  const Pose X_WA{Vec3(0.0, 0.0, 0.02505), Quat::Identity()};
  const Pose X_WB{Vec3(0.0, -0.03105, 0.045), Quat::Identity()};
  const GjkResult r = GjkDistance(cube, X_WA, jaw, X_WB);
  CHECK_FALSE(r.overlap);
  CHECK(r.core_distance == Approx(5e-5).margin(1e-12));
  CHECK((r.v_AB.normalized() - Vec3::UnitY()).norm() < 1e-9);
}
