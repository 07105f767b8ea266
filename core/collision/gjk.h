// Distance between two convex shapes by the Gilbert-Johnson-Keerthi algorithm
// (Gilbert, Johnson & Keerthi 1988, the "Gilbert's algorithm" of Lee, Ruspini
// & Khatib section 5.1), run on the shapes' cores (geometry/support.h).
//
// GJK searches the Minkowski difference C = core(A) - core(B) for its point v
// closest to the origin. Each iteration takes the support point
// w = s_A(-v) - s_B(v), stops when |v|^2 - v.w <= eps |v|^2 (v cannot shrink
// further), and otherwise adds w to the simplex and replaces the simplex by
// the smallest sub-simplex containing its closest point to the origin
// (Johnson's sub-algorithm, done with Voronoi-region tests as in Ericson,
// Real-Time Collision Detection, 5.1). Barycentric weights of the closest
// point give the witness points on A and B.
#pragma once

#include <cmath>

#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct GjkResult {
  bool overlap = false;      // the cores intersect (distance below tolerance)
  double core_distance = 0;  // m, distance between the cores (0 if overlap)
  Vec3 p_A = Vec3::Zero();   // witness point on core(A), world frame
  Vec3 p_B = Vec3::Zero();   // witness point on core(B), world frame
  Vec3 v_AB = Vec3::Zero();  // p_A - p_B, computed before the world offset is added
                             // (accurate even far from the world origin)
  int iterations = 0;
  // The search stopped early: the cores are proven farther apart than
  // GjkOptions::stop_beyond (core_distance is then the lower bound that
  // proved it, witnesses and v_AB are not the closest points).
  bool beyond = false;
};

// How a GjkDistance query runs.
struct GjkOptions {
  // Between the full shapes (cores plus radii) instead of the cores.
  bool full_shapes = false;
  // Stop as soon as the distance is proven above this (m): every support
  // point w = s_A(-v) - s_B(v) bounds the distance from below,
  //   |x| >= v.x / |v| >= v.w / |v|   for every x in C,
  // because w minimises v.x over C. A pair whose contacts start below a
  // margin needs no more than that proof, which for separated curved pairs
  // (cylinders, whose linear convergence took 20-60 iterations to 1e-12) is
  // one or two supports.
  double stop_beyond = INFINITY;
  // The first search direction, world frame, pointing from B's side to A's
  // like v_AB (zero: the line of centres, A's origin minus B's). A pair's
  // last v_AB starts GJK next to its answer (collision/pair_cache.h).
  Vec3 initial_v = Vec3::Zero();
};

// A vertex of the Minkowski difference, w = a - b, with its support points
// on A and B, all relative to A's origin (X_WA.p).
struct MinkowskiVertex {
  Vec3 w = Vec3::Zero();
  Vec3 a = Vec3::Zero();
  Vec3 b = Vec3::Zero();
};

// GJK's final simplex (1-4 vertices), the seed of EPA.
struct GjkSimplex {
  MinkowskiVertex v[4];
  int n = 0;
};

// The Minkowski-difference vertex in world direction d (relative to A's
// origin): support of A in d minus support of B in -d, of the cores or of
// the full shapes.
MinkowskiVertex MinkowskiSupport(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB, const Vec3& d,
                                 bool full_shapes);

// Distance between shape A at X_WA and shape B at X_WB: between their cores
// (default), or between the full shapes (cores plus radii) when
// `full_shapes`. Optionally returns the final simplex.
GjkResult GjkDistance(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB,
                      bool full_shapes = false, GjkSimplex* simplex = nullptr);
// The same with options.
GjkResult GjkDistance(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB, const GjkOptions& options,
                      GjkSimplex* simplex = nullptr);

}  // namespace grasplab
