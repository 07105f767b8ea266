#include "core/geometry/planar_hull.h"

#include <algorithm>
#include <cmath>

namespace grasplab {

std::vector<int> PlanarHull(std::span<const Eigen::Vector2d> points, double eps) {
  PlanarHullScratch scratch;
  std::vector<int> out;
  PlanarHull(points, eps, &scratch, &out);
  return out;
}

void PlanarHull(std::span<const Eigen::Vector2d> points, double eps, PlanarHullScratch* scratch, std::vector<int>* out) {
  using Item = PlanarHullScratch::Item;
  out->clear();
  const int n = static_cast<int>(points.size());
  if (n == 0) return;
  std::vector<Item>& items = scratch->items;
  items.clear();
  items.reserve(n);
  for (int i = 0; i < n; ++i) {
    // nearbyint is exact and identical on every IEEE platform.
    items.push_back({std::nearbyint(points[i].x() / eps) * eps, std::nearbyint(points[i].y() / eps) * eps, i});
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
    return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.index < b.index)));
  });
  // Coincident after snapping: keep the first (lowest index).
  items.erase(std::unique(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.x == b.x && a.y == b.y; }),
              items.end());
  const int m = static_cast<int>(items.size());
  if (m <= 2) {
    for (const Item& it : items) out->push_back(it.index);
    return;
  }
  auto left_turn = [eps](const Item& o, const Item& a, const Item& b) {
    const double ax = a.x - o.x, ay = a.y - o.y, bx = b.x - o.x, by = b.y - o.y;
    const double cross = ax * by - ay * bx;
    return cross > eps * (std::sqrt(ax * ax + ay * ay) + std::sqrt(bx * bx + by * by));
  };
  std::vector<Item>& hull = scratch->hull;
  hull.resize(2 * m);
  int k = 0;
  for (int i = 0; i < m; ++i) {
    while (k >= 2 && !left_turn(hull[k - 2], hull[k - 1], items[i])) --k;
    hull[k++] = items[i];
  }
  for (int i = m - 2, lower = k + 1; i >= 0; --i) {
    while (k >= lower && !left_turn(hull[k - 2], hull[k - 1], items[i])) --k;
    hull[k++] = items[i];
  }
  --k;  // the last point repeats the first
  if (k < 3) {  // collinear
    out->push_back(items.front().index);
    out->push_back(items.back().index);
    return;
  }
  for (int i = 0; i < k; ++i) out->push_back(hull[i].index);
}

}  // namespace grasplab
