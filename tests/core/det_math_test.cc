#include <catch2/catch.hpp>
#include <cmath>

#include "core/math/det_math.h"

using namespace grasplab;

TEST_CASE("Deterministic atan2 agrees with the C library to a few ulps", "[math]") {
  for (int i = -200; i <= 200; ++i) {
    for (int j = -200; j <= 200; j += 7) {
      const double y = i * 0.037, x = j * 0.0191;
      if (x == 0.0 && y == 0.0) continue;
      CHECK(DetAtan2(y, x) == Approx(std::atan2(y, x)).margin(4e-16));
    }
  }
  CHECK(DetAtan2(0.0, -1.0) == Approx(kPi));
  CHECK(DetAtan2(1.0, 0.0) == Approx(kPi / 2));
  CHECK(DetAtan(1e300) == Approx(kPi / 2));
  CHECK(WrapAngle(3 * kPi) == Approx(kPi));
  CHECK(WrapAngle(-kPi) == Approx(kPi));
  CHECK(WrapAngle(0.5) == 0.5);
}
