#include "core/math/dense_lu.h"

#include <cmath>
#include <cstddef>
#include <utility>

#include "core/math/dot4.h"

namespace grasplab {

bool DenseLu::Factor(const std::vector<double>& A, int n) {
  n_ = n;
  lu_ = A;
  return Eliminate();
}

bool DenseLu::FactorColumns(const double* At, int n) {
  n_ = n;
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  if (lu_.size() < nn) lu_.resize(nn);  // only grown: every entry is written below
  // The transpose in 2 x 2 blocks: two contiguous reads per column and two
  // contiguous writes per row.
  double* lu = lu_.data();
  int j = 0;
  for (; j + 1 < n; j += 2) {
    const double* a0 = At + static_cast<std::size_t>(j) * n;
    const double* a1 = a0 + n;
    int i = 0;
    for (; i + 1 < n; i += 2) {
      double* r0 = lu + static_cast<std::size_t>(i) * n + j;
      double* r1 = r0 + n;
      r0[0] = a0[i];
      r0[1] = a1[i];
      r1[0] = a0[i + 1];
      r1[1] = a1[i + 1];
    }
    if (i < n) {
      lu[static_cast<std::size_t>(i) * n + j] = a0[i];
      lu[static_cast<std::size_t>(i) * n + j + 1] = a1[i];
    }
  }
  if (j < n) {
    const double* aj = At + static_cast<std::size_t>(j) * n;
    for (int i = 0; i < n; ++i) lu[static_cast<std::size_t>(i) * n + j] = aj[i];
  }
  return Eliminate();
}

namespace {

// Row i's trailing part loses f0 times row k and then f1 times row k + 1
// (the rows are distinct, hence restrict: no overlap check per row).
void UpdateRow2(double* __restrict ri, const double* __restrict rk, const double* __restrict rk1, double f0,
                double f1, int j0, int n) {
  for (int j = j0; j < n; ++j) ri[j] = (ri[j] - f0 * rk[j]) - f1 * rk1[j];
}

void UpdateRow1(double* __restrict ri, const double* __restrict rk, double f, int j0, int n) {
  for (int j = j0; j < n; ++j) ri[j] -= f * rk[j];
}

}  // namespace

bool DenseLu::Eliminate() {
  const int n = n_;
  const std::size_t stride = static_cast<std::size_t>(n);
  pivot_.assign(n, 0);
  inv_pivot_.resize(n);  // every entry written before Solve reads it
  double* const lu = lu_.data();
  auto row = [&](int i) { return lu + static_cast<std::size_t>(i) * stride; };
  // Column k's pivot (largest magnitude from row k down, first on ties),
  // swapped into row k; false if it is zero or not finite. The largest
  // magnitude so far is held, not reread through the pivot's index (the
  // same comparisons: V8 reloads and re-masks both operands otherwise).
  auto pivot_row = [&](int k) {
    const double* c = row(k) + k;
    int p = k;
    double largest = std::abs(*c);
    for (int i = k + 1; i < n; ++i) {
      c += stride;
      const double a = std::abs(*c);
      if (a > largest) {
        p = i;
        largest = a;
      }
    }
    pivot_[k] = p;
    const double pivot = row(p)[k];
    if (!(std::abs(pivot) > 0.0) || !(pivot - pivot == 0.0)) return false;
    if (p != k) {
      double* a = row(p);
      double* b = row(k);
      for (int j = 0; j < n; ++j) std::swap(a[j], b[j]);
    }
    return true;
  };
  // Right-looking elimination, two columns at a time. One column at a time
  // would be: pivot k, then every row i > k with multiplier f = a_ik (1 / a_kk)
  // != 0 loses f times row k on columns j > k. Here: pivot k and its
  // multipliers; row k + 1's part right of column k updated alone (it is
  // the next pivot row); column k + 1 updated below it, pivoted, and its
  // multipliers formed; then each trailing entry takes its step-k and its
  // step-(k + 1) subtraction in that order. Every entry sees the same
  // operations in the same order as one column at a time (the same bits;
  // a zero multiplier's subtraction is skipped as there, since x - 0 y can
  // turn -0 into +0), but is read and written once for both steps. The row
  // swap at k + 1 moves rows whose trailing part has not yet had step k's
  // subtraction; each row's own multiplier travels with it, so each still
  // gets it.
  int k = 0;
  for (; k + 1 < n; k += 2) {
    if (!pivot_row(k)) return false;
    const double* rk = row(k);
    const double inv_pk = 1.0 / rk[k];
    inv_pivot_[k] = inv_pk;
    for (int i = k + 1; i < n; ++i) row(i)[k] = row(i)[k] * inv_pk;
    const int k1 = k + 1;
    // Column k + 1 below row k, so that it can be pivoted.
    for (int i = k1; i < n; ++i) {
      double* ri = row(i);
      const double f = ri[k];
      if (f != 0.0) ri[k1] -= f * rk[k1];
    }
    if (!pivot_row(k1)) return false;
    // Row k + 1 (the pivot row now) right of column k + 1: step k alone.
    const double* rk1 = row(k1);
    {
      const double f = rk1[k];
      if (f != 0.0) UpdateRow1(row(k1), rk, f, k1 + 1, n);
    }
    const double inv_pk1 = 1.0 / rk1[k1];
    inv_pivot_[k1] = inv_pk1;
    for (int i = k1 + 1; i < n; ++i) {
      double* ri = row(i);
      const double f0 = ri[k];
      const double f1 = ri[k1] * inv_pk1;
      ri[k1] = f1;
      if (f0 != 0.0 && f1 != 0.0) {
        UpdateRow2(ri, rk, rk1, f0, f1, k1 + 1, n);
      } else if (f0 != 0.0) {
        UpdateRow1(ri, rk, f0, k1 + 1, n);
      } else if (f1 != 0.0) {
        UpdateRow1(ri, rk1, f1, k1 + 1, n);
      }
    }
  }
  if (k < n) {  // the last column of an odd n
    if (!pivot_row(k)) return false;
    inv_pivot_[k] = 1.0 / row(k)[k];
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
  // Leading +0 entries of P b (a unit vector's, Lemke's StartFrom) stay +0
  // and subtract only signed zeros (L finite) from the rest, which changes
  // nothing unless an entry is -0 (-0 - (-0) = +0): skipped when none is.
  int k0 = 0;
  bool negative_zero = false;
  for (int i = 0; i < n; ++i) negative_zero = negative_zero || (b[i] == 0.0 && std::signbit(b[i]));
  if (!negative_zero) {
    while (k0 < n && b[k0] == 0.0) ++k0;
  }
  for (int k = k0; k + 1 < n; ++k) {
    const double yk = b[k];
    for (int i = k + 1; i < n; ++i) b[i] -= at(i, k) * yk;
  }
  for (int i = n - 1; i >= 0; --i) {
    const double* ui = &lu_[static_cast<std::size_t>(i) * n];
    b[i] = (b[i] - Dot4(ui + i + 1, b + i + 1, n - i - 1)) * inv_pivot_[i];
  }
}

}  // namespace grasplab
