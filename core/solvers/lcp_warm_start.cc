#include "core/solvers/lcp_warm_start.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "core/math/dense_lu.h"

namespace grasplab {

bool SolveLcpOnSupport(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::vector<std::uint8_t>& support,
                       Eigen::VectorXd* z, LcpResult* result, double tolerance) {
  if (support.size() != static_cast<std::size_t>(q.size())) return false;
  z->setZero(q.size());
  SupportSolveScratch scratch;
  return SolveLcpOnSupport(M, q, support, *z, result, tolerance, &scratch);
}

bool SolveLcpOnSupport(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                       const std::vector<std::uint8_t>& support, Eigen::Ref<Eigen::VectorXd> z, LcpResult* result,
                       double tolerance, SupportSolveScratch* scratch) {
  const int n = static_cast<int>(q.size());
  if (static_cast<int>(support.size()) != n) return false;
  std::vector<int>& S = scratch->S;
  S.clear();
  for (int j = 0; j < n; ++j) {
    if (support[j]) S.push_back(j);
  }
  const int k = static_cast<int>(S.size());
  double q_max = 0.0;
  for (int i = 0; i < n; ++i) q_max = std::max(q_max, std::abs(q[i]));
  const double tol = tolerance * (1.0 + q_max);
  z.setZero();
  if (k > 0) {
    std::vector<double>& A = scratch->A;
    std::vector<double>& b = scratch->b;
    std::vector<double>& e = scratch->e;
    A.resize(static_cast<std::size_t>(k) * k);
    b.resize(k);
    e.resize(k);
    for (int r = 0; r < k; ++r) {
      for (int c = 0; c < k; ++c) A[static_cast<std::size_t>(r) * k + c] = M(S[r], S[c]);
      b[r] = -q[S[r]];
    }
    DenseLu& lu = scratch->lu;
    if (!lu.Factor(A, k)) return false;
    lu.Solve(b.data());
    // One step of iterative refinement, as after Lemke's pivots: the block
    // can be ill-conditioned (regularised redundant contacts, ~1e6), and an
    // error of 1e-10 in w repeated every step turns a resting stack.
    for (int r = 0; r < k; ++r) {
      double s = -q[S[r]];
      for (int c = 0; c < k; ++c) s -= A[static_cast<std::size_t>(r) * k + c] * b[c];
      e[r] = s;
    }
    lu.Solve(e.data());
    for (int r = 0; r < k; ++r) b[r] += e[r];
    for (int r = 0; r < k; ++r) {
      // A basic z below zero beyond rounding: the guess is infeasible.
      if (!(b[r] >= -tol)) return false;
      z[S[r]] = std::max(0.0, b[r]);
    }
  }
  // w = M z + q over all rows (basic rows: ~0; the rest must be >= 0), and
  // the natural residual max |min(z_i, w_i)|.
  double residual = 0.0;
  for (int i = 0; i < n; ++i) {
    double w = q[i];
    for (int c = 0; c < k; ++c) w += M(i, S[c]) * z[S[c]];
    residual = std::max(residual, std::abs(std::min(z[i], w)));
    if (!(residual <= tol)) return false;
  }
  result->status = LcpStatus::kSolved;
  result->pivots = 0;
  result->residual = residual;
  return true;
}

}  // namespace grasplab
