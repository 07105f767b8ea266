// Quickhull and polyhedral mass properties against analytic solids.
#include <catch2/catch.hpp>
#include <random>

#include "core/geometry/convex_hull.h"
#include "core/geometry/shape.h"

using namespace grasplab;

TEST_CASE("Hull of a box's corners plus interior points is the box", "[geometry][hull]") {
  std::vector<Vec3> pts;
  const Vec3 e(0.3, 0.2, 0.1), c(1.0, -2.0, 0.5);
  for (int i = 0; i < 8; ++i) pts.push_back(c + Vec3((i & 1) ? e.x() : -e.x(), (i & 2) ? e.y() : -e.y(), (i & 4) ? e.z() : -e.z()));
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-0.99, 0.99);
  for (int i = 0; i < 200; ++i) pts.push_back(c + Vec3(u(rng) * e.x(), u(rng) * e.y(), u(rng) * e.z()));
  const auto hull = BuildConvexHull(pts, "points").value();
  CHECK(hull->vertices.size() == 8);
  CHECK(hull->triangles.size() == 12);
  CHECK(hull->volume == Approx(8 * e.x() * e.y() * e.z()).epsilon(1e-12));
  CHECK(hull->centroid.isApprox(c, 1e-12));
  // Per-kg inertia of a box: (b^2 + c^2) / 3 with half extents.
  const Mat3 box = SolidInertia(BoxShape{e}, 1.0);
  CHECK(hull->unit_inertia.isApprox(box, 1e-12));
}

TEST_CASE("Hull of points on a sphere contains every point and approaches 4/3 pi r^3", "[geometry][hull]") {
  std::mt19937 rng(11);
  std::normal_distribution<double> g;
  std::vector<Vec3> pts;
  for (int i = 0; i < 3000; ++i) pts.push_back(Vec3(g(rng), g(rng), g(rng)).normalized() * 0.5);
  const auto hull = BuildConvexHull(pts, "points").value();
  const double sphere = 4.0 / 3.0 * 3.14159265358979323846 * 0.125;
  CHECK(hull->volume < sphere);
  CHECK(hull->volume > 0.98 * sphere);
  // Every input point is inside or on every face plane.
  for (const auto& t : hull->triangles) {
    const Vec3 a = hull->vertices[t[0]], b = hull->vertices[t[1]], c = hull->vertices[t[2]];
    const Vec3 n = (b - a).cross(c - a).normalized();
    for (const Vec3& p : pts) REQUIRE(n.dot(p - hull->centroid - a) < 1e-9);
  }
  // Euler: V - E + F = 2 with E = 3F/2 for a triangulated sphere.
  CHECK(static_cast<long>(hull->vertices.size()) - static_cast<long>(hull->triangles.size()) / 2 == 2);
}

TEST_CASE("Degenerate point sets are refused with a reason", "[geometry][hull]") {
  auto r = BuildConvexHull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(0.5, 0.5, 0)}, "bodies[1].shape.points");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "bodies[1].shape.points: points are coplanar; a convex shape needs volume");
  r = BuildConvexHull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(2, 0, 0), Vec3(3, 0, 0)}, "p");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "p: points are collinear; a convex shape needs volume");
  r = BuildConvexHull({Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(1, 0, 0)}, "p");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "p: a convex shape needs at least 4 distinct points, got 2");
  r = BuildConvexHull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, std::nan(""))}, "p");
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "p[3]: must be finite");
}
