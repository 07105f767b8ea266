// Trigonometry from +, -, *, / and sqrt only, so results are bit-identical
// in the native and WASM builds (glibc and musl may differ in the last bit of
// atan2). Accuracy: a few ulps.
#pragma once

namespace grasplab {

inline constexpr double kPi = 3.14159265358979323846;

// atan(x) for any finite x.
double DetAtan(double x);
// atan2(y, x) in (-pi, pi]; 0 for (0, 0).
double DetAtan2(double y, double x);
// x wrapped into (-pi, pi].
double WrapAngle(double x);
// sin(x) and cos(x) for |x| <= 1e6 (range reduction by pi/2 in two parts,
// then Taylor series on [-pi/4, pi/4]): within 2 ulp of the libm values.
// Beyond, x is first reduced modulo the double 2 pi (finite, |s|, |c| <= 1,
// not libm's values); NaN for NaN and +-Inf.
inline constexpr double kSinCosRange = 1e6;
void DetSinCos(double x, double* s, double* c);
double DetSin(double x);
double DetCos(double x);
// exp(x): x = k ln2 + r with |r| <= ln2/2, Taylor series to r^16, then an
// exact scaling by 2^k. 0 below -745, +inf above 709.7. Within 2 ulp.
double DetExp(double x);
// tanh(x): odd series for |x| < 1/32, (1 - e^-2|x|) / (1 + e^-2|x|) above
// (relative error up to 5e-15 just above 1/32, where 1 - e^-2|x| cancels).
double DetTanh(double x);
// ln(x) for finite x > 0: x = m 2^k with m in [sqrt(1/2), sqrt(2)) (frexp,
// exact), ln m = 2 atanh(s), s = (m - 1)/(m + 1), |s| < 0.172, by its odd
// series to s^41, plus k ln 2. -inf at 0, NaN below. Within 2 ulp.
double DetLog(double x);

}  // namespace grasplab
