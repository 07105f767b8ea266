#include "core/solvers/support_range_solve.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "core/solvers/lcp_solver.h"
#include "core/solvers/lcp_warm_start.h"
#include "core/solvers/reduced_island.h"

namespace grasplab {
namespace {

// A group of rank 2 whose second direction is below this fraction of the
// first (two opposite pyramid edges, whose rows are +-(cos, sin) up to the
// table's rounding) is left to the dense path: dropping the direction would
// misrepresent T_S, and keeping it would put a near-zero row into R.
constexpr double kRankFloor = 1e-8;

// The range-space solve is taken when its groups shrink the support's
// impulse rows by at least this many unknowns (kh - r); on smaller shrinks
// the dense block (M's k columns, k^3 / 6 or k^3 / 3) costs no more than
// setting up U, R and K. Measured natively (grasplab_bench_grasp_cpu,
// 2,000 steps): the parallel jaw's 49- and 41-row supports (r = 33 and 25)
// 16.3 -> 13.9 us a step; the bunny's and the handset's supports with
// lambdas (kh = 28-31 on r = 21-24, 4-5 lambdas) 26.6 -> 25.4 and 29.3 ->
// 27.7; supports that shrink by 0-3 (the hands' small islands: k = r =
// 6-13) were 1-3 % slower by the range solve than by the dense one.
constexpr int kMinShrink = 4;

// Splits the support's kh impulse rows into groups of consecutive rows on
// the same base rows and writes U's rows and R's r coordinates (r: the
// caller's count, RangeSolveSupport). False for a rank-deficient group.
// (Indexed writes into vectors sized once: push_back and assign are calls
// in the WASM build.)
bool BuildGroups(const LcpRows& rows, int r, RangeSolveScratch* s) {
  const int* S = s->S.data();
  const int k = s->kh;
  s->coord.resize(k);
  s->rank.resize(k);
  s->u.resize(2 * static_cast<std::size_t>(k));
  s->base_a.resize(r);
  s->base_b.resize(r);
  s->coef_a.resize(r);
  s->coef_b.resize(r);
  int* coord = s->coord.data();
  int* rank = s->rank.data();
  double* ug = s->u.data();
  int* base_a = s->base_a.data();
  int* base_b = s->base_b.data();
  double* coef_a = s->coef_a.data();
  double* coef_b = s->coef_b.data();
  const Combination* T = rows.T.data();
  int c0 = 0;
  for (int g0 = 0; g0 < k;) {
    const Combination& t0 = T[S[g0]];
    int g1 = g0 + 1;
    while (g1 < k && T[S[g1]].a == t0.a && T[S[g1]].b == t0.b) ++g1;
    const int m = g1 - g0;
    const int rank_g = t0.b < 0 || m == 1 ? 1 : 2;
    if (c0 + rank_g > r) return false;
    if (rank_g == 1) {
      // One coordinate: U_g = c / |c| over the coefficients on base row a
      // (a single row: U = 1 and R its own combination, exactly).
      if (m == 1) {
        ug[2 * g0] = 1.0;
        base_a[c0] = t0.a;
        coef_a[c0] = t0.ca;
        base_b[c0] = t0.b;
        coef_b[c0] = t0.b < 0 ? 0.0 : t0.cb;
      } else {
        double norm2 = 0.0;
        for (int j = g0; j < g1; ++j) norm2 += T[S[j]].ca * T[S[j]].ca;
        const double norm = std::sqrt(norm2);
        for (int j = g0; j < g1; ++j) ug[2 * j] = T[S[j]].ca / norm;
        base_a[c0] = t0.a;
        coef_a[c0] = norm;
        base_b[c0] = -1;
        coef_b[c0] = 0.0;
      }
    } else {
      // Two columns x = (ca_j), y = (cb_j): x = r11 u1, y = r12 u1 + r22 u2
      // (Gram-Schmidt, y orthogonalised twice).
      double xx = 0.0;
      for (int j = g0; j < g1; ++j) xx += T[S[j]].ca * T[S[j]].ca;
      const double r11 = std::sqrt(xx);
      if (!(r11 > 0.0)) return false;
      double r12 = 0.0;
      for (int j = g0; j < g1; ++j) {
        ug[2 * j] = T[S[j]].ca / r11;
        ug[2 * j + 1] = T[S[j]].cb;
      }
      for (int pass = 0; pass < 2; ++pass) {
        double d = 0.0;
        for (int j = g0; j < g1; ++j) d += ug[2 * j] * ug[2 * j + 1];
        for (int j = g0; j < g1; ++j) ug[2 * j + 1] -= d * ug[2 * j];
        r12 += d;
      }
      double vv = 0.0;
      for (int j = g0; j < g1; ++j) vv += ug[2 * j + 1] * ug[2 * j + 1];
      const double r22 = std::sqrt(vv);
      if (!(r22 > kRankFloor * r11)) return false;
      for (int j = g0; j < g1; ++j) ug[2 * j + 1] /= r22;
      base_a[c0] = t0.a;
      coef_a[c0] = r11;
      base_b[c0] = t0.b;
      coef_b[c0] = r12;
      base_a[c0 + 1] = t0.b;
      coef_a[c0 + 1] = r22;
      base_b[c0 + 1] = -1;
      coef_b[c0 + 1] = 0.0;
    }
    for (int j = g0; j < g1; ++j) {
      coord[j] = c0;
      rank[j] = rank_g;
    }
    c0 += rank_g;
    g0 = g1;
  }
  return c0 == r;
}

// x = M_hh^-1 rhs (both over the support's kh impulse entries) by the
// header's range-space form, with K already factored.
//
// The null-space part rhs - U U^T rhs is projected twice: once, its
// rounding (~1e-16 |rhs|) lies in U's range as much as outside it, and
// divided by eps (1e-6 of G's diagonal) that range part reaches T_S^T x
// and, through G, the block's residual (measured on the parallel jaw:
// residuals of 1e-11 relative after one projection, 1e-16 after two). What
// the second pass takes out of the null part it adds to U^T rhs.
void SolveRange(RangeSolveScratch* s, double eps, const double* rhs, double* x) {
  const int k = s->kh;
  const int r = static_cast<int>(s->base_a.size());
  const double* U = s->u.data();
  const int* coord = s->coord.data();
  const int* rank = s->rank.data();
  double* px = s->px.data();   // sized r by RangeSolveSupport
  double* px2 = s->px2.data();
  auto project = [&](const double* v, double* p) {  // p = U^T v
    for (int c = 0; c < r; ++c) p[c] = 0.0;
    for (int j = 0; j < k; ++j) {
      const double* u = &U[2 * static_cast<std::size_t>(j)];
      p[coord[j]] += u[0] * v[j];
      if (rank[j] == 2) p[coord[j] + 1] += u[1] * v[j];
    }
  };
  auto range = [&](int j, const double* p) {  // (U p)_j
    const double* u = &U[2 * static_cast<std::size_t>(j)];
    const int c = coord[j];
    return rank[j] == 2 ? u[0] * p[c] + u[1] * p[c + 1] : u[0] * p[c];
  };
  project(rhs, px);
  for (int j = 0; j < k; ++j) x[j] = rhs[j] - range(j, px);
  project(x, px2);
  for (int j = 0; j < k; ++j) x[j] = (x[j] - range(j, px2)) / eps;
  for (int c = 0; c < r; ++c) px[c] += px2[c];
  s->cholesky.Solve(px);
  for (int j = 0; j < k; ++j) x[j] += range(j, px);
}

// x = M_SS^-1 rhs over the whole support, M_SS = [M_hh E; F 0] with the
// lambdas last (header): x0 = M_hh^-1 rhs_h, the Schur complement's
// Sc x_l = F x0 - rhs_l, then x_h = M_hh^-1 (rhs_h - E x_l). E's column l
// is 1 on the support rows of the lambda's weights (S positions [lo, hi)),
// F's row l is -1 there and mu on the contact's normal.
void SolveBordered(RangeSolveScratch* s, double eps, const double* rhs, double* x) {
  const int kh = s->kh, kl = static_cast<int>(s->S.size()) - kh;
  SolveRange(s, eps, rhs, x);
  if (kl == 0) return;
  double* t = x + kh;
  for (int l = 0; l < kl; ++l) {
    const RangeSolveScratch::Border& bl = s->border[l];
    double v = bl.normal >= 0 ? bl.mu * x[bl.normal] : 0.0;
    for (int j = bl.lo; j < bl.hi; ++j) v -= x[j];
    t[l] = v - rhs[kh + l];
  }
  // Sc t' = t (LU with partial pivoting, row-major, in s->schur).
  const double* sc = s->schur.data();
  for (int l = 0; l < kl; ++l) std::swap(t[l], t[s->schur_pivot[l]]);
  for (int l = 1; l < kl; ++l) {
    for (int m = 0; m < l; ++m) t[l] -= sc[l * kl + m] * t[m];
  }
  for (int l = kl - 1; l >= 0; --l) {
    for (int m = l + 1; m < kl; ++m) t[l] -= sc[l * kl + m] * t[m];
    t[l] /= sc[l * kl + l];
  }
  std::vector<double>& rh = s->rh;
  rh.resize(kh);
  for (int j = 0; j < kh; ++j) rh[j] = rhs[j];
  for (int l = 0; l < kl; ++l) {
    for (int j = s->border[l].lo; j < s->border[l].hi; ++j) rh[j] -= t[l];
  }
  SolveRange(s, eps, rh.data(), x);
}

// The border of the lambdas in S (positions kh..k): each one's weights'
// positions, its normal's, mu; the Schur complement
//   Sc = F M_hh^-1 E = (L^-1 U^T F^T)^T (L^-1 U^T E) + F U_perp U_perp^T E / eps
// (K = L L^T; the null-space term only on the diagonal: a lambda's weights
// share groups with no other lambda's), LU-factored with partial pivoting.
// False when a lambda has no weight in S or Sc has no usable pivot. (Its own
// few lines rather than DenseLu: Sc is 1-12 square, and a pivot below
// kRankFloor of Sc's largest entry must send the support to the dense path,
// where DenseLu refuses only exact zeros.)
bool BuildBorder(const IslandSystem& sys, const LcpLayout& L, double eps, RangeSolveScratch* s) {
  const std::vector<int>& S = s->S;
  const int kh = s->kh, k = static_cast<int>(S.size()), kl = k - kh;
  const int r = static_cast<int>(s->base_a.size());
  s->border.resize(kl);
  std::vector<double>& A = s->border_a;  // r x kl, by lambda: L^-1 U^T F^T
  std::vector<double>& B = s->border_b;  // r x kl, by lambda: L^-1 U^T E
  A.assign(static_cast<std::size_t>(r) * kl, 0.0);
  B.assign(static_cast<std::size_t>(r) * kl, 0.0);
  std::vector<double>& sc = s->schur;
  sc.assign(static_cast<std::size_t>(kl) * kl, 0.0);
  for (int l = 0; l < kl; ++l) {
    const int i = S[kh + l];
    RangeSolveScratch::Border& bl = s->border[l];
    int lo_row, hi_row;  // the weights' rows
    bl.normal = -1;
    bl.mu = 0.0;
    if (i >= L.jlambda0) {
      lo_row = L.jbeta0 + 2 * (i - L.jlambda0);
      hi_row = lo_row + 2;
    } else {
      const int c = i - L.lambda0;
      lo_row = L.beta0 + c * L.u;
      hi_row = lo_row + L.u;
      bl.mu = sys.contacts[c]->friction;
      const int row_n = L.p + c;
      for (int j = 0; j < kh && S[j] <= row_n; ++j) {
        if (S[j] == row_n) bl.normal = j;
      }
    }
    bl.lo = static_cast<int>(std::lower_bound(S.begin(), S.begin() + kh, lo_row) - S.begin());
    bl.hi = static_cast<int>(std::lower_bound(S.begin(), S.begin() + kh, hi_row) - S.begin());
    if (bl.lo == bl.hi) return false;
    // U^T E_l, and E_l's null-space part's sum (F_l . P_perp E_l = -that:
    // F_l is -1 on the same rows; its normal's single-row group has no
    // null space).
    double* b = &B[static_cast<std::size_t>(l) * r];
    for (int j = bl.lo; j < bl.hi; ++j) {
      const double* u = &s->u[2 * static_cast<std::size_t>(j)];
      b[s->coord[j]] += u[0];
      if (s->rank[j] == 2) b[s->coord[j] + 1] += u[1];
    }
    double null_sum = 0.0;
    for (int j = bl.lo; j < bl.hi; ++j) {
      const double* u = &s->u[2 * static_cast<std::size_t>(j)];
      const int c = s->coord[j];
      null_sum += 1.0 - (s->rank[j] == 2 ? u[0] * b[c] + u[1] * b[c + 1] : u[0] * b[c]);
    }
    sc[static_cast<std::size_t>(l) * kl + l] = -null_sum / eps;
    // U^T F_l^T = mu e_normal - U^T E_l, then both through L^-1.
    double* a = &A[static_cast<std::size_t>(l) * r];
    for (int c = 0; c < r; ++c) a[c] = -b[c];
    int first = s->coord[bl.lo];
    if (bl.normal >= 0) {
      a[s->coord[bl.normal]] += bl.mu;
      first = std::min(first, s->coord[bl.normal]);
    }
    s->cholesky.SolveLower(b, s->coord[bl.lo]);
    s->cholesky.SolveLower(a, first);
  }
  for (int x = 0; x < kl; ++x) {
    const double* a = &A[static_cast<std::size_t>(x) * r];
    for (int y = 0; y < kl; ++y) {
      const double* b = &B[static_cast<std::size_t>(y) * r];
      double v = 0.0;
      for (int c = 0; c < r; ++c) v += a[c] * b[c];
      sc[static_cast<std::size_t>(x) * kl + y] += v;
    }
  }
  s->schur_pivot.resize(kl);
  double scale = 0.0;
  for (double v : sc) scale = std::max(scale, std::abs(v));
  for (int c = 0; c < kl; ++c) {
    int piv = c;
    for (int x = c + 1; x < kl; ++x) {
      if (std::abs(sc[x * kl + c]) > std::abs(sc[piv * kl + c])) piv = x;
    }
    s->schur_pivot[c] = piv;
    if (!(std::abs(sc[piv * kl + c]) > kRankFloor * scale)) return false;
    if (piv != c) {
      for (int m = 0; m < kl; ++m) std::swap(sc[c * kl + m], sc[piv * kl + m]);
    }
    for (int x = c + 1; x < kl; ++x) {
      const double f = sc[x * kl + c] / sc[c * kl + c];
      sc[x * kl + c] = f;
      for (int m = c + 1; m < kl; ++m) sc[x * kl + m] -= f * sc[c * kl + m];
    }
  }
  return true;
}

// w = q + M_{:,S} b over all n rows (b on the support's entries), from the
// base-row impulse y = T_h^T b_h: w_i = q_i + T_i G y on the impulse rows,
// plus eps b_i on the support's and the joint frictions' compliance; the
// cone rows mu c_n - sum beta (contacts) and -(beta+ + beta-) (joint
// frictions); a lambda in S adds b to its weights' rows.
void FormW(const IslandSystem& sys, const LcpLayout& L, const LcpRows& rows, const double* G, double eps,
           const double* q, const std::vector<int>& S, const double* b, RangeSolveScratch* s,
           std::vector<double>* w_out) {
  const int n = L.n, mb = L.mb, k = static_cast<int>(S.size());
  double* y = s->y.data();  // y, gy: sized mb by RangeSolveSupport
  double* gy = s->gy.data();
  for (int a = 0; a < mb; ++a) y[a] = 0.0;
  for (int j = 0; j < k && S[j] < L.mh; ++j) {
    const Combination& t = rows.T[S[j]];
    y[t.a] += t.ca * b[j];
    if (t.b >= 0) y[t.b] += t.cb * b[j];
  }
  // G y by G's rows (G symmetric: row a is column a), skipping y's zeros.
  for (int a = 0; a < mb; ++a) gy[a] = 0.0;
  for (int a = 0; a < mb; ++a) {
    const double ya = y[a];
    if (ya == 0.0) continue;
    const double* ga = G + static_cast<std::size_t>(a) * mb;
    for (int i = 0; i < mb; ++i) gy[i] += ga[i] * ya;
  }
  std::vector<double>& w = *w_out;
  w.resize(n);
  for (int i = 0; i < L.mh; ++i) {
    const Combination& t = rows.T[i];
    w[i] = t.b < 0 ? q[i] + t.ca * gy[t.a] : q[i] + (t.ca * gy[t.a] + t.cb * gy[t.b]);
  }
  for (int i = L.mh; i < n; ++i) w[i] = q[i];
  for (int j = 0; j < k; ++j) {
    const int i = S[j];
    if (i >= L.jlambda0) {  // a joint friction's lambda: +1 on its pair's rows
      const int bp = L.jbeta0 + 2 * (i - L.jlambda0);
      w[bp] += b[j];
      w[bp + 1] += b[j];
      continue;
    }
    if (i >= L.lambda0) {  // a contact's lambda: +1 on its u weights' rows
      double* wc = &w[L.beta0 + (i - L.lambda0) * L.u];
      for (int m = 0; m < L.u; ++m) wc[m] += b[j];
      continue;
    }
    w[i] += eps * b[j];
    if (i >= L.p && i < L.p + L.q) {
      w[L.lambda0 + (i - L.p)] += sys.contacts[i - L.p]->friction * b[j];
    } else if (i >= L.beta0 && i < L.jbeta0) {
      w[L.lambda0 + (i - L.beta0) / L.u] -= b[j];
    } else if (i >= L.jbeta0) {
      const int f = (i - L.jbeta0) / 2, bp = L.jbeta0 + 2 * f;
      w[L.jlambda0 + f] -= b[j];
      const double c = OptionalEntry(sys.friction_compliance, f) * b[j];
      w[bp] += i == bp ? c : -c;
      w[bp + 1] += i == bp ? -c : c;
    }
  }
}

}  // namespace

RangeSolveOutcome RangeSolveSupport(const IslandSystem& sys, const LcpLayout& L, const LcpRows& rows,
                                    const double* G, double eps, const double* q,
                                    const std::vector<std::uint8_t>& support, double tolerance, double* z,
                                    double* residual, RangeSolveScratch* scratch) {
  RangeSolveScratch& s = *scratch;
  const int n = L.n, mb = L.mb;
  if (!(eps > 0.0) || static_cast<int>(support.size()) != n) return RangeSolveOutcome::kNotApplicable;
  // The support (impulse rows first, then the lambdas), and r = the
  // coordinates BuildGroups will make (a run of rows on base rows (a, b): 2
  // when it holds two or more, else 1), before anything else is written: a
  // support its groups would not shrink by kMinShrink goes the dense way at
  // once.
  std::vector<int>& S = s.S;
  S.resize(n);
  int* Sp = S.data();
  const Combination* T = rows.T.data();
  int kh = 0, r = 0;
  for (int j = 0, run = 0; j < L.mh; ++j) {
    if (!support[j]) continue;
    const bool same = kh > 0 && T[Sp[kh - 1]].a == T[j].a && T[Sp[kh - 1]].b == T[j].b;
    run = same ? run + 1 : 1;
    if (run == 1 || (run == 2 && T[j].b >= 0)) ++r;
    Sp[kh++] = j;
  }
  if (kh - r < kMinShrink) return RangeSolveOutcome::kNotApplicable;
  int k = kh;
  for (int j = L.mh; j < n; ++j) {
    if (support[j]) Sp[k++] = j;
  }
  S.resize(k);
  s.kh = kh;
  if (!BuildGroups(rows, r, &s)) return RangeSolveOutcome::kNotApplicable;
  // K's diagonal extras: eps, and a joint friction's compliance c on its
  // pair, c (s s^T) with s its rows' signs: c |R|^2 on the pair's coordinate.
  s.diag.resize(r);
  for (int c = 0; c < r; ++c) s.diag[c] = eps;
  s.px.resize(r);
  s.px2.resize(r);
  s.y.resize(mb);
  s.gy.resize(mb);
  for (int j = 0; j < kh; ++j) {
    if (S[j] < L.jbeta0 || (j > 0 && s.coord[j - 1] == s.coord[j])) continue;
    const double c = OptionalEntry(sys.friction_compliance, (S[j] - L.jbeta0) / 2);
    s.diag[s.coord[j]] += c * s.coef_a[s.coord[j]] * s.coef_a[s.coord[j]];
  }
  // K = R G R^T + diag by columns, lower triangle (DenseCholesky::FactorColumns).
  std::vector<double>& K = s.K;
  if (K.size() < static_cast<std::size_t>(r) * r) K.resize(static_cast<std::size_t>(r) * r);
  for (int c = 0; c < r; ++c) {
    const double* ga = G + static_cast<std::size_t>(s.base_a[c]) * mb;
    const double* gb = s.base_b[c] >= 0 ? G + static_cast<std::size_t>(s.base_b[c]) * mb : nullptr;
    const double ca = s.coef_a[c], cb = s.coef_b[c];
    double* kc = &K[static_cast<std::size_t>(c) * r];
    for (int i = c; i < r; ++i) {
      // (R G R^T)_ic = R_i. (G R_c.^T): G's rows a_c, b_c read at R_i's base rows.
      auto g = [&](int base) { return gb ? ca * ga[base] + cb * gb[base] : ca * ga[base]; };
      const double v = s.base_b[i] >= 0 ? s.coef_a[i] * g(s.base_a[i]) + s.coef_b[i] * g(s.base_b[i])
                                        : s.coef_a[i] * g(s.base_a[i]);
      kc[i] = i == c ? v + s.diag[c] : v;
    }
  }
  if (!s.cholesky.FactorColumns(K.data(), r)) return RangeSolveOutcome::kNotApplicable;
  if (k > kh && !BuildBorder(sys, L, eps, &s)) return RangeSolveOutcome::kNotApplicable;

  double q_max = 0.0;
  for (int i = 0; i < n; ++i) q_max = std::max(q_max, std::abs(q[i]));
  const double tol = tolerance * (1.0 + q_max);
  std::vector<double>& rhs = s.r;
  std::vector<double>& b = s.b;
  std::vector<double>& e = s.e;
  rhs.resize(k);
  b.resize(k);
  e.resize(k);
  for (int j = 0; j < k; ++j) rhs[j] = -q[S[j]];
  SolveBordered(&s, eps, rhs.data(), b.data());
  FormW(sys, L, rows, G, eps, q, S, b.data(), &s, &s.w);
  // One refinement step unless the block's own residual (w on S) is
  // already at rounding and b >= 0, as SolveLcpOnSupport's block solve.
  bool rounding = true;
  for (int j = 0; j < k && rounding; ++j) rounding = b[j] >= 0.0 && std::abs(s.w[S[j]]) <= kRefineGate * tol;
  if (!rounding) {
    for (int j = 0; j < k; ++j) rhs[j] = -s.w[S[j]];  // -q_S - M_SS b
    SolveBordered(&s, eps, rhs.data(), e.data());
    for (int j = 0; j < k; ++j) b[j] += e[j];
    FormW(sys, L, rows, G, eps, q, S, b.data(), &s, &s.w);
  }
  // (b and w stay the unclamped block's: on a miss the caller's block
  // pivots start from them.)
  bool clamped = false;
  for (int j = 0; j < k; ++j) {
    if (!(b[j] >= -tol)) return RangeSolveOutcome::kMiss;
    clamped = clamped || b[j] < 0.0;
  }
  const std::vector<double>* w = &s.w;
  if (clamped) {
    std::vector<double>& bc = s.e;
    for (int j = 0; j < k; ++j) bc[j] = std::max(0.0, b[j]);
    FormW(sys, L, rows, G, eps, q, S, bc.data(), &s, &s.accept_w);
    w = &s.accept_w;
  }
  std::fill(z, z + n, 0.0);
  for (int j = 0; j < k; ++j) z[S[j]] = std::max(0.0, b[j]);
  return NaturalResidualWithin(z, w->data(), n, tol, residual) ? RangeSolveOutcome::kHit : RangeSolveOutcome::kMiss;
}

}  // namespace grasplab
