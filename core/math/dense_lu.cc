#include "core/math/dense_lu.h"

#include <cmath>
#include <cstddef>
#include <utility>

namespace grasplab {

bool DenseLu::Factor(const std::vector<double>& A, int n) {
  n_ = n;
  lu_ = A;
  pivot_.assign(n, 0);
  auto at = [&](int i, int j) -> double& { return lu_[static_cast<std::size_t>(i) * n + j]; };
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i) {
      if (std::abs(at(i, k)) > std::abs(at(p, k))) p = i;
    }
    pivot_[k] = p;
    const double pivot = at(p, k);
    if (!(std::abs(pivot) > 0.0) || !(pivot - pivot == 0.0)) return false;
    if (p != k) {
      for (int j = 0; j < n; ++j) std::swap(at(p, j), at(k, j));
    }
    for (int i = k + 1; i < n; ++i) {
      const double f = at(i, k) / pivot;
      at(i, k) = f;
      if (f == 0.0) continue;
      double* ri = &at(i, 0);
      const double* rk = &at(k, 0);
      for (int j = k + 1; j < n; ++j) ri[j] -= f * rk[j];
    }
  }
  return true;
}

void DenseLu::Solve(double* b) const {
  const int n = n_;
  auto at = [&](int i, int j) { return lu_[static_cast<std::size_t>(i) * n + j]; };
  // The row swaps (in order), then L y = P b: L's multipliers were swapped
  // with their rows, so they are in the final row order.
  for (int k = 0; k < n; ++k) {
    if (pivot_[k] != k) std::swap(b[k], b[pivot_[k]]);
  }
  // By columns: each b_i subtracts L_ik y_k in increasing k, as a row's
  // dot product would (the same bits, without its dependency chain).
  for (int k = 0; k + 1 < n; ++k) {
    const double yk = b[k];
    for (int i = k + 1; i < n; ++i) b[i] -= at(i, k) * yk;
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int j = i + 1; j < n; ++j) s -= at(i, j) * b[j];
    b[i] = s / at(i, i);
  }
}

}  // namespace grasplab
