#include <catch2/catch.hpp>
#include <algorithm>

#include "core/geometry/planar_hull.h"

using namespace grasplab;
using V2 = Eigen::Vector2d;

TEST_CASE("Planar hull keeps corners, drops interior, duplicate and collinear points", "[geometry][hull2d]") {
  const std::vector<V2> pts = {V2(0, 0), V2(1, 0), V2(0.5, 0), V2(1, 1), V2(0, 1), V2(0.5, 0.5), V2(1, 1), V2(0, 0.5)};
  const auto h = PlanarHull(pts, 1e-9);
  CHECK(h == std::vector<int>{0, 1, 3, 4});  // counter-clockwise from the lowest (x, y)
  CHECK(PlanarHull(std::vector<V2>{V2(0, 0), V2(1, 1), V2(2, 2), V2(0.5, 0.5)}, 1e-9) == std::vector<int>{0, 2});
  CHECK(PlanarHull(std::vector<V2>{V2(3, 4), V2(3, 4)}, 1e-9) == std::vector<int>{0});
}

TEST_CASE("A vertical edge with rounding noise in x keeps both of its corners", "[geometry][hull2d]") {
  // The regression behind this test: x of the top-left corner was 1 ulp
  // smaller than the others on the left edge, so sorting by x put it first,
  // the collinear points below it came out of order, and a corner was lost.
  const double x = -0.07, x_lo = std::nextafter(-0.07, -1.0);
  const std::vector<V2> pts = {V2(x, -0.07), V2(x_lo, 0.08), V2(x, 0.0),  V2(x, -0.12),
                               V2(0.13, -0.12), V2(0.13, 0.08), V2(0.0, 0.08), V2(0.08, 0.08000000000000002)};
  auto h = PlanarHull(pts, 1e-10);
  std::sort(h.begin(), h.end());
  CHECK(h == std::vector<int>{1, 3, 4, 5});
}
