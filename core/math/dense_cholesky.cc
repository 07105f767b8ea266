#include "core/math/dense_cholesky.h"

#include <cmath>
#include <cstddef>

#include "core/math/dot4.h"

namespace grasplab {

bool DenseCholesky::Factor(const std::vector<double>& A, int n) {
  Reserve(n);
  double* C = w_.data();
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k <= i; ++k) C[static_cast<std::size_t>(k) * n + i] = A[static_cast<std::size_t>(i) * n + k];
  }
  return FactorInPlace();
}

bool DenseCholesky::FactorColumns(const double* At, int n) {
  Reserve(n);
  double* C = w_.data();
  for (int k = 0; k < n; ++k) {
    const double* ak = At + static_cast<std::size_t>(k) * n;
    double* ck = C + static_cast<std::size_t>(k) * n;
    for (int i = k; i < n; ++i) ck[i] = ak[i];
  }
  return FactorInPlace();
}

void DenseCholesky::Reserve(int n) {
  n_ = n;
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  // Only grown: every entry read is written first (a resize up after a
  // smaller block would zero-fill the difference for nothing).
  if (w_.size() < nn) w_.resize(nn);
  if (u_.size() < nn) u_.resize(nn);
  if (inv_diag_.size() < static_cast<std::size_t>(n)) inv_diag_.resize(n);
}

namespace {

// ck_i = (ck_i - u0_i f0) - u1_i f1 for i in [i0, n): one trailing column's
// two subtractions. C and U are different arrays (restrict: no overlap
// check per column).
void UpdateColumn2(double* __restrict ck, const double* __restrict u0, const double* __restrict u1, double f0,
                   double f1, int i0, int n) {
  for (int i = i0; i < n; ++i) ck[i] = (ck[i] - u0[i] * f0) - u1[i] * f1;
}

}  // namespace

bool DenseCholesky::FactorInPlace() {
  const int n = n_;
  double* C = w_.data();  // A's lower triangle by columns: C[k n + i] = A_ik, i >= k; reduced in place
  double* U = u_.data();  // U = L^T, row-major: row j is L's column j
  // Right-looking (outer product): at column j, A_ik for i >= k > j has had
  // L_im L_km subtracted for m = 0 .. j - 1 in that order, exactly the
  // subtractions and order of the row-by-row (Banachiewicz) form
  //   L_ij = (A_ij - sum_{m<j} L_im L_jm) / L_jj,
  // so the same bits; but the updates are independent axpys over
  // contiguous columns instead of one dot product's dependency chain.
  //
  // Two columns at a time: column j, then column j + 1 gets its m = j
  // subtraction, then the trailing columns take both subtractions per
  // entry, m = j then m = j + 1, as two rank-one passes would (the same
  // bits), reading and writing each trailing entry once instead of twice.
  // Column j of U from C's reduced column j: U_jj = sqrt(A_jj), U_ji =
  // A_ij / U_jj below it; null if A_jj is not positive and finite.
  auto column = [&](int j) -> const double* {
    const double* cj = C + static_cast<std::size_t>(j) * n;
    const double d = cj[j];
    if (!(d > 0.0) || !(d - d == 0.0)) return nullptr;
    double* uj = U + static_cast<std::size_t>(j) * n;
    const double ljj = std::sqrt(d), inv = 1.0 / ljj;
    uj[j] = ljj;
    inv_diag_[j] = inv;
    for (int i = j + 1; i < n; ++i) uj[i] = cj[i] * inv;
    return uj;
  };
  int j = 0;
  for (; j + 1 < n; j += 2) {
    const double* u0 = column(j);
    if (!u0) return false;
    const int j1 = j + 1;
    const double f01 = u0[j1];
    double* c1 = C + static_cast<std::size_t>(j1) * n;
    for (int i = j1; i < n; ++i) c1[i] -= u0[i] * f01;
    const double* u1 = column(j1);
    if (!u1) return false;
    // Entry (i, k), i >= k >= j + 2: (A_ik - L_ij L_kj) - L_i,j+1 L_k,j+1
    // (each product the same two factors as in the row-by-row form).
    for (int k = j + 2; k < n; ++k) {
      const double f0 = u0[k], f1 = u1[k];
      UpdateColumn2(C + static_cast<std::size_t>(k) * n, u0, u1, f0, f1, k, n);
    }
  }
  if (j < n && !column(j)) return false;  // the last column of an odd n
  return true;
}

void DenseCholesky::Solve(double* b) const {
  const int n = n_;
  const double* U = u_.data();
  // L y = b by columns (SolveLower), then L^T x = y by rows.
  const double* inv = inv_diag_.data();
  SolveLower(b, 0);
  for (int i = n - 1; i >= 0; --i) {
    const double* ui = U + static_cast<std::size_t>(i) * n;
    b[i] = (b[i] - Dot4(ui + i + 1, b + i + 1, n - i - 1)) * inv[i];
  }
}

void DenseCholesky::SolveLower(double* b, int first) const {
  // By columns: y_i = (b_i - sum_{k<i} L_ik y_k) / L_ii, the subtractions
  // in increasing k as by rows (the same bits, without the dot product's
  // dependency chain).
  const int n = n_;
  const double* U = u_.data();
  const double* inv = inv_diag_.data();
  for (int k = first; k < n; ++k) {
    const double* uk = U + static_cast<std::size_t>(k) * n;
    const double yk = b[k] * inv[k];
    b[k] = yk;
    for (int i = k + 1; i < n; ++i) b[i] -= uk[i] * yk;
  }
}

}  // namespace grasplab
