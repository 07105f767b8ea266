#include "core/math/det_math.h"

#include <cmath>
#include <limits>

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

void DetSinCos(double x, double* s, double* c) {
  // x = k pi/2 + r, with pi/2 split into a head exact in 33 bits and a tail.
  constexpr double kPio2Hi = 1.5707963267341256e+00;  // first 33 bits of pi/2
  constexpr double kPio2Lo = 6.0771005065061922e-11;  // pi/2 - kPio2Hi
  if (!(x - x == 0.0)) {  // NaN or +-Inf: no quadrant
    *s = *c = x - x;
    return;
  }
  // Beyond the accurate range, x first modulo the double 2 pi (std::fmod is
  // exact, so the same bits native and WASM): k below then fits its integer
  // type, where x / (pi/2) past ~1.4e19 overflowed the cast (undefined; found
  // by scene_fuzz: a tree joint's angle after a blow-up). Such an x has no
  // meaningful sine anyway (its ulp is over 1e-10 rad at 1e6).
  if (std::abs(x) > kSinCosRange) x = std::fmod(x, 2.0 * kPi);
  double kf = x * (2.0 / kPi);
  kf = kf >= 0.0 ? static_cast<double>(static_cast<long long>(kf + 0.5))
                 : -static_cast<double>(static_cast<long long>(-kf + 0.5));
  const double r = (x - kf * kPio2Hi) - kf * kPio2Lo;
  const double r2 = r * r;
  // Taylor series to r^17 and r^18: the remainder is below 1e-17 for |r| <= pi/4.
  double sn = 1.0 / 355687428096000.0;  // 1/17!
  sn = sn * r2 - 1.0 / 1307674368000.0;
  sn = sn * r2 + 1.0 / 6227020800.0;
  sn = sn * r2 - 1.0 / 39916800.0;
  sn = sn * r2 + 1.0 / 362880.0;
  sn = sn * r2 - 1.0 / 5040.0;
  sn = sn * r2 + 1.0 / 120.0;
  sn = sn * r2 - 1.0 / 6.0;
  sn = r + r * r2 * sn;
  double cs = 1.0 / 6402373705728000.0;  // 1/18!
  cs = cs * r2 - 1.0 / 20922789888000.0;
  cs = cs * r2 + 1.0 / 87178291200.0;
  cs = cs * r2 - 1.0 / 479001600.0;
  cs = cs * r2 + 1.0 / 3628800.0;
  cs = cs * r2 - 1.0 / 40320.0;
  cs = cs * r2 + 1.0 / 720.0;
  cs = cs * r2 - 1.0 / 24.0;
  cs = cs * r2 + 0.5;
  cs = 1.0 - r2 * cs;
  const long long k = static_cast<long long>(kf);
  switch (((k % 4) + 4) % 4) {
    case 0: *s = sn; *c = cs; break;
    case 1: *s = cs; *c = -sn; break;
    case 2: *s = -sn; *c = -cs; break;
    default: *s = -cs; *c = sn; break;
  }
}

double DetSin(double x) {
  double s, c;
  DetSinCos(x, &s, &c);
  return s;
}

double DetCos(double x) {
  double s, c;
  DetSinCos(x, &s, &c);
  return c;
}

double DetExp(double x) {
  if (x != x) return x;
  if (x > 709.7) return HUGE_VAL;
  if (x < -745.0) return 0.0;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2, head exact in 32 bits
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double kf = x * 1.44269504088896338700 + (x >= 0.0 ? 0.5 : -0.5);
  const int k = static_cast<int>(kf);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  // Horner on sum_{n=0}^{16} r^n / n!: t = 1 + r/1 (1 + r/2 (1 + ... (1 + r/16))).
  double t = 1.0;
  for (int n = 16; n >= 1; --n) t = 1.0 + r * t / n;
  return std::ldexp(t, k);
}

double DetTanh(double x) {
  if (x != x) return x;
  const double a = x < 0.0 ? -x : x;
  double t;
  if (a < 0.03125) {
    // x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835 - 1382x^11/155925: the
    // remainder is below 1e-20 relative for |x| < 1/32.
    const double a2 = a * a;
    t = a * (1.0 + a2 * (-1.0 / 3.0 + a2 * (2.0 / 15.0 + a2 * (-17.0 / 315.0 + a2 * (62.0 / 2835.0 - a2 * 1382.0 / 155925.0)))));
  } else if (a > 20.0) {
    t = 1.0;
  } else {
    const double e = DetExp(-2.0 * a);
    t = (1.0 - e) / (1.0 + e);
  }
  return x < 0.0 ? -t : t;
}

double DetLog(double x) {
  if (x != x || x < 0.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0.0) return -HUGE_VAL;
  if (x == HUGE_VAL) return x;
  int k = 0;
  double m = std::frexp(x, &k);  // x = m 2^k, m in [1/2, 1)
  if (m < 0.70710678118654752440) m *= 2.0, --k;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  // 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...): |s| < 0.1716, so the terms
  // past s^41 are below 1e-32 relative.
  double t = 1.0 / 41.0;
  for (int n = 39; n >= 1; n -= 2) t = 1.0 / n + s2 * t;
  return (k * kLn2Hi + 2.0 * s * t) + k * kLn2Lo;
}

}  // namespace grasplab
