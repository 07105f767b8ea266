// The bin-picking scene's flat 14-point hull "hull50" (assets/scenes/bin-picking.json,
// scripts/make-bin-picking.mjs), as its points: the hull that once rocked on a box floor
// (tests/core/world/resting_hull_test.cc, tests/core/collision/contact_region_test.cc).
#pragma once

#include <vector>

#include "core/math/types.h"

namespace grasplab {

inline std::vector<Vec3> Hull50Points() {
  return {{0.027549, 0.003276, -0.003413},  {0.021005, 0.016733, 0.000453},  {0.024921, 0.002208, 0.006056},
          {-0.009325, -0.017861, 0.00716},  {0.001732, -0.024078, 0.001387}, {-0.024737, 0.009383, -0.004231},
          {-0.023981, 0.012829, 0.002346},  {-0.023582, 0.005244, -0.0065},  {-0.013431, -0.006636, -0.010123},
          {0.023145, -0.013842, 0.002377},  {0.012629, 0.020968, -0.003063}, {-0.010171, -0.009869, 0.010129},
          {0.014857, -0.015036, -0.007148}, {0.019313, 0.017585, -0.002175}};
}

}  // namespace grasplab
