// The seeded noise generator (core/math/gaussian_noise) and the
// deterministic logarithm it uses (core/math/det_math: DetLog).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/math/det_math.h"
#include "core/math/gaussian_noise.h"

using namespace grasplab;

TEST_CASE("DetLog agrees with the C library's log to a few ulps", "[math][noise]") {
  for (double x : {1e-300, 1e-12, 0.001, 0.3, 0.5, 0.70710678, 0.9999999, 1.0, 1.0000001, 1.5, 2.0, 3.0, 10.0, 12345.678,
                   1e300}) {
    const double expected = std::log(x);
    CHECK(std::abs(DetLog(x) - expected) <= 4e-16 * std::max(1.0, std::abs(expected)));
  }
  CHECK(DetLog(1.0) == 0.0);
  CHECK(std::isinf(DetLog(0.0)));
  CHECK(std::isnan(DetLog(-1.0)));
}

TEST_CASE("Gaussian noise: the same seed repeats, another differs, and the moments are N(0, 1)", "[math][noise]") {
  GaussianNoise a(42), b(42), c(43);
  for (int k = 0; k < 100; ++k) {
    const double x = a.Next();
    CHECK(x == b.Next());
    CHECK(x != c.Next());
  }
  // 2e5 samples: the sample mean's standard error is 0.0022, the standard
  // deviation's 0.0016, the fourth moment's (3) 0.017.
  GaussianNoise g(7);
  const int n = 200000;
  double s1 = 0.0, s2 = 0.0, s4 = 0.0;
  int beyond_2sigma = 0;
  for (int k = 0; k < n; ++k) {
    const double x = g.Next();
    s1 += x, s2 += x * x, s4 += x * x * x * x;
    if (std::abs(x) > 2.0) ++beyond_2sigma;
  }
  const double mean = s1 / n, var = s2 / n - mean * mean;
  CHECK(std::abs(mean) < 0.01);
  CHECK(std::abs(std::sqrt(var) - 1.0) < 0.01);
  CHECK(std::abs(s4 / n - 3.0) < 0.1);
  CHECK(std::abs(beyond_2sigma / static_cast<double>(n) - 0.0455) < 0.002);  // P(|z| > 2) = 4.55 %
  // A zero standard deviation draws nothing: the sequence is not moved.
  GaussianNoise d(42), e(42);
  CHECK(d.Next(0.0) == 0.0);
  CHECK(d.Next() == e.Next());
}
