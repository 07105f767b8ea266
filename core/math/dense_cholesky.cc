#include "core/math/dense_cholesky.h"

#include <cmath>
#include <cstddef>

namespace grasplab {

bool DenseCholesky::Factor(const std::vector<double>& A, int n) {
  n_ = n;
  l_.resize(static_cast<std::size_t>(n) * n);
  auto a = [&](int i, int j) { return A[static_cast<std::size_t>(i) * n + j]; };
  double* L = l_.data();
  // Row by row (Cholesky-Banachiewicz): L_ij = (A_ij - sum_k<j L_ik L_jk) / L_jj.
  for (int i = 0; i < n; ++i) {
    double* li = L + static_cast<std::size_t>(i) * n;
    for (int j = 0; j <= i; ++j) {
      const double* lj = L + static_cast<std::size_t>(j) * n;
      double s = a(i, j);
      for (int k = 0; k < j; ++k) s -= li[k] * lj[k];
      if (j < i) {
        li[j] = s / lj[j];
      } else {
        if (!(s > 0.0) || !(s - s == 0.0)) return false;
        li[i] = std::sqrt(s);
      }
    }
  }
  return true;
}

void DenseCholesky::Solve(double* b) const {
  const int n = n_;
  const double* L = l_.data();
  // L y = b, then L^T x = y.
  for (int i = 0; i < n; ++i) {
    const double* li = L + static_cast<std::size_t>(i) * n;
    double s = b[i];
    for (int k = 0; k < i; ++k) s -= li[k] * b[k];
    b[i] = s / li[i];
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= L[static_cast<std::size_t>(k) * n + i] * b[k];
    b[i] = s / L[static_cast<std::size_t>(i) * n + i];
  }
}

}  // namespace grasplab
