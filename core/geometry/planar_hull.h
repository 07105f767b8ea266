// Convex hull of points in a plane (Andrew's monotone chain), the reduction
// step of contact determination (Miller & Christensen, section 3.2).
#pragma once

#include <span>
#include <vector>

#include <Eigen/Core>

namespace grasplab {

// Indices of the hull vertices of `points`, counter-clockwise, starting from
// the lowest (x, y). Points closer than `eps` count as one and turns smaller
// than `eps` times the edge lengths as straight, so interior, duplicate and
// collinear points are dropped. Coordinates are first snapped to a grid of
// `eps`: without that, a vertical edge whose points differ in x by rounding
// noise would be sorted out of order along the edge and lose its corners.
// All points collinear: the two extremes. One point (or all coincident):
// that point.
std::vector<int> PlanarHull(std::span<const Eigen::Vector2d> points, double eps);

// The same into *out with the caller's working memory (no allocation once
// both have held the most points).
struct PlanarHullScratch {
  struct Item {
    double x, y;  // snapped
    int index;
  };
  std::vector<Item> items, hull;
};
void PlanarHull(std::span<const Eigen::Vector2d> points, double eps, PlanarHullScratch* scratch, std::vector<int>* out);

}  // namespace grasplab
