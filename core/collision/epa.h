// Penetration depth and normal of two overlapping convex shapes by the
// Expanding Polytope Algorithm (van den Bergen 2001): grow a polytope inside
// the Minkowski difference C = A - B from a simplex around the origin, always
// expanding the face closest to the origin, until the support point in that
// face's normal adds less than a tolerance. The closest face then gives the
// minimum translation: moving A by depth along n_BA separates the shapes.
#pragma once

#include <array>
#include <utility>
#include <vector>

#include "core/collision/gjk.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct PenetrationResult {
  bool valid = false;         // false if the polytope degenerated (caller falls back)
  double depth = 0.0;         // m, >= 0
  Vec3 n_BA = Vec3::UnitZ();  // unit, from B to A
  Vec3 p_A = Vec3::Zero();    // deepest point of A inside B, world
  Vec3 p_B = Vec3::Zero();    // deepest point of B inside A, world
  int iterations = 0;
};

struct EpaFace {
  std::array<int, 3> v;  // counter-clockwise seen from outside
  Vec3 n;                // outward unit normal
  double dist;           // n . w_0, the plane's distance from the origin
  bool alive = true;
};

// EPA's polytope (vertices w = a - b relative to A's origin, faces, the
// horizon of an expansion). A caller that keeps one between queries
// (the narrow phase's scratch) allocates nothing once it has held the
// largest polytope.
struct EpaPolytope {
  std::vector<MinkowskiVertex> verts;
  std::vector<EpaFace> faces;
  std::vector<std::pair<int, int>> horizon;
  bool AddFace(int a, int b, int c);
};

// Full shapes (cores plus radii) of A at X_WA and B at X_WB, known to overlap.
PenetrationResult EpaPenetration(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB);
// The same in the caller's polytope (emptied first).
PenetrationResult EpaPenetration(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB,
                                 EpaPolytope* polytope);

}  // namespace grasplab
