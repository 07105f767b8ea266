#include "core/dynamics/dormand_prince.h"

#include <algorithm>
#include <cmath>

namespace grasplab {
namespace {

// Butcher tableau (Dormand & Prince 1980, table 2).
constexpr double c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
constexpr double a21 = 1.0 / 5;
constexpr double a31 = 3.0 / 40, a32 = 9.0 / 40;
constexpr double a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9;
constexpr double a51 = 19372.0 / 6561, a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729;
constexpr double a61 = 9017.0 / 3168, a62 = -355.0 / 33, a63 = 46732.0 / 5247, a64 = 49.0 / 176,
                 a65 = -5103.0 / 18656;
// Fifth order (also the seventh stage's row).
constexpr double b1 = 35.0 / 384, b3 = 500.0 / 1113, b4 = 125.0 / 192, b5 = -2187.0 / 6784, b6 = 11.0 / 84;
// b - b* (fourth order), for the error estimate.
constexpr double e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525,
                 e7 = -1.0 / 40;

}  // namespace

double DormandPrince45::TryStep(const Derivative& f, double t, const std::vector<double>& y,
                                const std::vector<double>& k1, double h, const std::vector<double>& atol, double rtol,
                                std::vector<double>* y5, std::vector<double>* k7) {
  const std::size_t n = y.size();
  stage_.resize(n);
  auto stage = [&](double c, auto&& combine, std::vector<double>* k) {
    for (std::size_t i = 0; i < n; ++i) stage_[i] = y[i] + h * combine(i);
    f(t + c * h, stage_, k);
  };
  stage(c2, [&](std::size_t i) { return a21 * k1[i]; }, &k2_);
  stage(c3, [&](std::size_t i) { return a31 * k1[i] + a32 * k2_[i]; }, &k3_);
  stage(c4, [&](std::size_t i) { return a41 * k1[i] + a42 * k2_[i] + a43 * k3_[i]; }, &k4_);
  stage(c5, [&](std::size_t i) { return a51 * k1[i] + a52 * k2_[i] + a53 * k3_[i] + a54 * k4_[i]; }, &k5_);
  stage(1.0, [&](std::size_t i) { return a61 * k1[i] + a62 * k2_[i] + a63 * k3_[i] + a64 * k4_[i] + a65 * k5_[i]; },
        &k6_);
  y5->resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    (*y5)[i] = y[i] + h * (b1 * k1[i] + b3 * k3_[i] + b4 * k4_[i] + b5 * k5_[i] + b6 * k6_[i]);
  }
  f(t + h, *y5, k7);
  double err = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double e = h * (e1 * k1[i] + e3 * k3_[i] + e4 * k4_[i] + e5 * k5_[i] + e6 * k6_[i] + e7 * (*k7)[i]);
    const double scale = atol[i] + rtol * std::max(std::abs(y[i]), std::abs((*y5)[i]));
    const double r = std::abs(e) / scale;
    if (!(r <= err)) err = r;  // also propagates NaN as "reject"
  }
  return err;
}

double DormandPrince45::NextStepLength(double h, double err) {
  // Outside these bounds the factor is clamped anyway: 0.9 err^(-1/5) >= 5
  // below err = (0.9/5)^5, <= 0.2 above (0.9/0.2)^5.
  if (!(err == err) || err >= 1845.28125) return 0.2 * h;
  if (err <= 1.889568e-4) return 5.0 * h;
  // s = err^(-1/5) by Newton on s^5 = 1/err (no libm: deterministic).
  const double x = 1.0 / err;
  double s = 1.0;
  for (int i = 0; i < 100; ++i) {
    const double s4 = s * s * s * s;
    const double next = s - (s4 * s - x) / (5.0 * s4);
    if (next == s) break;
    s = next;
  }
  return h * std::clamp(0.9 * s, 0.2, 5.0);
}

}  // namespace grasplab
