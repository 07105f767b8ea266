// The Dormand-Prince 4(5) integrator (dynamics/dormand_prince.h) on ODEs
// with known solutions: its order, its error control, and its step-size rule.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/dynamics/dormand_prince.h"

using namespace grasplab;

namespace {

// y' = -y and the harmonic oscillator x'' = -x as (x, v).
void Decay(double, const std::vector<double>& y, std::vector<double>* d) { *d = {-y[0]}; }
void Oscillator(double, const std::vector<double>& y, std::vector<double>* d) { *d = {y[1], -y[0]}; }

// Integrates from 0 to t_end; fixed steps of h when h > 0, else adaptive with rtol.
std::vector<double> Integrate(const DormandPrince45::Derivative& f, std::vector<double> y, double t_end, double h,
                              double rtol, int* steps) {
  DormandPrince45 dp;
  std::vector<double> k1, y5, k7, atol(y.size(), rtol);
  f(0.0, y, &k1);
  double t = 0.0, step = h > 0.0 ? h : 1e-3;
  *steps = 0;
  while (t < t_end) {
    const double s = std::min(step, t_end - t);
    const double err = dp.TryStep(f, t, y, k1, s, atol, rtol, &y5, &k7);
    if (h <= 0.0) step = DormandPrince45::NextStepLength(s, err);
    if (h <= 0.0 && err > 1.0) continue;
    t += s;
    y.swap(y5);
    k1.swap(k7);
    ++*steps;
  }
  return y;
}

}  // namespace

TEST_CASE("Dormand-Prince: fifth order on y' = -y", "[dopri]") {
  int steps;
  const double e1 = std::abs(Integrate(Decay, {1.0}, 1.0, 0.1, 1.0, &steps)[0] - std::exp(-1.0));
  const double e2 = std::abs(Integrate(Decay, {1.0}, 1.0, 0.05, 1.0, &steps)[0] - std::exp(-1.0));
  INFO("errors " << e1 << " " << e2);
  CHECK(e1 / e2 > 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 0.8);  // 2^5 within 20 %
  CHECK(e1 / e2 < 2.0 * 2.0 * 2.0 * 2.0 * 2.0 * 1.25);
}

TEST_CASE("Dormand-Prince: adaptive steps meet the tolerance on an oscillator over ten periods", "[dopri]") {
  const double t_end = 20.0 * 3.14159265358979323846;
  for (double rtol : {1e-6, 1e-9}) {
    int steps;
    const std::vector<double> y = Integrate(Oscillator, {1.0, 0.0}, t_end, 0.0, rtol, &steps);
    INFO("rtol " << rtol << ", " << steps << " steps, x = " << y[0] << ", v = " << y[1]);
    // Global error grows about linearly with the number of steps: a few
    // hundred local errors of at most rtol.
    CHECK(std::abs(y[0] - 1.0) < 1000.0 * rtol);
    CHECK(std::abs(y[1]) < 1000.0 * rtol);
    CHECK(std::abs(y[0] * y[0] + y[1] * y[1] - 1.0) < 1000.0 * rtol);
  }
}

TEST_CASE("Dormand-Prince: the step-size rule is 0.9 err^(-1/5) clamped to [0.2, 5]", "[dopri]") {
  CHECK(DormandPrince45::NextStepLength(1.0, 1.0) == Approx(0.9));
  CHECK(DormandPrince45::NextStepLength(1.0, 32.0) == Approx(0.45));
  CHECK(DormandPrince45::NextStepLength(1.0, 1.0 / 32.0) == Approx(1.8));
  CHECK(DormandPrince45::NextStepLength(1.0, 1e-12) == 5.0);
  CHECK(DormandPrince45::NextStepLength(1.0, 1e12) == 0.2);
  CHECK(DormandPrince45::NextStepLength(1.0, std::nan("")) == 0.2);
}
