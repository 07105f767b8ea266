#include "core/grasp/convex_hull_nd.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

namespace grasplab {
namespace {

// Every input point on the inner side of every facet, within tolerance.
void CheckContainsAll(const HullNd& h, const std::vector<double>& pts) {
  const int n = static_cast<int>(pts.size()) / h.dim;
  for (const HullFacet& f : h.facets) {
    for (int i = 0; i < n; ++i) {
      double s = f.offset;
      for (int k = 0; k < h.dim; ++k) s += f.normal[k] * pts[i * h.dim + k];
      REQUIRE(s <= 100.0 * h.tolerance);
    }
  }
}

TEST_CASE("Hull of the 6-cube's 64 corners plus interior points has volume 2^6 and inradius 1", "[hull]") {
  std::vector<double> pts;
  for (int m = 0; m < 64; ++m) {
    for (int k = 0; k < 6; ++k) pts.push_back((m >> k) & 1 ? 1.0 : -1.0);
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-0.9, 0.9);
  for (int i = 0; i < 200 * 6; ++i) pts.push_back(u(rng));
  const HullNd h = ConvexHullNd(pts, 6);
  REQUIRE(h.status == HullStatus::kOk);
  CHECK(h.volume == Approx(64.0).epsilon(1e-12));
  CHECK(OriginDepth(h) == Approx(1.0).epsilon(1e-12));
  CHECK(h.vertices.size() == 64);
  CheckContainsAll(h, pts);
}

TEST_CASE("Hull of the 6-D cross-polytope has volume 2^6 over 6 factorial and inradius 1 over sqrt 6", "[hull]") {
  std::vector<double> pts;
  for (int k = 0; k < 6; ++k) {
    for (double s : {1.0, -1.0}) {
      for (int j = 0; j < 6; ++j) pts.push_back(j == k ? s : 0.0);
    }
  }
  const HullNd h = ConvexHullNd(pts, 6);
  REQUIRE(h.status == HullStatus::kOk);
  CHECK(h.facets.size() == 64);
  CHECK(h.volume == Approx(64.0 / 720.0).epsilon(1e-12));
  CHECK(OriginDepth(h) == Approx(1.0 / std::sqrt(6.0)).epsilon(1e-12));
}

TEST_CASE("Hull of random points on the 3-sphere approaches the ball and contains every point", "[hull]") {
  std::mt19937 rng(3);
  std::normal_distribution<double> g;
  std::vector<double> pts;
  for (int i = 0; i < 2000; ++i) {
    double x = g(rng), y = g(rng), z = g(rng);
    const double r = std::sqrt(x * x + y * y + z * z);
    pts.insert(pts.end(), {x / r, y / r, z / r});
  }
  const HullNd h = ConvexHullNd(pts, 3);
  REQUIRE(h.status == HullStatus::kOk);
  const double ball = 4.0 / 3.0 * M_PI;
  CHECK(h.volume < ball);
  CHECK(h.volume > 0.98 * ball);
  CHECK(h.vertices.size() == 2000);  // every point on a sphere is extreme
  CHECK(h.facets.size() == 2 * 2000 - 4);  // Euler: a triangulated sphere
  CheckContainsAll(h, pts);
}

TEST_CASE("Points in a 5-D subspace of R^6 are reported degenerate with rank 5", "[hull]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> pts;
  for (int i = 0; i < 50; ++i) {
    double x[5];
    for (double& v : x) v = u(rng);
    pts.insert(pts.end(), {x[0], x[1], x[2], x[3], x[4], x[0] + x[1]});  // on a hyperplane
  }
  const HullNd h = ConvexHullNd(pts, 6);
  CHECK(h.status == HullStatus::kDegenerate);
  CHECK(h.rank == 5);
  CHECK(OriginDepth(h) == 0.0);
}

TEST_CASE("Fewer than d + 1 points: degenerate, with the dimension they do span", "[hull]") {
  // Three points in general position span a plane (affine dimension 2);
  // three on a line span 1; one point spans 0.
  const HullNd tri = ConvexHullNd({1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, 6);
  CHECK(tri.status == HullStatus::kDegenerate);
  CHECK(tri.rank == 2);
  CHECK(tri.message == "the 3 points span only 2 of 6 dimensions");
  const HullNd line = ConvexHullNd({0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0}, 6);
  CHECK(line.rank == 1);
  const HullNd one = ConvexHullNd({1, 2, 3, 4, 5, 6}, 6);
  CHECK(one.rank == 0);
  CHECK(ConvexHullNd({}, 6).rank == 0);
}

TEST_CASE("Hull volume does not depend on the order of the points", "[hull]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> pts;
  for (int i = 0; i < 300 * 6; ++i) pts.push_back(u(rng));
  const HullNd a = ConvexHullNd(pts, 6);
  std::vector<int> order(300);
  for (int i = 0; i < 300; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<double> shuffled;
  for (int i : order) shuffled.insert(shuffled.end(), pts.begin() + 6 * i, pts.begin() + 6 * i + 6);
  const HullNd b = ConvexHullNd(shuffled, 6);
  REQUIRE(a.status == HullStatus::kOk);
  REQUIRE(b.status == HullStatus::kOk);
  CHECK(a.volume == Approx(b.volume).epsilon(1e-10));
  CHECK(OriginDepth(a) == Approx(OriginDepth(b)).epsilon(1e-10));
  CHECK(a.vertices.size() == b.vertices.size());
  CheckContainsAll(a, pts);
}

}  // namespace
}  // namespace grasplab
