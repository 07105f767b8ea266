// An orthonormal tangent basis for a unit normal, from arithmetic and sqrt
// only (deterministic across native and WASM builds).
#pragma once

#include <cmath>

#include "core/math/types.h"

namespace grasplab {

// (t1, t2) with t1 x t2 = n, t1 . n = t2 . n = 0.
inline void TangentBasis(const Vec3& n, Vec3* t1, Vec3* t2) {
  if (std::abs(n.x()) < 0.57735) {
    *t1 = Vec3(0.0, n.z(), -n.y()).normalized();  // x-axis cross n
  } else {
    *t1 = Vec3(-n.z(), 0.0, n.x()).normalized();  // y-axis cross n
  }
  *t2 = n.cross(*t1);
}

}  // namespace grasplab
