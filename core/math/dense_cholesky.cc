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
  //
  // Two columns at a time: column j, then column j + 1 gets its m = j
  // subtraction, then the trailing rows take both subtractions per entry,
  // m = j then m = j + 1, as two rank-one passes would (the same bits),
  // reading and writing each trailing entry once instead of twice.
  // Column j of U from W's reduced column j: U_jj = sqrt(W_jj), U_ji =
  // W_ij / U_jj below it; null if W_jj is not positive and finite.
  auto column = [&](int j) -> const double* {
    const double d = W[static_cast<std::size_t>(j) * n + j];
    if (!(d > 0.0) || !(d - d == 0.0)) return nullptr;
    double* uj = U + static_cast<std::size_t>(j) * n;
    const double ljj = std::sqrt(d);
    uj[j] = ljj;
    for (int i = j + 1; i < n; ++i) uj[i] = W[static_cast<std::size_t>(i) * n + j] / ljj;
    return uj;
  };
  int j = 0;
  for (; j + 1 < n; j += 2) {
    const double* u0 = column(j);
    if (!u0) return false;
    const int j1 = j + 1;
    const double f01 = u0[j1];
    for (int i = j1; i < n; ++i) W[static_cast<std::size_t>(i) * n + j1] -= u0[i] * f01;
    const double* u1 = column(j1);
    if (!u1) return false;
    for (int i = j + 2; i < n; ++i) {
      const double f0 = u0[i], f1 = u1[i];
      double* wi = W + static_cast<std::size_t>(i) * n;
      for (int k = j + 2; k <= i; ++k) wi[k] = (wi[k] - f0 * u0[k]) - f1 * u1[k];
    }
  }
  if (j < n && !column(j)) return false;  // the last column of an odd n
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
