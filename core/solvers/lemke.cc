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
  }
  return "?";
}

double LcpResidual(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const Eigen::VectorXd& z) {
  const int n = static_cast<int>(q.size());
  // w = q + M z, accumulated column by column: each w_i sees the same
  // additions in the same order as a row-by-row dot product, but the loop
  // runs down M's contiguous columns with no chain of dependent additions.
  std::vector<double> w(q.data(), q.data() + n);
  for (int j = 0; j < n; ++j) {
    const double zj = z[j];
    const double* mj = &M(0, j);
    for (int i = 0; i < n; ++i) w[i] += mj[i] * zj;
  }
  double r = 0.0;
  for (int i = 0; i < n; ++i) r = std::max(r, std::abs(std::min(z[i], w[i])));
  return r;
}

LcpResult SolveLcpLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, Eigen::VectorXd* z_out,
                        const LemkeSettings& settings, std::vector<std::uint8_t>* basic) {
  const int n = static_cast<int>(q.size());
  LcpResult result;
  Eigen::VectorXd& z = *z_out;
  z = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i) {
    if (!Finite(q[i])) return {LcpStatus::kNonFinite, 0, 0.0};
    for (int j = 0; j < n; ++j) {
      if (!Finite(M(i, j))) return {LcpStatus::kNonFinite, 0, 0.0};
    }
  }
  if (n == 0) return result;
  const bool custom_d = settings.covering.size() == n;
  auto d = [&](int i) { return custom_d ? settings.covering[i] : 1.0; };
  // z0 enters where q_i / d_i is most negative.
  int r = 0;
  for (int i = 1; i < n; ++i) {
    if (q[i] / d(i) < q[r] / d(r)) r = i;
  }
  if (q[r] >= 0.0) {  // z = 0, w = q >= 0
    if (basic) basic->assign(n, 0);
    return result;
  }

  // Variables: w_i = i, z_j = n + j, z0 = 2n.
  const int kZ0 = 2 * n;
  std::vector<int> basis(n);
  for (int i = 0; i < n; ++i) basis[i] = i;
  // B^-1 column-major (entry (i, k) at k n + i), and the basic values x_B.
  // Column-major so that B^-1 a_e and the rank-one update run down
  // contiguous columns; every entry still sees the same operations in the
  // same order as with row-major dot products (bit-identical results).
  std::vector<double> Binv(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) Binv[static_cast<std::size_t>(i) * n + i] = 1.0;
  auto binv = [&](int i, int k) { return Binv[static_cast<std::size_t>(k) * n + i]; };
  std::vector<double> x(q.data(), q.data() + n);
  std::vector<double> col(n);
  std::vector<double> factor(n);  // a pivot's multiples of its row

  // The entering variable's column in the current basis: B^-1 a_e, with
  // a_e = e_e for w_e, -M(:, j) for z_j and -d for z0.
  auto entering_column = [&](int e) {
    if (e < n) {
      const double* be = &Binv[static_cast<std::size_t>(e) * n];
      for (int i = 0; i < n; ++i) col[i] = be[i];
      return;
    }
    std::fill(col.begin(), col.end(), 0.0);
    for (int k = 0; k < n; ++k) {
      const double a = e == kZ0 ? d(k) : M(k, e - n);
      const double* bk = &Binv[static_cast<std::size_t>(k) * n];
      for (int i = 0; i < n; ++i) col[i] -= bk[i] * a;
    }
  };
  auto pivot = [&](int row, int e) {
    const double inv = 1.0 / col[row];
    // Row `row` is scaled, every other row i loses col_i times it. The
    // factor is 0 on the pivot row itself, so one dense, vectorisable loop
    // per column does both (x - 0 y = x for the finite y here).
    factor = col;
    factor[row] = 0.0;
    for (int k = 0; k < n; ++k) {
      double* bk = &Binv[static_cast<std::size_t>(k) * n];
      bk[row] *= inv;
      const double br = bk[row];
      for (int i = 0; i < n; ++i) bk[i] -= factor[i] * br;
    }
    x[row] *= inv;
    for (int i = 0; i < n; ++i) x[i] -= factor[i] * x[row];
    const int leaving = basis[row];
    basis[row] = e;
    return leaving;
  };

  // First pivot: z0 enters at the most negative q_r; all x become >= 0.
  entering_column(kZ0);
  int leaving = pivot(r, kZ0);
  int entering = leaving + n;  // complement of w_r is z_r
  const int max_pivots = settings.max_pivots > 0 ? settings.max_pivots : 50 * n + 100;
  result.pivots = 1;
  bool solved = false;
  while (result.pivots < max_pivots) {
    entering_column(entering);
    double col_max = 0.0;
    for (int i = 0; i < n; ++i) col_max = std::max(col_max, std::abs(col[i]));
    const double tol = settings.pivot_tolerance * std::max(1.0, col_max);
    // Minimum ratio test with lexicographic tie-breaking.
    int best = -1;
    for (int i = 0; i < n; ++i) {
      if (col[i] <= tol) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      // Basic values are >= 0 in exact arithmetic; rounding can leave -1e-17,
      // which must not win the ratio test with a negative ratio.
      const double ri = std::max(0.0, x[i]) / col[i], rb = std::max(0.0, x[best]) / col[best];
      // Ratios equal up to rounding are ties: decided lexicographically.
      const double tie = 1e-12 * std::max(1.0, std::max(std::abs(ri), std::abs(rb)));
      if (ri < rb - tie) {
        best = i;
      } else if (ri <= rb + tie) {
        if (basis[i] == kZ0) {
          best = i;
        } else if (basis[best] != kZ0) {
          // Lexicographic comparison of B^-1 rows scaled by 1 / col.
          for (int k = 0; k < n; ++k) {
            const double a = binv(i, k) / col[i];
            const double b = binv(best, k) / col[best];
            if (a < b) {
              best = i;
              break;
            }
            if (a > b) break;
          }
        }
      }
    }
    if (best < 0) {
      result.status = LcpStatus::kRayTermination;
      break;
    }
    leaving = pivot(best, entering);
    ++result.pivots;
    if (leaving == kZ0) {
      solved = true;
      break;
    }
    entering = leaving < n ? leaving + n : leaving - n;
  }
  if (!solved) {
    if (result.status == LcpStatus::kSolved) result.status = LcpStatus::kMaxPivots;
    z.setZero();
    return result;
  }
  // One step of iterative refinement: r = q - B x_B, x_B += B^-1 r, where
  // column i of B is e_i for w_i and -M(:, j) for z_j.
  std::vector<double> res(q.data(), q.data() + n);
  for (int i = 0; i < n; ++i) {
    const int v = basis[i];
    if (v < n) {
      res[v] -= x[i];
    } else {
      const int j = v - n;
      for (int k = 0; k < n; ++k) res[k] += M(k, j) * x[i];
    }
  }
  std::vector<double> dx(n, 0.0);  // B^-1 r, column by column (same order per entry)
  for (int k = 0; k < n; ++k) {
    const double rk = res[k];
    const double* bk = &Binv[static_cast<std::size_t>(k) * n];
    for (int i = 0; i < n; ++i) dx[i] += bk[i] * rk;
  }
  for (int i = 0; i < n; ++i) x[i] += dx[i];
  auto read_z = [&] {
    z.setZero();
    for (int i = 0; i < n; ++i) {
      if (basis[i] >= n && basis[i] < kZ0) z[basis[i] - n] = std::max(0.0, x[i]);
    }
  };
  read_z();
  result.residual = LcpResidual(M, q, z);
  // B^-1 drifts over many in-place updates. If the answer is not accurate,
  // solve the final basis system B x_B = q afresh (partial-pivoting LU).
  double q_max = 0.0;
  for (int i = 0; i < n; ++i) q_max = std::max(q_max, std::abs(q[i]));
  if (!(result.residual <= 1e-9 * (1.0 + q_max))) {
    std::vector<double> B(static_cast<std::size_t>(n) * n, 0.0);
    std::vector<double> xb(q.data(), q.data() + n);
    for (int i = 0; i < n; ++i) {
      const int v = basis[i];
      for (int k = 0; k < n; ++k) {
        B[static_cast<std::size_t>(k) * n + i] = v < n ? (k == v ? 1.0 : 0.0) : -M(k, v - n);
      }
    }
    DenseLu lu;
    if (lu.Factor(B, n)) {
      lu.Solve(xb.data());
      const std::vector<double> saved = x;
      x = xb;
      read_z();
      const double r = LcpResidual(M, q, z);
      if (r < result.residual) {
        result.residual = r;
      } else {
        x = saved;
        read_z();
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    if (!Finite(z[i])) {
      z.setZero();
      return {LcpStatus::kNonFinite, result.pivots, 0.0};
    }
  }
  if (basic) {
    basic->assign(n, 0);
    for (int i = 0; i < n; ++i) {
      if (basis[i] >= n && basis[i] < kZ0) (*basic)[basis[i] - n] = 1;
    }
  }
  return result;
}

}  // namespace grasplab
