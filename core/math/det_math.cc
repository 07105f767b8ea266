#include "core/math/det_math.h"

#include <cmath>

namespace grasplab {

double DetAtan(double x) {
  if (x != x) return x;
  const bool negative = x < 0.0;
  double a = negative ? -x : x;
  const bool inverted = a > 1.0;
  if (inverted) a = 1.0 / a;
  // Two halvings, atan(a) = 2 atan(a / (1 + sqrt(1 + a^2))), bring a below
  // tan(pi/16) = 0.199; the odd series to a^21 is then exact to 1e-17.
  for (int i = 0; i < 2; ++i) a = a / (1.0 + std::sqrt(1.0 + a * a));
  const double a2 = a * a;
  double s = 1.0 / 21.0;
  for (int k = 19; k >= 1; k -= 2) s = 1.0 / k - a2 * s;
  double r = 4.0 * a * s;
  if (inverted) r = 0.5 * kPi - r;
  return negative ? -r : r;
}

double DetAtan2(double y, double x) {
  if (x > 0.0) return DetAtan(y / x);
  if (x < 0.0) return y >= 0.0 ? DetAtan(y / x) + kPi : DetAtan(y / x) - kPi;
  if (y > 0.0) return 0.5 * kPi;
  if (y < 0.0) return -0.5 * kPi;
  return 0.0;
}

double WrapAngle(double x) {
  const double two_pi = 2.0 * kPi;
  // A loop, not fmod: few iterations in practice and no library call.
  while (x > kPi) x -= two_pi;
  while (x <= -kPi) x += two_pi;
  return x;
}

}  // namespace grasplab
