#include "core/math/dense_cholesky.h"

#include <cmath>
#include <cstddef>

namespace grasplab {

bool DenseCholesky::Factor(const std::vector<double>& A, int n) {
  n_ = n;
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  w_.resize(nn);
  u_.resize(nn);
  double* W = w_.data();  // A's lower triangle, reduced in place
  double* U = u_.data();  // U = L^T, row-major: row j is L's column j
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k <= i; ++k) W[static_cast<std::size_t>(i) * n + k] = A[static_cast<std::size_t>(i) * n + k];
  }
  // Right-looking (outer product): at column j, W_ik for i >= k > j has had
  // L_im L_km subtracted for m = 0 .. j - 1 in that order, exactly the
  // subtractions and order of the row-by-row (Banachiewicz) form
  //   L_ij = (A_ij - sum_{m<j} L_im L_jm) / L_jj,
  // so the same bits; but the updates are independent axpys over
  // contiguous rows instead of one dot product's dependency chain.
  for (int j = 0; j < n; ++j) {
    const double d = W[static_cast<std::size_t>(j) * n + j];
    if (!(d > 0.0) || !(d - d == 0.0)) return false;
    const double ljj = std::sqrt(d);
    double* uj = U + static_cast<std::size_t>(j) * n;
    uj[j] = ljj;
    for (int i = j + 1; i < n; ++i) uj[i] = W[static_cast<std::size_t>(i) * n + j] / ljj;
    for (int i = j + 1; i < n; ++i) {
      const double f = uj[i];
      double* wi = W + static_cast<std::size_t>(i) * n;
      for (int k = j + 1; k <= i; ++k) wi[k] -= f * uj[k];
    }
  }
  return true;
}

void DenseCholesky::Solve(double* b) const {
  const int n = n_;
  const double* U = u_.data();
  // L y = b by columns (y_i = (b_i - sum_{k<i} L_ik y_k) / L_ii, the
  // subtractions in increasing k as by rows), then L^T x = y by rows.
  for (int k = 0; k < n; ++k) {
    const double* uk = U + static_cast<std::size_t>(k) * n;
    const double yk = b[k] / uk[k];
    b[k] = yk;
    for (int i = k + 1; i < n; ++i) b[i] -= uk[i] * yk;
  }
  for (int i = n - 1; i >= 0; --i) {
    const double* ui = U + static_cast<std::size_t>(i) * n;
    double s = b[i];
    for (int k = i + 1; k < n; ++k) s -= ui[k] * b[k];
    b[i] = s / ui[i];
  }
}

}  // namespace grasplab
