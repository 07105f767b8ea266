#include "core/solvers/friction_disk_projection.h"

#include <algorithm>
#include <cmath>

namespace grasplab {
namespace {

// Quadratic convergence from the bracket's lower end reaches rounding in
// 2-6 steps on the blocks of the bundled scenes and of random blocks of
// condition number up to 1e8 (tests/core/solvers/friction_disk_projection_test.cc);
// the cap only guards against a non-finite input.
constexpr int kMaxIterations = 60;
constexpr double kOnCircle = 1.0 + 0x1p-50;  // 1 + 4 eps

double Norm2(double x, double y) { return std::sqrt(x * x + y * y); }

}  // namespace

DiskProjection ProjectOntoFrictionDisk(double a, double b, double d, double s1, double s2, double L) {
  DiskProjection out;
  const double c1 = a * s1 + b * s2, c2 = b * s1 + d * s2;
  // T's larger and smaller eigenvalues, for the bracket of k*.
  const double mean = 0.5 * (a + d), half_gap = Norm2(0.5 * (a - d), b);
  const double l1 = mean + half_gap, l2 = std::max(mean - half_gap, 0.0);
  const double c_over_L = Norm2(c1, c2) / L;
  const double hi = c_over_L - l2;
  double k = std::max(0.0, c_over_L - l1);
  double x1 = 0.0, x2 = 0.0, n_before = 0.0;
  for (int i = 0;; ++i) {
    const double p = a + k, q = d + k, det = p * q - b * b;
    x1 = (q * c1 - b * c2) / det;
    x2 = (p * c2 - b * c1) / det;
    const double n = Norm2(x1, x2);
    // Done: on the circle to 4 ulps, or |x| no longer falls (exact iterates
    // decrease it strictly, so this is the rounding floor, which on an
    // ill-conditioned block lies above kOnCircle; the steps would only
    // creep by ulps of k).
    if (!(n > L * kOnCircle) || (i > 0 && !(n < n_before)) || i == kMaxIterations) break;
    n_before = n;
    // y = (T + k I)^-1 x; x^T y > 0 (T + k I is positive definite).
    const double y1 = (q * x1 - b * x2) / det, y2 = (p * x2 - b * x1) / det;
    const double xy = x1 * y1 + x2 * y2;
    const double next = std::min(k + (n - L) * n * n / (L * xy), hi);
    if (!(next > k)) break;
    k = next;
    out.iterations = i + 1;
  }
  const double scale = L / std::max(Norm2(x1, x2), 1e-300);  // onto the circle exactly
  out.x1 = x1 * scale;
  out.x2 = x2 * scale;
  out.k = k;
  return out;
}

}  // namespace grasplab
