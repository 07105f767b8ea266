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

// The period from the turning points of a swing, fed one joint rate per
// step of length h: each sign change of qd from + to - is interpolated
// linearly between its two steps; the period is the mean spacing.
class TurningPoints {
 public:
  explicit TurningPoints(double h) : h_(h) {}
  void Add(double qd) {
    ++k_;
    if (k_ > 1 && prev_ > 0.0 && qd <= 0.0) {
      const double t = (k_ - 1 + prev_ / (prev_ - qd)) * h_;
      if (first_ < 0.0) first_ = t;
      last_ = t;
      ++turns_;
    }
    prev_ = qd;
  }
  int turns() const { return turns_; }
  double period() const { return (last_ - first_) / (turns_ - 1); }

 private:
  double h_, prev_ = 0.0, first_ = -1.0, last_ = -1.0;
  int k_ = 0, turns_ = 0;
};

}  // namespace grasplab
