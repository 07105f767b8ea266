#include "core/solvers/lemke.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/math/dense_lu.h"

namespace grasplab {
namespace {

bool Finite(double x) { return x - x == 0.0; }

}  // namespace

const char* LcpStatusName(LcpStatus status) {
  switch (status) {
    case LcpStatus::kSolved: return "solved";
    case LcpStatus::kRayTermination: return "ray termination";
    case LcpStatus::kMaxPivots: return "pivot cap reached";
    case LcpStatus::kNonFinite: return "non-finite values";
    case LcpStatus::kInaccurate: return "inaccurate (residual too large)";
    case LcpStatus::kSingularStart: return "singular start basis";
  }
  return "?";
}

double LcpResidual(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                   Eigen::Ref<const Eigen::VectorXd> z, std::vector<double>* w_scratch) {
  const int n = static_cast<int>(q.size());
  // w = q + M z, accumulated column by column: each w_i sees the same
  // additions in the same order as a row-by-row dot product, but the loop
  // runs down M's contiguous columns with no chain of dependent additions.
  std::vector<double>& w = *w_scratch;
  w.assign(q.data(), q.data() + n);
  for (int j = 0; j < n; ++j) {
    const double zj = z[j];
    const double* mj = M.data() + static_cast<std::size_t>(j) * M.outerStride();
    for (int i = 0; i < n; ++i) w[i] += mj[i] * zj;
  }
  double r = 0.0;
  for (int i = 0; i < n; ++i) r = std::max(r, std::abs(std::min(z[i], w[i])));
  return r;
}

double LcpResidual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z) {
  std::vector<double> w;
  return LcpResidual(M, q, z, &w);
}

// The entering variable's column in the current basis: B^-1 a_e, with
// a_e = e_e for w_e, -M(:, j) for z_j and -d for z0.
void LemkeSolver::EnteringColumn(int e) {
  const int n = n_;
  const int kZ0 = 2 * n;
  if (e < n) {
    if (unit_col_[e]) {  // not stored (lemke.h)
      std::fill(col_.begin(), col_.end(), 0.0);
      col_[e] = 1.0;
      return;
    }
    const double* be = &Binv_[static_cast<std::size_t>(e) * n];
    for (int i = 0; i < n; ++i) col_[i] = be[i];
    return;
  }
  std::fill(col_.begin(), col_.end(), 0.0);
  for (int k = 0; k < n; ++k) {
    const double a = e == kZ0 ? d(k) : m(k, e - n);
    // A zero entry changes no col_ entry (they start at +0 and never become
    // -0, so subtracting a signed zero leaves each as it is): the contact
    // LCP's lambda columns have u nonzero entries of n.
    if (a == 0.0) continue;
    if (unit_col_[k]) {  // e_k: only entry k changes (1 a = a exactly)
      col_[k] -= a;
      continue;
    }
    const double* bk = &Binv_[static_cast<std::size_t>(k) * n];
    for (int i = 0; i < n; ++i) col_[i] -= bk[i] * a;
  }
}

// Pivots entering variable e in at `row`; returns the variable that left.
int LemkeSolver::Pivot(int row, int e) {
  const int n = n_;
  const double inv = 1.0 / col_[row];
  // Row `row` is scaled, every other row i loses col_i times it. The
  // factor is 0 on the pivot row itself, so one dense, vectorisable loop
  // per column does both (x - 0 y = x for the finite y here).
  factor_ = col_;
  factor_[row] = 0.0;
  for (int k = 0; k < n; ++k) {
    // A column that is still e_k (k != row) has a zero in the pivot row, so
    // the update leaves it e_k (its entries subtract signed zeros from 1
    // and +0, and its pivot-row entry returns to +0): skipped. Only the
    // start basis's z columns and the columns pivoted on since are dense,
    // so a pivot costs n (k + pivots) instead of n^2.
    if (unit_col_[k] && k != row) continue;
    double* bk = &Binv_[static_cast<std::size_t>(k) * n];
    if (unit_col_[k]) {  // e_row, stored now for the first time (lemke.h)
      std::fill(bk, bk + n, 0.0);
      bk[row] = 1.0;
    }
    bk[row] *= inv;
    const double br = bk[row];
    for (int i = 0; i < n; ++i) bk[i] -= factor_[i] * br;
  }
  unit_col_[row] = 0;
  x_[row] *= inv;
  for (int i = 0; i < n; ++i) x_[i] -= factor_[i] * x_[row];
  const int leaving = basis_[row];
  basis_[row] = e;
  return leaving;
}

// Minimum ratio test with lexicographic tie-breaking over the entering
// column; -1: no row limits it (ray termination).
int LemkeSolver::RatioTest() const {
  const int n = n_;
  const int kZ0 = 2 * n;
  double col_max = 0.0;
  for (int i = 0; i < n; ++i) col_max = std::max(col_max, std::abs(col_[i]));
  const double tol = settings_->pivot_tolerance * std::max(1.0, col_max);
  int best = -1;
  for (int i = 0; i < n; ++i) {
    if (col_[i] <= tol) continue;
    if (best < 0) {
      best = i;
      continue;
    }
    // Basic values are >= 0 in exact arithmetic; rounding can leave -1e-17,
    // which must not win the ratio test with a negative ratio.
    const double ri = std::max(0.0, x_[i]) / col_[i], rb = std::max(0.0, x_[best]) / col_[best];
    // Ratios equal up to rounding are ties: decided lexicographically.
    const double tie = 1e-12 * std::max(1.0, std::max(std::abs(ri), std::abs(rb)));
    if (ri < rb - tie) {
      best = i;
    } else if (ri <= rb + tie) {
      if (basis_[i] == kZ0) {
        best = i;
      } else if (basis_[best] != kZ0) {
        // Lexicographic comparison of B^-1 rows scaled by 1 / col.
        for (int k = 0; k < n; ++k) {
          const double a = binv(i, k) / col_[i];
          const double b = binv(best, k) / col_[best];
          if (a < b) {
            best = i;
            break;
          }
          if (a > b) break;
        }
      }
    }
  }
  return best;
}

// One step of iterative refinement: r = q - B x_B, x_B += B^-1 r, where
// column i of B is e_i for w_i and -M(:, j) for z_j.
void LemkeSolver::Refine() {
  const int n = n_;
  res_.assign(q_, q_ + n);
  for (int i = 0; i < n; ++i) {
    const int v = basis_[i];
    if (v < n) {
      res_[v] -= x_[i];
    } else {
      const int j = v - n;
      for (int k = 0; k < n; ++k) res_[k] += m(k, j) * x_[i];
    }
  }
  dx_.assign(n, 0.0);  // B^-1 r, column by column (same order per entry)
  for (int k = 0; k < n; ++k) {
    const double rk = res_[k];
    if (unit_col_[k]) {  // dx_ never holds -0, so the other entries' + 0 rk change nothing
      dx_[k] += rk;
      continue;
    }
    const double* bk = &Binv_[static_cast<std::size_t>(k) * n];
    for (int i = 0; i < n; ++i) dx_[i] += bk[i] * rk;
  }
  for (int i = 0; i < n; ++i) x_[i] += dx_[i];
}

void LemkeSolver::ReadZ(Eigen::Ref<Eigen::VectorXd> z) const {
  z.setZero();
  for (int i = 0; i < n_; ++i) {
    if (basis_[i] >= n_ && basis_[i] < 2 * n_) z[basis_[i] - n_] = std::max(0.0, x_[i]);
  }
}

// B^-1 drifts over many in-place updates: solve B x_B = q afresh
// (partial-pivoting LU) and keep it when its residual is smaller.
void LemkeSolver::ResolveBasis(Eigen::Ref<Eigen::VectorXd> z, double* residual) {
  const int n = n_;
  B_.assign(static_cast<std::size_t>(n) * n, 0.0);
  xb_.assign(q_, q_ + n);
  for (int i = 0; i < n; ++i) {
    const int v = basis_[i];
    for (int k = 0; k < n; ++k) {
      B_[static_cast<std::size_t>(k) * n + i] = v < n ? (k == v ? 1.0 : 0.0) : -m(k, v - n);
    }
  }
  if (!lu_.Factor(B_, n)) return;
  lu_.Solve(xb_.data());
  saved_x_ = x_;
  x_ = xb_;
  ReadZ(z);
  const Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>> M(M_, n, n, Eigen::OuterStride<>(ldm_));
  const double r = LcpResidual(M, Eigen::Map<const Eigen::VectorXd>(q_, n), z, &w_);
  if (r < *residual) {
    *residual = r;
  } else {
    x_ = saved_x_;
    ReadZ(z);
  }
}

void LemkeSolver::ReadBasic(std::vector<std::uint8_t>* basic) const {
  basic->assign(n_, 0);
  for (int i = 0; i < n_; ++i) {
    if (basis_[i] >= n_ && basis_[i] < 2 * n_) (*basic)[basis_[i] - n_] = 1;
  }
}

LcpResult LemkeSolver::Solve(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                             Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings,
                             std::vector<std::uint8_t>* basic) {
  return Run(M, q, z, settings, nullptr, basic);
}

LcpResult LemkeSolver::SolveFrom(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                                 Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings,
                                 const std::vector<std::uint8_t>& start, std::vector<std::uint8_t>* basic) {
  if (static_cast<int>(start.size()) != q.size()) {
    z.setZero();
    return {LcpStatus::kSingularStart, 0, 0.0};
  }
  return Run(M, q, z, settings, &start, basic);
}

// The complementary basis B0 with z_j basic where start[j] (S) and w_i
// elsewhere (N), at position j or i. With the rows and columns ordered
// (S, N), B0 = [[-M_SS, 0], [-M_NS, I]], so
//     B0^-1 = [[-M_SS^-1, 0], [-M_NS M_SS^-1, I]]:
// one k x k LU (k = |S|) and k solves for the S columns of B0^-1, then
// M_NS times them for the N rows; the N columns are those of I. The basic
// values x_B = B0^-1 q are z_S = -M_SS^-1 q_S and w_N = M_NS z_S + q_N,
// followed by one step of iterative refinement. False if M_SS is singular.
bool LemkeSolver::StartFrom(const std::vector<std::uint8_t>& start) {
  const int n = n_;
  S_.clear();
  S_.reserve(n);  // k <= n: grown once per LCP size, not per support
  B_.reserve(static_cast<std::size_t>(n) * n);
  unit_.reserve(n);
  for (int j = 0; j < n; ++j) {
    basis_[j] = start[j] ? n + j : j;
    if (start[j]) S_.push_back(j);
  }
  const int k = static_cast<int>(S_.size());
  // The N columns are e_i and not stored (lemke.h); the S columns are
  // written whole below.
  Binv_.resize(static_cast<std::size_t>(n) * n);
  unit_col_.assign(n, 0);
  for (int i = 0; i < n; ++i) unit_col_[i] = !start[i];
  if (k > 0) {
    B_.resize(static_cast<std::size_t>(k) * k);
    for (int r = 0; r < k; ++r) {
      for (int c = 0; c < k; ++c) B_[static_cast<std::size_t>(r) * k + c] = m(S_[r], S_[c]);
    }
    if (!lu_.Factor(B_, k)) return false;
    for (int c = 0; c < k; ++c) {
      unit_.assign(k, 0.0);
      unit_[c] = 1.0;
      lu_.Solve(unit_.data());
      double* bc = &Binv_[static_cast<std::size_t>(S_[c]) * n];
      for (int r = 0; r < k; ++r) bc[S_[r]] = -unit_[r];
      // N rows: M_N,S times the S rows just written, column by column of M.
      std::fill(col_.begin(), col_.end(), 0.0);
      for (int r = 0; r < k; ++r) {
        const double a = bc[S_[r]];
        const double* mr = M_ + static_cast<std::size_t>(S_[r]) * ldm_;
        for (int i = 0; i < n; ++i) col_[i] += mr[i] * a;
      }
      for (int i = 0; i < n; ++i) {
        if (!start[i]) bc[i] = col_[i];
      }
    }
  }
  x_.assign(n, 0.0);
  for (int c = 0; c < n; ++c) {
    const double qc = q_[c];
    if (qc == 0.0) continue;  // as in EnteringColumn: x_ never holds -0
    if (unit_col_[c]) {
      x_[c] += qc;
      continue;
    }
    const double* bc = &Binv_[static_cast<std::size_t>(c) * n];
    for (int i = 0; i < n; ++i) x_[i] += bc[i] * qc;
  }
  Refine();
  for (int i = 0; i < n; ++i) {
    if (!Finite(x_[i])) return false;
  }
  return true;
}

LcpResult LemkeSolver::Run(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                           Eigen::Ref<Eigen::VectorXd> z, const LemkeSettings& settings,
                           const std::vector<std::uint8_t>* start, std::vector<std::uint8_t>* basic) {
  const int n = static_cast<int>(q.size());
  LcpResult result;
  z.setZero();
  for (int i = 0; i < n; ++i) {
    if (!Finite(q[i])) return {LcpStatus::kNonFinite, 0, 0.0};
    for (int j = 0; j < n; ++j) {
      if (!Finite(M(i, j))) return {LcpStatus::kNonFinite, 0, 0.0};
    }
  }
  if (n == 0) return result;
  M_ = M.data();
  ldm_ = M.outerStride();
  q_ = q.data();
  settings_ = &settings;
  n_ = n;
  custom_d_ = static_cast<int>(settings.covering.size()) == n;
  basis_.resize(n);
  col_.assign(n, 0.0);
  factor_.assign(n, 0.0);
  if (start) {
    // The warm start: the covering column is d = B0 d', so that in the
    // start basis z0's column is -d' (below) and z0 enters where x_i / d'_i
    // is most negative, as from z = 0 with B0 = I.
    if (!StartFrom(*start)) {
      z.setZero();
      return {LcpStatus::kSingularStart, 0, 0.0};
    }
  } else {
    // The tableau of all w: B = I, x_B = q.
    for (int i = 0; i < n; ++i) basis_[i] = i;
    Binv_.resize(static_cast<std::size_t>(n) * n);  // every column e_i, not stored (lemke.h)
    unit_col_.assign(n, 1);
    x_.assign(q.data(), q.data() + n);
  }
  // z0 enters where x_i / d_i is most negative.
  int r = 0;
  for (int i = 1; i < n; ++i) {
    if (x_[i] / d(i) < x_[r] / d(r)) r = i;
  }
  const int kZ0 = 2 * n;
  const int max_pivots = settings.max_pivots > 0 ? settings.max_pivots : 50 * n + 100;
  bool solved = false;
  if (x_[r] >= 0.0) {
    if (!start) {  // z = 0, w = q >= 0
      if (basic) basic->assign(n, 0);
      return result;
    }
    solved = true;  // the start basis is feasible: it solves the LCP
  } else {
    // First pivot: z0 enters at the most negative x_r; all x become >= 0.
    if (start) {
      for (int i = 0; i < n; ++i) col_[i] = -d(i);
    } else {
      EnteringColumn(kZ0);
    }
    int leaving = Pivot(r, kZ0);
    int entering = leaving < n ? leaving + n : leaving - n;  // its complement
    result.pivots = 1;
    while (result.pivots < max_pivots) {
      EnteringColumn(entering);
      const int best = RatioTest();
      if (best < 0) {
        result.status = LcpStatus::kRayTermination;
        break;
      }
      leaving = Pivot(best, entering);
      ++result.pivots;
      if (leaving == kZ0) {
        solved = true;
        break;
      }
      entering = leaving < n ? leaving + n : leaving - n;
    }
  }
  if (!solved) {
    if (result.status == LcpStatus::kSolved) result.status = LcpStatus::kMaxPivots;
    z.setZero();
    return result;
  }
  Refine();
  ReadZ(z);
  result.residual = LcpResidual(M, q, z, &w_);
  double q_max = 0.0;
  for (int i = 0; i < n; ++i) q_max = std::max(q_max, std::abs(q[i]));
  if (!(result.residual <= 1e-9 * (1.0 + q_max))) ResolveBasis(z, &result.residual);
  for (int i = 0; i < n; ++i) {
    if (!Finite(z[i])) {
      z.setZero();
      return {LcpStatus::kNonFinite, result.pivots, 0.0};
    }
  }
  if (basic) ReadBasic(basic);
  return result;
}

LcpResult SolveLcpLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Eigen::VectorXd* z,
                        const LemkeSettings& settings, std::vector<std::uint8_t>* basic) {
  z->setZero(q.size());
  LemkeSolver solver;
  return solver.Solve(M, q, *z, settings, basic);
}

}  // namespace grasplab
