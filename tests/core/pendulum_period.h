// The exact period of a pendulum at any amplitude, for the tests that check
// the dynamics against it (multibody/articulated_test.cc,
// world/reduced_formulation_test.cc): T = 4 sqrt(I / (m g d)) K(sin(theta0 / 2)),
// with K below.
#pragma once

#include <cmath>

namespace grasplab {

// Complete elliptic integral of the first kind K(k) by the arithmetic-
// geometric mean: K = pi / (2 AGM(1, sqrt(1 - k^2))).
inline double EllipticK(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 30; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return M_PI / (2.0 * a);
}

}  // namespace grasplab
