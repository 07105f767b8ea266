// Penetration depth and normal of two overlapping convex shapes by the
// Expanding Polytope Algorithm (van den Bergen 2001): grow a polytope inside
// the Minkowski difference C = A - B from a simplex around the origin, always
// expanding the face closest to the origin, until the support point in that
// face's normal adds less than a tolerance. The closest face then gives the
// minimum translation: moving A by depth along n_BA separates the shapes.
#pragma once

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

// Full shapes (cores plus radii) of A at X_WA and B at X_WB, known to overlap.
PenetrationResult EpaPenetration(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB);

}  // namespace grasplab
