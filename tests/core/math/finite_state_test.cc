// IsFiniteState (math/types.h), the test World::QuarantineNonFinite runs on
// every body every step: false when any of the 13 numbers of a pose and its
// velocities is NaN or infinite, true for every finite value, the extremes
// included.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "core/math/types.h"

using namespace grasplab;

TEST_CASE("IsFiniteState: any one of the 13 numbers NaN or infinite makes the state non-finite", "[math][finite]") {
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  for (int k = 0; k < 13; ++k) {
    for (double b : bad) {
      INFO("component " << k << " = " << b);
      Vec3 p(1.0, -2.0, 0.5), v(0.1, 0.2, 0.3), w(-1.0, 0.0, 4.0);
      Quat q(0.5, 0.5, 0.5, 0.5);
      if (k < 3) p[k] = b;
      else if (k < 7) q.coeffs()[k - 3] = b;
      else if (k < 10) v[k - 7] = b;
      else w[k - 10] = b;
      CHECK_FALSE(IsFiniteState(p, q, v, w));
    }
  }
}

TEST_CASE("IsFiniteState: finite extremes are finite", "[math][finite]") {
  const double big = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  CHECK(IsFiniteState(Vec3(big, -big, big), Quat(big, -big, tiny, -0.0), Vec3(-big, big, -big), Vec3(tiny, -tiny, 0.0)));
  CHECK(IsFiniteState(Vec3::Zero(), Quat::Identity(), Vec3::Zero(), Vec3::Zero()));
}
