#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>

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

TEST_CASE("DetSinCos agrees with libm within 2 ulp-scale over a wide range", "[detmath]") {
  double worst = 0.0;
  for (int i = -200000; i <= 200000; ++i) {
    const double x = i * 0.000731 + 1e-3 * (i % 7);
    double s, c;
    grasplab::DetSinCos(x, &s, &c);
    worst = std::max({worst, std::abs(s - std::sin(x)), std::abs(c - std::cos(x))});
  }
  CHECK(worst < 4e-16 * 150.0);  // |x| up to 146: reduction error grows with |x|
  double s, c;
  grasplab::DetSinCos(0.0, &s, &c);
  CHECK(s == 0.0);
  CHECK(c == 1.0);
  grasplab::DetSinCos(grasplab::kPi / 6, &s, &c);
  CHECK(s == Approx(0.5).epsilon(1e-15));
}

TEST_CASE("DetSinCos is defined for every double: bounded beyond 1e6, NaN for NaN and infinities", "[detmath]") {
  // scene_fuzz found a tree joint's angle of 4e26 rad after a blow-up; the
  // quadrant's integer cast overflowed (undefined behaviour) before.
  for (double x : {1e6 + 0.5, -3.7e12, 1.4e19, 4e26, -1e300, std::numeric_limits<double>::max()}) {
    INFO("x = " << x);
    double s, c;
    grasplab::DetSinCos(x, &s, &c);
    const double r = std::fmod(x, 2.0 * kPi);  // what it is reduced to
    CHECK(s == Approx(std::sin(r)).margin(1e-13));
    CHECK(c == Approx(std::cos(r)).margin(1e-13));
    CHECK(s * s + c * c == Approx(1.0).epsilon(1e-14));
  }
  for (double x : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                   -std::numeric_limits<double>::infinity()}) {
    double s = 0.0, c = 0.0;
    grasplab::DetSinCos(x, &s, &c);
    CHECK(std::isnan(s));
    CHECK(std::isnan(c));
  }
  // Up to the range the reduction is unchanged: the same bits as the
  // series on x itself, which the libm comparison above bounds.
  double s1, c1;
  grasplab::DetSinCos(kSinCosRange, &s1, &c1);
  CHECK(s1 == Approx(std::sin(kSinCosRange)).margin(1e-9));
}

TEST_CASE("DetExp and DetTanh agree with libm to a few ulps", "[detmath]") {
  double worst_exp = 0.0, worst_tanh = 0.0;
  for (int i = -100000; i <= 100000; ++i) {
    const double x = i * 0.007013;  // |x| <= 701
    const double e = std::exp(x);
    worst_exp = std::max(worst_exp, std::abs(grasplab::DetExp(x) - e) / e);
    const double y = i * 0.0003137;  // |x| <= 31, both branches and the cut at 1/8
    worst_tanh = std::max(worst_tanh, std::abs(grasplab::DetTanh(y) - std::tanh(y)) / std::max(std::abs(std::tanh(y)), 1e-300));
  }
  CHECK(worst_exp < 1e-15);
  INFO("worst relative errors: exp " << worst_exp << ", tanh " << worst_tanh);
  CHECK(worst_tanh < 5e-15);
  CHECK(grasplab::DetExp(0.0) == 1.0);
  CHECK(grasplab::DetExp(-1000.0) == 0.0);
  CHECK(grasplab::DetTanh(0.0) == 0.0);
  CHECK(grasplab::DetTanh(-50.0) == -1.0);
  CHECK(grasplab::DetExp(1.0) == Approx(2.718281828459045).epsilon(1e-15));
}
