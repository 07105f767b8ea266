// Dense LU factorisation with partial pivoting of a small row-major matrix,
// in plain loops of fixed order (bit-identical native and WASM; Eigen's
// blocked LU picks its block sizes by architecture). Used by Lemke's
// final-basis refresh and by its warm start (solvers/lcp_warm_start.h).
#pragma once

#include <vector>

namespace grasplab {

class DenseLu {
 public:
  // Factors the n x n matrix A (row-major). False if a pivot is exactly
  // zero (A singular to working precision) or not finite.
  bool Factor(const std::vector<double>& A, int n);
  // The same for A given by columns, At[j n + i] = A_ij: the same bits as
  // Factor on the row-major A.
  bool FactorColumns(const double* At, int n);
  // Solves A x = b in place (after a successful Factor).
  void Solve(double* b) const;

 private:
  bool Eliminate();  // factors lu_ (n_ x n_, row-major) in place
  int n_ = 0;
  std::vector<double> lu_;    // L (unit, below the diagonal) and U
  std::vector<int> pivot_;    // row swapped with row k at step k
  // 1 / U_kk, formed once per pivot: the multipliers are a_ik (1 / a_kk)
  // and the back substitution multiplies by it, as LAPACK's dgetf2 scales
  // a column by the pivot's reciprocal (a division is ~4x a multiply's
  // throughput, and it sat on the substitution's dependency chain).
  std::vector<double> inv_pivot_;
};

}  // namespace grasplab
