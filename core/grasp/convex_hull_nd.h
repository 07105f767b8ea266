// Convex hull of points in d dimensions (2 <= d <= 6): the geometry behind
// the grasp wrench space (grasp/grasp_quality.h), whose hull in R^6 (or R^3
// for planar grasps) gives force closure, the Ferrari-Canny epsilon and the
// volume quality.
//
// Algorithm: Quickhull (Barber, Dobkin & Huhdanpaa 1996) with simplicial
// facets. An initial simplex of d + 1 points spanning the most volume; every
// other point goes to the outside set of the first facet it lies above; the
// farthest outside point of a facet is added by removing the facets it sees
// (a breadth-first search from that facet) and coning the horizon ridges to
// it. Coplanar points (within the tolerance of a facet) count as inside, so
// a flat region of the hull is covered by several coplanar simplices; the
// metrics below do not care.
//
// Facets are oriented outward: n . x + offset <= 0 inside, |n| = 1, so
// -offset is the signed distance of the origin from the facet's hyperplane
// (positive when the origin is on the inner side).
//
// Determinism: facets are processed in creation order, points in input
// order, ridges matched through an ordered map keyed by vertex indices; no
// pointer or hash order anywhere.
//
// Failure is reported, never guessed: fewer than d + 1 affinely independent
// points (kDegenerate, with the rank found), a facet budget exceeded
// (kTooLarge), or a final check finding an input point outside a facet
// (kNumerical) even after joggling the input (HullNd::joggle).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace grasplab {

inline constexpr int kMaxHullDim = 6;

struct HullFacet {
  std::array<int, kMaxHullDim> vertices{};   // input point indices (first d used)
  std::array<double, kMaxHullDim> normal{};  // unit, outward
  double offset = 0.0;                       // n . x + offset = 0 on the facet
};

enum class HullStatus { kOk, kDegenerate, kTooLarge, kNumerical };

struct HullNd {
  HullStatus status = HullStatus::kOk;
  std::string message;               // why, when status != kOk
  int dim = 0;
  int rank = 0;                      // affine rank of the points (d when kOk)
  std::vector<HullFacet> facets;     // the hull's simplicial facets
  std::vector<int> vertices;         // input indices of hull vertices, ascending
  double volume = 0.0;               // d-dimensional volume
  double tolerance = 0.0;            // distance below which a point is on a facet
  double joggle = 0.0;               // > 0: the points were perturbed by up to this (see .cc)
};

struct HullSettings {
  // Distance tolerance relative to the largest absolute coordinate.
  double relative_tolerance = 1e-9;
  int max_facets = 200000;
};

// points: n x dim, row-major. Requires 2 <= dim <= kMaxHullDim.
HullNd ConvexHullNd(const std::vector<double>& points, int dim, const HullSettings& settings = {});

// Signed distance from the origin to the hull's boundary: the radius of the
// largest origin-centred ball inside the hull when the origin is inside
// (> 0); otherwise <= 0: minus the origin's largest height above a facet
// plane.
double OriginDepth(const HullNd& hull);

}  // namespace grasplab
