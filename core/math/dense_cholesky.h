// Dense Cholesky factorisation A = L L^T of a small symmetric positive
// definite row-major matrix, in plain loops of fixed order (bit-identical
// native and WASM, as DenseLu). Reads A's lower triangle only. Used by the
// LCP warm start (solvers/lcp_warm_start.h) on supports of impulse rows
// alone, whose block M_SS = (J A J^T + eps I)_SS is symmetric positive
// definite: k^3 / 6 multiply-adds against LU's k^3 / 3.
#pragma once

#include <vector>

namespace grasplab {

class DenseCholesky {
 public:
  // Factors the n x n matrix A (row-major, lower triangle read). False if a
  // pivot is not positive or not finite (A not positive definite to working
  // precision): the caller falls back to DenseLu.
  bool Factor(const std::vector<double>& A, int n);
  // The same for A given by columns, At[k n + i] = A_ik (lower triangle,
  // i >= k, read): the same bits as Factor on the row-major A.
  bool FactorColumns(const double* At, int n);
  // Solves A x = b in place (after a successful Factor).
  void Solve(double* b) const;
  // Solves L y = b in place, b's entries before `first` being zero (they
  // stay zero and are not read): Solve's first half, the same bits.
  void SolveLower(double* b, int first) const;

 private:
  void Reserve(int n);
  bool FactorInPlace();
  int n_ = 0;
  std::vector<double> w_;  // A's lower triangle by columns, reduced in place (the upper is not read)
  std::vector<double> u_;  // L^T row-major (upper triangle; the lower is not read)
  // 1 / L_jj, formed once per column: the column is c_ij (1 / L_jj) and the
  // substitutions multiply by it, as LAPACK's dpotf2 scales by 1 / A_jj.
  std::vector<double> inv_diag_;
};

}  // namespace grasplab
