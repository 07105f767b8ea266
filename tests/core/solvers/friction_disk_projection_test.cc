// The friction disk projection (solvers/friction_disk_projection.h): the
// metric projection of the sticking impulse onto |x| <= L, checked against
// closed forms, against its KKT conditions, and against the 60-halving
// bisection the exact-cone Gauss-Seidel used before (kept here as the
// reference), on many random blocks.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>

#include "core/solvers/friction_disk_projection.h"

using namespace grasplab;

namespace {

double Norm2(double x, double y) { return std::sqrt(x * x + y * y); }

// The previous projection (pgs_cone_solver.cc up to 0772eca): bisection on
// k in [0, |T s| / L], 60 halvings, then x(hi) scaled onto the circle.
void Bisection(double a, double b, double d, double s1, double s2, double limit, double* out1, double* out2) {
  const double c1 = a * s1 + b * s2, c2 = b * s1 + d * s2;
  auto x_of = [&](double k, double* x1, double* x2) {
    const double det_k = (a + k) * (d + k) - b * b;
    *x1 = ((d + k) * c1 - b * c2) / det_k;
    *x2 = ((a + k) * c2 - b * c1) / det_k;
  };
  double lo = 0.0, hi = Norm2(c1, c2) / limit, x1 = 0.0, x2 = 0.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    x_of(mid, &x1, &x2);
    if (Norm2(x1, x2) > limit) lo = mid;
    else hi = mid;
  }
  x_of(hi, &x1, &x2);
  const double scale = limit / std::max(Norm2(x1, x2), 1e-300);
  *out1 = x1 * scale;
  *out2 = x2 * scale;
}

struct Block {
  double a, b, d, s1, s2, L;
};

// T = R(theta) diag(l1, l2) R(theta)^T with l1 log-uniform in [1e-2, 1e4]
// (m/s per N s, a 1 kg box's block is about 1-10), condition l1 / l2
// log-uniform in [1, 10^max_log_cond]; s in a random direction with
// |s| / L in (1, 100].
Block RandomBlock(std::mt19937_64& rng, double max_log_cond) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double l1 = std::pow(10.0, -2.0 + 6.0 * u(rng));
  const double l2 = l1 / std::pow(10.0, max_log_cond * u(rng));
  const double th = 6.283185307179586 * u(rng), c = std::cos(th), s = std::sin(th);
  Block k;
  k.a = c * c * l1 + s * s * l2;
  k.b = c * s * (l1 - l2);
  k.d = s * s * l1 + c * c * l2;
  k.L = std::pow(10.0, -3.0 + 3.0 * u(rng));
  const double r = k.L * (1.0 + 99.0 * u(rng) * u(rng)) * (1.0 + 1e-9), phi = 6.283185307179586 * u(rng);
  k.s1 = r * std::cos(phi);
  k.s2 = r * std::sin(phi);
  return k;
}

}  // namespace

TEST_CASE("Disk projection: closed forms (isotropic block, eigen-aligned impulse)", "[pgs][disk]") {
  // T = l I: the metric is Euclidean, x = s L / |s|, k = l (|s| / L - 1), in one Newton step.
  const DiskProjection iso = ProjectOntoFrictionDisk(2.5, 0.0, 2.5, 0.3, -0.4, 0.1);
  CHECK(iso.x1 == Approx(0.3 * 0.1 / 0.5).epsilon(1e-14));
  CHECK(iso.x2 == Approx(-0.4 * 0.1 / 0.5).epsilon(1e-14));
  CHECK(iso.k == Approx(2.5 * (0.5 / 0.1 - 1.0)).epsilon(1e-14));
  CHECK(iso.iterations <= 1);
  // s along an eigenvector of an anisotropic T: x is radial again, and
  // k = l (|s| / L - 1) with that eigenvector's l. T = [3 1; 1 3]: (1, 1)
  // has l = 4, (1, -1) has l = 2.
  const DiskProjection e1 = ProjectOntoFrictionDisk(3.0, 1.0, 3.0, 0.2, 0.2, 0.1);
  CHECK(e1.x1 == Approx(0.1 / std::sqrt(2.0)).epsilon(1e-14));
  CHECK(e1.x2 == Approx(0.1 / std::sqrt(2.0)).epsilon(1e-14));
  CHECK(e1.k == Approx(4.0 * (0.2 * std::sqrt(2.0) / 0.1 - 1.0)).epsilon(1e-13));
  const DiskProjection e2 = ProjectOntoFrictionDisk(3.0, 1.0, 3.0, 0.2, -0.2, 0.1);
  CHECK(e2.k == Approx(2.0 * (0.2 * std::sqrt(2.0) / 0.1 - 1.0)).epsilon(1e-13));
}

TEST_CASE("Disk projection: KKT conditions and the bisection's answer on 200,000 random blocks", "[pgs][disk]") {
  std::mt19937_64 rng(19);
  double worst_kkt = 0.0, worst_k = 0.0, worst_circle = 0.0, worst_vs_bisection = 0.0;
  int worst_iterations = 0;
  long long iterations = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    // Conditions up to 1e3. Both methods evaluate x(k) in doubles, whose
    // rounding grows with the condition: against a 113-bit reference both
    // err by about 1e-16 times it (measured up to 1e8).
    const Block k = RandomBlock(rng, 3.0);
    const DiskProjection p = ProjectOntoFrictionDisk(k.a, k.b, k.d, k.s1, k.s2, k.L);
    iterations += p.iterations;
    worst_iterations = std::max(worst_iterations, p.iterations);
    // On the circle.
    worst_circle = std::max(worst_circle, std::abs(Norm2(p.x1, p.x2) - k.L) / k.L);
    // Stationarity: the slip velocity u = T (x - s) is -k x, i.e. opposite
    // to x: u x x = 0 (relative to the scale |T| |s| L of its terms) and
    // u . x < 0, with k = -u . x / L^2 the returned multiplier.
    const double u1 = k.a * (p.x1 - k.s1) + k.b * (p.x2 - k.s2), u2 = k.b * (p.x1 - k.s1) + k.d * (p.x2 - k.s2);
    const double t = Norm2(0.5 * (k.a - k.d), k.b) + 0.5 * (k.a + k.d);  // |T|, its larger eigenvalue
    REQUIRE(u1 * p.x1 + u2 * p.x2 < 0.0);
    worst_kkt = std::max(worst_kkt, std::abs(u1 * p.x2 - u2 * p.x1) / (t * Norm2(k.s1, k.s2) * k.L));
    worst_k = std::max(worst_k, std::abs(p.k + (u1 * p.x1 + u2 * p.x2) / (k.L * k.L)) / (t * Norm2(k.s1, k.s2) / k.L));
    // The same point as the bisection.
    double b1 = 0.0, b2 = 0.0;
    Bisection(k.a, k.b, k.d, k.s1, k.s2, k.L, &b1, &b2);
    worst_vs_bisection = std::max(worst_vs_bisection, Norm2(p.x1 - b1, p.x2 - b2) / k.L);
  }
  INFO("mean Newton steps " << static_cast<double>(iterations) / n << ", most " << worst_iterations);
  INFO("worst: circle " << worst_circle << ", KKT " << worst_kkt << ", k " << worst_k << ", vs bisection "
                          << worst_vs_bisection);
  CHECK(worst_circle < 1e-15);
  CHECK(worst_kkt < 1e-13);
  CHECK(worst_k < 1e-12);
  CHECK(worst_vs_bisection < 1e-12);
  CHECK(worst_iterations <= 12);
}

TEST_CASE("Disk projection: ill-conditioned blocks (condition up to 1e8) still meet the KKT conditions", "[pgs][disk]") {
  std::mt19937_64 rng(2019);
  double worst_kkt = 0.0;
  int worst_iterations = 0;
  for (int i = 0; i < 100000; ++i) {
    const Block k = RandomBlock(rng, 8.0);
    const DiskProjection p = ProjectOntoFrictionDisk(k.a, k.b, k.d, k.s1, k.s2, k.L);
    worst_iterations = std::max(worst_iterations, p.iterations);
    REQUIRE(std::abs(Norm2(p.x1, p.x2) - k.L) <= 1e-15 * k.L);
    // The objective at x is no larger than at the bisection's point or at
    // 64 points around the circle (the projection is the minimiser).
    auto f = [&](double x1, double x2) {
      const double e1 = x1 - k.s1, e2 = x2 - k.s2;
      return k.a * e1 * e1 + 2.0 * k.b * e1 * e2 + k.d * e2 * e2;
    };
    const double fx = f(p.x1, p.x2);
    for (int j = 0; j < 64; ++j) {
      const double t = 6.283185307179586 * j / 64.0;
      REQUIRE(fx <= f(k.L * std::cos(t), k.L * std::sin(t)) * (1.0 + 1e-12));
    }
    const double u1 = k.a * (p.x1 - k.s1) + k.b * (p.x2 - k.s2), u2 = k.b * (p.x1 - k.s1) + k.d * (p.x2 - k.s2);
    // The residual's rounding floor grows with the condition l1 / l2.
    const double half_gap = Norm2(0.5 * (k.a - k.d), k.b), t = half_gap + 0.5 * (k.a + k.d);
    const double cond = t / (0.5 * (k.a + k.d) - half_gap);
    worst_kkt = std::max(worst_kkt, std::abs(u1 * p.x2 - u2 * p.x1) / (t * Norm2(k.s1, k.s2) * k.L) / cond);
  }
  INFO("worst KKT / condition " << worst_kkt << ", most Newton steps " << worst_iterations);
  CHECK(worst_kkt < 1e-15);
  CHECK(worst_iterations <= 20);
}
