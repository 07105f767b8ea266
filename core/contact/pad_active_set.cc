#include "core/contact/pad_active_set.h"

#include <algorithm>
#include <cmath>

namespace grasplab {

bool PadActiveSetSolver::SolveOnSet(const Eigen::MatrixXd& M, const Eigen::VectorXd& q) {
  const int n = static_cast<int>(q.size());
  set_.clear();
  for (int k = 0; k < n; ++k) {
    if (in_set_[k]) set_.push_back(k);
  }
  const int m = static_cast<int>(set_.size());
  y_.setZero(n);
  factor_valid_ = false;
  if (m == 0) return true;
  // Cholesky M_SS = L L^T (row-major lower triangle).
  L_.assign(static_cast<std::size_t>(m) * m, 0.0);
  for (int j = 0; j < m; ++j) {
    double* Lj = &L_[static_cast<std::size_t>(j) * m];
    double d = M(set_[j], set_[j]);
    for (int k = 0; k < j; ++k) d -= Lj[k] * Lj[k];
    if (!(d > 0.0)) return false;
    const double ljj = std::sqrt(d);
    Lj[j] = ljj;
    for (int i = j + 1; i < m; ++i) {
      double* Li = &L_[static_cast<std::size_t>(i) * m];
      double v = M(set_[i], set_[j]);
      for (int k = 0; k < j; ++k) v -= Li[k] * Lj[k];
      Li[j] = v / ljj;
    }
  }
  factor_valid_ = true;
  auto solve = [&](std::vector<double>* b) { FactorSolve(b); };
  y_set_.resize(m);
  for (int i = 0; i < m; ++i) y_set_[i] = -q[set_[i]];
  solve(&y_set_);
  // One step of iterative refinement: y += (M_SS)^-1 (-q_S - M_SS y).
  r_.resize(m);
  for (int i = 0; i < m; ++i) {
    double v = -q[set_[i]];
    for (int j = 0; j < m; ++j) v -= M(set_[i], set_[j]) * y_set_[j];
    r_[i] = v;
  }
  solve(&r_);
  for (int i = 0; i < m; ++i) y_[set_[i]] = y_set_[i] + r_[i];
  return true;
}

void PadActiveSetSolver::FactorSolve(std::vector<double>* b) const {  // L L^T x = b in place
  const int m = static_cast<int>(set_.size());
  for (int i = 0; i < m; ++i) {
    const double* Li = &L_[static_cast<std::size_t>(i) * m];
    double v = (*b)[i];
    for (int k = 0; k < i; ++k) v -= Li[k] * (*b)[k];
    (*b)[i] = v / Li[i];
  }
  for (int i = m - 1; i >= 0; --i) {
    double v = (*b)[i];
    for (int k = i + 1; k < m; ++k) v -= L_[static_cast<std::size_t>(k) * m + i] * (*b)[k];
    (*b)[i] = v / L_[static_cast<std::size_t>(i) * m + i];
  }
}

bool PadActiveSetSolver::SolveWithLastFactor(const std::vector<int>& set, std::vector<double>* b) const {
  if (!factor_valid_ || set != set_ || b->size() != set.size()) return false;
  FactorSolve(b);
  return true;
}

ActiveSetResult PadActiveSetSolver::Solve(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Eigen::VectorXd* z,
                                          const std::vector<std::uint8_t>& warm, std::vector<std::uint8_t>* active) {
  const int n = static_cast<int>(q.size());
  ActiveSetResult res;
  double scale = 0.0;
  for (int k = 0; k < n; ++k) scale = std::max(scale, std::abs(q[k]));
  const double tol = 1e-12 * (scale > 0.0 ? scale : 1.0);
  in_set_.resize(n);
  for (int k = 0; k < n; ++k) {
    in_set_[k] = warm.size() == static_cast<std::size_t>(n) ? (warm[k] ? 1 : 0) : (q[k] < 0.0 ? 1 : 0);
  }
  z->setZero(n);
  // Start: drop the nonpositive entries of y until y_S > 0 (header).
  for (int round = 0; round <= n; ++round) {
    ++res.factorizations;
    if (!SolveOnSet(M, q)) {  // (rounding on a nearly singular M_SS): from z = 0, S empty
      std::fill(in_set_.begin(), in_set_.end(), 0);
      y_.setZero(n);
      break;
    }
    bool dropped = false;
    for (int k = 0; k < n; ++k) {
      if (in_set_[k] && !(y_[k] > 0.0)) in_set_[k] = 0, dropped = true;
    }
    if (!dropped) break;
  }
  *z = y_;
  const int max_outer = 3 * n + 20;
  bool converged = false;
  w_.resize(n);
  auto compute_w = [&]() {  // w = M z + q, z nonzero only on S (ascending j, like a full row)
    set_w_.clear();
    for (int j = 0; j < n; ++j) {
      if (in_set_[j] && (*z)[j] != 0.0) set_w_.push_back(j);
    }
    for (int k = 0; k < n; ++k) {
      double v = q[k];
      for (int j : set_w_) v += M(k, j) * (*z)[j];
      w_[k] = v;
    }
  };
  for (int outer = 0; outer < max_outer && res.ok; ++outer) {
    ++res.outer;
    compute_w();
    bool added = false;
    for (int k = 0; k < n; ++k) {
      if (!in_set_[k] && w_[k] < -tol) in_set_[k] = 1, added = true;
    }
    if (!added) {
      converged = true;
      break;
    }
    for (int inner = 0; inner <= n; ++inner) {
      ++res.factorizations;
      if (!SolveOnSet(M, q)) {
        res.ok = false;
        break;
      }
      double alpha = 1.0;
      int blocking = -1;
      for (int k = 0; k < n; ++k) {
        if (!in_set_[k] || y_[k] > 0.0) continue;
        const double a = (*z)[k] / ((*z)[k] - y_[k]);  // z_k >= 0 >= y_k, z_k - y_k > 0 unless both 0
        if (blocking < 0 || a < alpha) alpha = a, blocking = k;
        if (!((*z)[k] - y_[k] > 0.0)) alpha = 0.0, blocking = k;
      }
      if (blocking < 0) {
        *z = y_;
        break;
      }
      for (int k = 0; k < n; ++k) {
        if (!in_set_[k]) continue;
        double v = (*z)[k] + alpha * (y_[k] - (*z)[k]);
        if (k == blocking || !(v > 0.0)) v = 0.0, in_set_[k] = 0;
        (*z)[k] = v;
      }
    }
  }
  if (!res.ok) {
    z->setZero(n);
    std::fill(in_set_.begin(), in_set_.end(), 0);
  }
  compute_w();
  double residual = 0.0;
  for (int k = 0; k < n; ++k) residual = std::max(residual, std::abs(std::min((*z)[k], w_[k])));
  res.residual = residual;
  res.ok = res.ok && converged;
  active->assign(n, 0);
  for (int k = 0; k < n; ++k) (*active)[k] = (*z)[k] > 0.0 ? 1 : 0;
  return res;
}

}  // namespace grasplab
