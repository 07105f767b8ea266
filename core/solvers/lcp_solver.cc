#include "core/solvers/lcp_solver.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/math/tangent_basis.h"
#include "core/solvers/contact_target.h"
#include "core/solvers/friction_directions.h"
#include "core/solvers/lcp_rows.h"
#include "core/solvers/lcp_warm_start.h"
#include "core/solvers/reduced_island.h"
#include "core/solvers/support_range_solve.h"

namespace grasplab {

namespace {

using MatrixMap = Eigen::Map<Eigen::MatrixXd>;
using VectorMap = Eigen::Map<Eigen::VectorXd>;

}  // namespace

// Everything one island solve writes besides its outputs, kept between
// solves (the vectors only grow, so a steady step allocates nothing). The
// LCP's M (n x n, column-major), q and z live in plain vectors seen through
// Eigen maps: an Eigen::MatrixXd reallocates whenever its size changes.
struct LcpWorkspace {
  LcpRows rows;
  ReducedIsland red;
  std::vector<double> M, qv, z, earlier_z, hv, GT, fallback_w, zb;
  std::vector<std::uint8_t> support, basic;
  std::vector<std::uint8_t> filled;  // M's columns written this solve (FillColumn)
  std::vector<int> groups;  // RepairSupport's: each contact's pyramid weights, torsional pair, joint-friction pair
  double added_regularization = 0.0;  // by the retries, on M's first mh diagonal entries (times max_diag)
  LemkeSettings first, other;
  LemkeSolver lemke;
  SupportSolveScratch warm;
  RangeSolveScratch range;
  std::vector<Vec3> dirs;
};

namespace {

LcpLayout MakeLayout(const IslandSystem& sys, const LcpSolverSettings& st) {
  LcpLayout L;
  L.p = static_cast<int>(sys.limit_rows.size());
  L.q = static_cast<int>(sys.contacts.size());
  L.ut = st.friction_directions;
  L.u = L.ut + (st.torsional_radius > 0.0 ? 2 : 0);
  L.f = static_cast<int>(sys.friction_rows.size());
  L.mh = L.p + L.q * (1 + L.u) + 2 * L.f;
  L.n = L.mh + L.q + L.f;
  L.beta0 = L.p + L.q;
  L.lambda0 = L.p + L.q + L.q * L.u + 2 * L.f;
  L.jbeta0 = L.p + L.q + L.q * L.u;
  L.jlambda0 = L.lambda0 + L.q;
  return L;
}

void BuildRows(const IslandSystem& sys, const LcpSolverSettings& st, const LcpLayout& L, LcpRows* rows) {
  // Sized once and written by index (push_back of a 212-byte JacobianRow is
  // an out-of-line call in the WASM build: 2.4 % of the parallel jaw's step).
  std::vector<JacobianRow>& base = rows->base;
  std::vector<Combination>& T = rows->T;
  std::vector<double>& rhs = rows->rhs;
  base.resize(L.p + 3 * L.q + (L.u > L.ut ? L.q : 0) + L.f);
  T.resize(L.mh);
  rhs.resize(L.mh);
  FrictionDirectionTable(L.ut, &rows->edge_cos, &rows->edge_sin);
  int nb = 0, nh = 0;  // base rows, H rows written
  auto h_row = [&](const Combination& t, double b) {
    T[nh] = t;
    rhs[nh] = b;
    ++nh;
  };
  for (int i = 0; i < L.p; ++i) {
    h_row({nb}, -sys.limit_targets[i]);
    base[nb++] = sys.limit_rows[i];
  }
  for (int c = 0; c < L.q; ++c) {
    const Contact& ct = *sys.contacts[c];
    h_row({nb}, -(sys.contact_targets.empty()
                      ? ContactTargetVelocity(ct.separation, st.h, st.threshold, st.error_reduction, st.slop)
                      : sys.contact_targets[c]));
    base[nb++] = ContactRow(sys, c, ct.n_W);
  }
  for (int c = 0; c < L.q; ++c) {
    Vec3 t1, t2;
    TangentBasis(sys.contacts[c]->n_W, &t1, &t2);
    const int b1 = nb;
    base[nb++] = ContactRow(sys, c, t1);
    base[nb++] = ContactRow(sys, c, t2);
    // d_k . v_rel >= d_k . v_t (a friction anchor's target, 0 without).
    const Vec3& v_t = sys.contacts[c]->slip_target_W;
    const double t1v = t1.dot(v_t), t2v = t2.dot(v_t);
    for (int k = 0; k < L.ut; ++k) {
      const Combination d{b1, b1 + 1, rows->edge_cos[k], rows->edge_sin[k]};
      h_row(d, -(d.ca * t1v + d.cb * t2v));
    }
    if (L.u > L.ut) {
      const int bt = nb;
      base[nb++] = TorsionRow(sys, c, st.torsional_radius);
      for (double sign : {1.0, -1.0}) h_row({bt, -1, sign}, 0.0);
    }
  }
  for (int i = 0; i < L.f; ++i) {
    const int bf = nb;
    base[nb++] = sys.friction_rows[i];
    for (double sign : {1.0, -1.0}) h_row({bf, -1, sign}, -sign * OptionalEntry(sys.friction_targets, i));
  }
}

// q = H v_c + b (eq. 21's impulse rows; 0 on the lambda rows but the joint
// frictions' limits) and max diag(H A H^T), which scales the
// regularisation. M itself is filled column by column on demand
// (FillColumns): a warm-start hit reads only the support's columns.
double PrepareLcp(const IslandSystem& sys, const LcpLayout& L, LcpWorkspace* ws) {
  const LcpRows& rows = ws->rows;
  const ReducedIsland& red = ws->red;
  const int mh = L.mh, mb = L.mb;
  // Columns written whole by FillColumn before they are read. Only grown:
  // resizing up after a smaller island zero-fills the difference, a
  // memset of ~n^2 doubles whenever islands of different sizes alternate.
  if (ws->M.size() < static_cast<std::size_t>(L.n) * L.n) ws->M.resize(static_cast<std::size_t>(L.n) * L.n);
  ws->filled.assign(L.n, 0);
  ws->qv.assign(L.n, 0.0);
  std::vector<double>& hv = ws->hv;  // B v_c
  hv.resize(mb);
  for (int a = 0; a < mb; ++a) hv[a] = RowDot(rows.base[a], red.v_c);
  double max_diag = 0.0;
  for (int i = 0; i < mh; ++i) {
    const Combination& t = rows.T[i];
    // M(i, i) exactly as FillColumn forms it: (B A B^T T^T)'s entries, then T's row.
    auto g = [&](int a) {
      return t.b < 0 ? t.ca * red.Coupling(a, t.a) : t.ca * red.Coupling(a, t.a) + t.cb * red.Coupling(a, t.b);
    };
    const double d = t.b < 0 ? t.ca * g(t.a) : t.ca * g(t.a) + t.cb * g(t.b);
    max_diag = std::max(max_diag, d);
    ws->qv[i] = t.b < 0 ? t.ca * hv[t.a] + rows.rhs[i] : t.ca * hv[t.a] + t.cb * hv[t.b] + rows.rhs[i];
  }
  for (int i = 0; i < L.f; ++i) ws->qv[L.jlambda0 + i] = sys.friction_limits[i];
  return max_diag;
}

// One contact's u_t pyramid edges, out_k = cos_k g1 + sin_k g2. The
// restrict-qualified tables cannot alias out, so the loop runs without a
// runtime overlap check (before, each column copied the two tables into
// local arrays for the same reason: two memory.copy calls per column in
// WASM).
inline void ExpandEdges(const double* __restrict cs, const double* __restrict sn, int ut, double g1, double g2,
                        double* __restrict out) {
  for (int k = 0; k < ut; ++k) out[k] = cs[k] * g1 + sn[k] * g2;
}

// col_i = T_i g for the mh impulse rows, T_i g = ca g_a (+ cb g_b), in
// BuildRows' layout: limits and normals take one base row each, each
// contact's u_t pyramid edges its two tangent rows with the same (cos_k,
// sin_k) for every contact (one contiguous loop over k instead of a
// branch and two indirect loads per row), its torsional pair and each
// joint-friction pair +-1 times one row. The same products and sums as
// T_i's generic form.
void ExpandRows(const LcpLayout& L, const LcpRows& rows, const double* g, double* col) {
  const std::vector<Combination>& T = rows.T;
  for (int i = 0; i < L.beta0; ++i) col[i] = T[i].ca * g[T[i].a];
  for (int c = 0; c < L.q; ++c) {
    const int i0 = L.beta0 + c * L.u;
    const double g1 = g[T[i0].a], g2 = g[T[i0].b];
    double* ci = col + i0;
    ExpandEdges(rows.edge_cos, rows.edge_sin, L.ut, g1, g2, ci);
    if (L.u > L.ut) {  // the torsional pair: +-1 times one row
      const Combination* tt = &T[i0 + L.ut];
      const double gt = g[tt[0].a];
      ci[L.ut] = tt[0].ca * gt;
      ci[L.ut + 1] = tt[1].ca * gt;
    }
  }
  for (int i = L.jbeta0; i < L.mh; ++i) col[i] = T[i].ca * g[T[i].a];
}

// Column k of M, all n rows: M = H A H^T + regularisation on the H block,
//   H A H^T = T (B A B^T) T^T, column k = T ((B A B^T) T^T e_k),
// then the friction-cone rows: lambda couples each contact's weights and
// mu c_n, and each joint-friction pair, whose compliance c couples the pair
// through f = beta+ - beta-.
void FillColumn(const IslandSystem& sys, const LcpSolverSettings& st, const LcpLayout& L, double max_diag, int k,
                LcpWorkspace* ws) {
  const LcpRows& rows = ws->rows;
  const ReducedIsland& red = ws->red;
  const int n = L.n, mh = L.mh, mb = L.mb;
  double* col = &ws->M[static_cast<std::size_t>(k) * n];
  std::fill(col + (k < mh ? mh : 0), col + n, 0.0);  // ExpandRows writes the first mh of an impulse column
  if (k < mh) {
    const Combination& t = rows.T[k];
    std::vector<double>& g = ws->GT;  // (B A B^T) T^T e_k, mb entries
    g.resize(mb);
    // G is exactly symmetric (ReduceIsland writes each entry pair once), so
    // column t.a is read as row t.a: contiguous, the same numbers.
    const double* ga = &red.G[static_cast<std::size_t>(t.a) * mb];
    if (t.b < 0) {
      for (int a = 0; a < mb; ++a) g[a] = t.ca * ga[a];
    } else {
      const double* gb = &red.G[static_cast<std::size_t>(t.b) * mb];
      for (int a = 0; a < mb; ++a) g[a] = t.ca * ga[a] + t.cb * gb[a];
    }
    ExpandRows(L, rows, g.data(), col);
    col[k] += st.regularization * max_diag;
    if (k >= L.p && k < L.p + L.q) {
      const int c = k - L.p;
      col[L.lambda0 + c] = sys.contacts[c]->friction;
    } else if (k >= L.beta0 && k < L.jbeta0) {
      col[L.lambda0 + (k - L.beta0) / L.u] = -1.0;
    } else if (k >= L.jbeta0) {
      const int i = (k - L.jbeta0) / 2, bp = L.jbeta0 + 2 * i;
      col[L.jlambda0 + i] = -1.0;
      const double c = OptionalEntry(sys.friction_compliance, i);
      col[bp] += k == bp ? c : -c;
      col[bp + 1] += k == bp ? -c : c;
    }
  } else if (k < L.jlambda0) {
    const int c = k - L.lambda0;
    for (int j = 0; j < L.u; ++j) col[L.beta0 + c * L.u + j] = 1.0;
  } else {
    const int i = k - L.jlambda0;
    col[L.jbeta0 + 2 * i] = col[L.jbeta0 + 2 * i + 1] = 1.0;
  }
  ws->filled[k] = 1;
}

// Fills the columns of M not yet filled whose `wanted` entry is nonzero
// (all of them for an empty `wanted`).
void FillColumns(const IslandSystem& sys, const LcpSolverSettings& st, const LcpLayout& L, double max_diag,
                 const std::vector<std::uint8_t>& wanted, LcpWorkspace* ws) {
  for (int k = 0; k < L.n; ++k) {
    if (!ws->filled[k] && (wanted.empty() || wanted[k])) FillColumn(sys, st, L, max_diag, k, ws);
  }
}

// The previous step's support as a guess of this step's (header); empty
// without a warm start.
void WarmSupport(const IslandSystem& sys, const LcpLayout& L, std::vector<std::uint8_t>* support_out) {
  std::vector<std::uint8_t>& support = *support_out;
  support.clear();
  if (!sys.warm_start) return;
  const int p = L.p, u = L.u;
  support.assign(L.n, 0);
  for (int i = 0; i < p && i < static_cast<int>(sys.limit_support.size()); ++i) support[i] = sys.limit_support[i] != 0;
  for (int c = 0; c < L.q; ++c) {
    const std::uint32_t bits = sys.contacts[c]->lcp_support;
    support[p + c] = bits & 1u;
    for (int k = 0; k < u; ++k) support[L.beta0 + c * u + k] = (bits >> (1 + k)) & 1u;
    // lambda without a positive weight (a contact sliding without
    // load) is undetermined in that basis: its only rows are the weights'.
    const bool any_weight = ((bits >> 1) & ((1u << u) - 1u)) != 0;
    support[L.lambda0 + c] = any_weight && ((bits >> (1 + u)) & 1u);
  }
  for (int i = 0; i < L.f && i < static_cast<int>(sys.friction_support.size()); ++i) {
    const std::uint8_t bits = sys.friction_support[i];
    support[L.jbeta0 + 2 * i] = bits & 1u;
    support[L.jbeta0 + 2 * i + 1] = (bits >> 1) & 1u;
    support[L.jlambda0 + i] = (bits & 4) && (bits & 3) ? 1 : 0;  // as for contacts
  }
}

// RepairSupport's groups: contact c's tangential pyramid weights are group
// c, its torsional pair group q + c, joint friction i's pair group 2 q + i;
// limits, normals and the lambdas stand alone (-1).
std::span<const int> RepairGroups(const LcpLayout& L, LcpWorkspace* ws) {
  std::vector<int>& g = ws->groups;
  g.assign(L.n, -1);
  for (int c = 0; c < L.q; ++c) {
    for (int k = 0; k < L.u; ++k) g[L.beta0 + c * L.u + k] = k < L.ut ? c : L.q + c;
  }
  for (int i = 0; i < L.f; ++i) g[L.jbeta0 + 2 * i] = g[L.jbeta0 + 2 * i + 1] = 2 * L.q + i;
  return g;
}

// A kSolved answer whose natural residual is above tolerance (1 + max |q|)
// becomes kInaccurate: the cold solve's bar (max_relative_residual) or the
// warm start's (warm_tolerance).
void HoldTo(double tolerance, double q_max, LcpResult* r) {
  if (r->status == LcpStatus::kSolved && r->residual > tolerance * (1.0 + q_max)) r->status = LcpStatus::kInaccurate;
}

// Lemke from the warm support when it fits, else from the previous basis, else cold, then retries: each
// changes the covering vector, and the later ones also raise the
// regularisation, before the pivot tolerance changes. *basic: the final
// basis (or the warm support).
LcpResult SolveWithRetries(const IslandSystem& sys, const LcpSolverSettings& st, const LcpLayout& L, double max_diag,
                           LcpWorkspace* ws, bool* warm, bool* repaired) {
  // (On failure M keeps the retries' raised regularisation; the caller
  // lowers it back, RestoreRegularization.)
  const int n = L.n, mh = L.mh;
  MatrixMap M(ws->M.data(), n, n);
  const VectorMap qv(ws->qv.data(), n);
  ws->z.assign(n, 0.0);
  VectorMap z(ws->z.data(), n);
  const std::vector<std::uint8_t>& support = ws->support;
  std::vector<std::uint8_t>* basic = &ws->basic;
  const double q_max = n > 0 ? qv.cwiseAbs().maxCoeff() : 0.0;
  auto solve = [&](const LemkeSettings& ls) {
    LcpResult r = ws->lemke.Solve(M, qv, z, ls, sys.warm_start ? basic : nullptr);
    HoldTo(st.max_relative_residual, q_max, &r);
    return r;
  };
  // Covering vector: 1 on the impulse rows, 0.1 on the lambda rows (whose q
  // entries are all zero). With d = 1 throughout, the lambda rows tie
  // exactly and Lemke's path can end in a ray on grasps that are solvable
  // (measured: a hand on a prism failed 95 % of steps with d = 1; any
  // non-uniform d solved them). Retries use an irregular d (golden-ratio
  // sequence) with the same pivot tolerance, then finer and coarser ones.
  LemkeSettings& first = ws->first;
  first = st.lemke;
  if (static_cast<int>(first.covering.size()) != n) {
    first.covering.assign(n, 1.0);
    for (int i = mh; i < n; ++i) first.covering[i] = 0.1;
  }
  LcpResult res;
  ws->warm.spd_rows = mh;  // G + eps I on the impulse rows (FillColumn)
  // A support of impulse rows alone whose rows span fewer base-row
  // directions than it has unknowns (sticking contacts with several pyramid
  // edges basic) is solved in the range of its rows, without M
  // (support_range_solve.h); any other support, and one that misses there,
  // reads M's support columns only; everything after a miss reads all of M.
  RangeSolveOutcome range = RangeSolveOutcome::kNotApplicable;
  if (!support.empty()) {
    double residual = 0.0;
    range = RangeSolveSupport(sys, L, ws->rows, ws->red.G.data(), st.regularization * max_diag, ws->qv.data(),
                              support, st.warm_tolerance, ws->z.data(), &residual, &ws->range);
    if (range == RangeSolveOutcome::kHit) {
      res.status = LcpStatus::kSolved;
      res.pivots = 0;
      res.residual = residual;
    }
  }
  *warm = range == RangeSolveOutcome::kHit;
  if (range == RangeSolveOutcome::kMiss) {
    // The block pivots below start from the range solve's block (the same
    // support; RepairSupport checks it), not from a dense solve of it again.
    ws->warm.S = ws->range.S;
    ws->warm.b = ws->range.b;
    ws->warm.w = ws->range.w;
    ws->warm.block_ready = true;
  } else if (!*warm && !support.empty()) {
    FillColumns(sys, st, L, max_diag, support, ws);
    *warm = SolveLcpOnSupport(M, qv, support, z, &res, st.warm_tolerance, &ws->warm);
  }
  *repaired = false;
  if (!*warm) FillColumns(sys, st, L, max_diag, {}, ws);
  if (*warm) {
    *basic = support;
  } else if (!support.empty() && st.repair_iterations > 0 &&
             RepairSupport(M, qv, support, z, &res, st.warm_tolerance, st.repair_iterations, RepairGroups(L, ws),
                           &ws->warm, basic)) {
    // A miss repaired by block principal pivots on the support (a contact
    // that started sliding or touching: one or two k x k solves).
    *repaired = true;
  } else if (!support.empty() && st.repair_iterations > 0 &&
             NoiseLevelMiss(ws->warm, support, q_max, st.warm_tolerance)) {
    // A miss at the bar's own scale on a sticking support (lcp_warm_start.h,
    // NoiseLevelMiss): Lemke from the previous basis ends there at a basis
    // no better than the bar (measured: 14 of 202 such misses over the
    // golden runs, 8 of 87 on the 10-box stack, each costing more than the
    // cold solve that followed), so the cold solve comes at once.
    res = solve(first);
  } else if (!support.empty()) {
    // A miss: Lemke from the previous basis (LemkeSolver::SolveFrom),
    // which is a few pivots from this step's solution where the contacts
    // changed little; cold from z = 0 when that path ends without one.
    LemkeSettings& from = ws->other;
    from = first;
    from.max_pivots = WarmPivotCap(n);
    res = ws->lemke.SolveFrom(M, qv, z, from, support, sys.warm_start ? basic : nullptr);
    // Held to the warm start's accuracy, not the cold solve's: on stacks
    // of regularised redundant contacts this path can end at a basis only
    // good to 1e-8, and an error of that size every step twists a resting
    // stack (measured: box-stacks under the impulse model yawed 2.9e-7 rad
    // in 2 s at max_relative_residual, 2e-11 cold).
    HoldTo(st.warm_tolerance, q_max, &res);
    *repaired = res.status == LcpStatus::kSolved;
    if (!*repaired) {
      const int warm_pivots = res.pivots;
      res = solve(first);
      res.pivots += warm_pivots;
    }
  } else {
    res = solve(first);
  }
  int attempt = 0;
  // Measured on grasps squeezed by effort-limited PD rows (a parallel jaw on
  // a cube, 83 unknowns): Lemke ray-terminates for about 70 % of irregular
  // covering vectors at the 1e-6 regularisation, 25 % at 1e-5 and 15 % at
  // 1e-4; a compliance still far below a micron per step.
  const double t0 = st.lemke.pivot_tolerance;
  struct Retry {
    double tolerance, regularization;
  };
  const double r0 = st.regularization;
  const Retry retries[] = {{t0, r0},       {t0, r0},       {t0, 10 * r0},    {t0, 10 * r0},
                           {t0, 100 * r0}, {t0, 100 * r0}, {1e-12, 100 * r0}, {1e-6, 100 * r0}};
  double current_regularization = r0;
  for (const Retry& retry : retries) {
    ++attempt;
    if (res.status == LcpStatus::kSolved) continue;
    if (retry.regularization != current_regularization) {
      for (int i = 0; i < mh; ++i) M(i, i) += (retry.regularization - current_regularization) * max_diag;
      current_regularization = retry.regularization;
    }
    LemkeSettings& other = ws->other;
    other = first;
    for (int i = 0; i < n; ++i) {
      const double g = (i + 1) * 0.6180339887498949 * attempt;
      other.covering[i] *= 0.5 + (g - std::floor(g));
    }
    other.pivot_tolerance = retry.tolerance;
    const int earlier_pivots = res.pivots;
    ws->earlier_z.assign(ws->z.begin(), ws->z.end());
    const LcpResult earlier = res;
    res = solve(other);
    res.pivots += earlier_pivots;
    // Both inaccurate: keep the better of the two.
    if (res.status == LcpStatus::kInaccurate && earlier.status == LcpStatus::kInaccurate &&
        earlier.residual < res.residual) {
      ws->z = ws->earlier_z;
      res.residual = earlier.residual;
    }
  }
  ws->added_regularization = current_regularization - r0;
  return res;
}

// Takes the retries' extra regularisation off M's diagonal again, so the
// fallback and its polish answer the LCP the step asked for (a compliance
// 100 times the default lets a resting stack sink 0.5 um more).
void RestoreRegularization(const LcpLayout& L, double max_diag, LcpWorkspace* ws) {
  if (ws->added_regularization == 0.0) return;
  MatrixMap M(ws->M.data(), L.n, L.n);
  for (int i = 0; i < L.mh; ++i) M(i, i) -= ws->added_regularization * max_diag;
  ws->added_regularization = 0.0;
}

// GRASPLAB_DUMP_LCP=FILE: an unsolved LCP's n, M and q, for lemke_bench.
void DumpUnsolvedLcp(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> qv) {
  const char* dump = std::getenv("GRASPLAB_DUMP_LCP");
  if (!dump) return;
  FILE* file = std::fopen(dump, "w");
  if (!file) return;
  const int n = static_cast<int>(qv.size());
  std::fprintf(file, "%d\n", n);
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) std::fprintf(file, "%.17g ", M(i, k));
    std::fprintf(file, "\n");
  }
  for (int i = 0; i < n; ++i) std::fprintf(file, "%.17g ", qv[i]);
  std::fclose(file);
}

// Fallback: projected Gauss-Seidel on the H rows (header comment), 100
// sweeps; non-finite entries zeroed.
void FallbackGaussSeidel(const IslandSystem& sys, const LcpLayout& L, LcpWorkspace* ws) {
  const int n = L.n, p = L.p, q = L.q, u = L.u;
  const MatrixMap M(ws->M.data(), n, n);
  ws->z.assign(n, 0.0);
  VectorMap z(ws->z.data(), n);
  std::vector<double>& w = ws->fallback_w;
  w = ws->qv;
  auto update = [&](int i, double zi) {
    const double dz = zi - z[i];
    if (dz == 0.0) return;
    z[i] = zi;
    for (int k = 0; k < n; ++k) w[k] += M(k, i) * dz;
  };
  for (int sweep = 0; sweep < 100; ++sweep) {
    for (int i = 0; i < p + q; ++i) {
      if (M(i, i) > 0.0) update(i, std::max(0.0, z[i] - w[i] / M(i, i)));
    }
    for (int c = 0; c < q; ++c) {
      double sum = 0.0;
      for (int k = 0; k < u; ++k) {
        const int i = L.beta0 + c * u + k;
        if (M(i, i) > 0.0) update(i, std::max(0.0, z[i] - (w[i] - M(i, L.lambda0 + c) * z[L.lambda0 + c]) / M(i, i)));
        sum += z[i];
      }
      const double limit = sys.contacts[c]->friction * z[p + c];
      if (sum > limit) {
        const double scale = sum > 0.0 ? limit / sum : 0.0;
        for (int k = 0; k < u; ++k) update(L.beta0 + c * u + k, z[L.beta0 + c * u + k] * scale);
      }
    }
    for (int i = 0; i < L.f; ++i) {
      for (int k = 0; k < 2; ++k) {
        const int r = L.jbeta0 + 2 * i + k;
        if (M(r, r) > 0.0) {
          update(r, std::clamp(z[r] - (w[r] - z[L.jlambda0 + i]) / M(r, r), 0.0, sys.friction_limits[i]));
        }
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    if (!(z[i] - z[i] == 0.0)) z[i] = 0.0;
  }
}

// The Gauss-Seidel fallback's answer (ws->z) as the start basis of Lemke
// (LemkeSolver::SolveFrom): the positive impulses, and each contact's
// lambda where its weights reach the pyramid's bound mu c_n (sliding) or
// a joint friction's where it reaches its limit. On success ws->z and
// ws->basic hold Lemke's answer; otherwise ws->z keeps Gauss-Seidel's.
LcpResult PolishFallback(const IslandSystem& sys, const LcpSolverSettings& st, const LcpLayout& L, LcpWorkspace* ws) {
  const int n = L.n;
  const std::vector<double>& z = ws->z;
  std::vector<std::uint8_t>& start = ws->support;
  start.assign(n, 0);
  for (int i = 0; i < L.mh; ++i) start[i] = z[i] > 0.0;
  for (int c = 0; c < L.q; ++c) {
    double sum = 0.0;
    for (int k = 0; k < L.u; ++k) sum += z[L.beta0 + c * L.u + k];
    const double limit = sys.contacts[c]->friction * z[L.p + c];
    start[L.lambda0 + c] = sum > 0.0 && sum >= limit * (1.0 - 1e-9);
  }
  for (int i = 0; i < L.f; ++i) {
    const double f = z[L.jbeta0 + 2 * i] + z[L.jbeta0 + 2 * i + 1];
    start[L.jlambda0 + i] = f > 0.0 && f >= sys.friction_limits[i] * (1.0 - 1e-9);
  }
  const MatrixMap M(ws->M.data(), n, n);
  const VectorMap qv(ws->qv.data(), n);
  ws->earlier_z.assign(n, 0.0);
  VectorMap zl(ws->earlier_z.data(), n);
  LemkeSettings& from = ws->other;
  from = ws->first;
  from.max_pivots = 0;  // the default cap: this is the last attempt
  LcpResult r = ws->lemke.SolveFrom(M, qv, zl, from, start, sys.warm_start ? &ws->basic : nullptr);
  HoldTo(st.max_relative_residual, n > 0 ? qv.cwiseAbs().maxCoeff() : 0.0, &r);
  if (r.status == LcpStatus::kSolved) ws->z = ws->earlier_z;
  return r;
}

// This step's basis, for the next step's warm start (after the fallback,
// which has no basis: the positive unknowns), and each contact's positive
// unknowns for display. "Positive" means above the solve's natural residual
// `zero` (max |min(z_i, w_i)|): complementarity holds only to that, so a
// slip speed lambda of 1e-15 m/s beside a friction force well inside the
// cone is a zero the rounding left, not a slip.
void StoreSupport(const LcpLayout& L, const std::vector<double>& z, bool fell_back, double zero,
                  std::vector<std::uint8_t>* basic_io, IslandSystem* sys) {
  std::vector<std::uint8_t>& basic = *basic_io;
  const int n = L.n, p = L.p, u = L.u;
  if (fell_back || static_cast<int>(basic.size()) != n) {
    basic.assign(n, 0);
    for (int i = 0; i < n; ++i) basic[i] = z[i] > 0.0;
  }
  sys->limit_support.assign(basic.begin(), basic.begin() + p);
  for (int c = 0; c < L.q; ++c) {
    std::uint32_t bits = basic[p + c];
    for (int k = 0; k < u; ++k) bits |= static_cast<std::uint32_t>(basic[L.beta0 + c * u + k]) << (1 + k);
    bits |= static_cast<std::uint32_t>(basic[L.lambda0 + c]) << (1 + u);
    sys->contacts[c]->lcp_support = bits;
    std::uint32_t positive = z[p + c] > zero ? 1u : 0u;
    for (int k = 0; k < u; ++k) positive |= static_cast<std::uint32_t>(z[L.beta0 + c * u + k] > zero) << (1 + k);
    positive |= static_cast<std::uint32_t>(z[L.lambda0 + c] > zero) << (1 + u);
    sys->contacts[c]->lcp_positive = positive;
  }
  sys->friction_support.assign(L.f, 0);
  for (int i = 0; i < L.f; ++i) {
    sys->friction_support[i] = static_cast<std::uint8_t>(basic[L.jbeta0 + 2 * i] | (basic[L.jbeta0 + 2 * i + 1] << 1) |
                                                         (basic[L.jlambda0 + i] << 2));
  }
}

// v^{l+1} from the base-row impulses T^T z, and each contact's, limit's and
// joint friction's impulses.
void StoreImpulses(const LcpSolverSettings& st, const LcpLayout& L, LcpWorkspace* ws, IslandSystem* sys,
                   std::vector<double>* joint_impulses, std::vector<double>* limit_impulses,
                   std::vector<double>* friction_impulses) {
  const LcpRows& rows = ws->rows;
  const std::vector<double>& z = ws->z;
  std::vector<double>& zb = ws->zb;  // T^T z: the impulses along the base rows
  zb.assign(L.mb, 0.0);
  for (int i = 0; i < L.mh; ++i) {
    zb[rows.T[i].a] += rows.T[i].ca * z[i];
    if (rows.T[i].b >= 0) zb[rows.T[i].b] += rows.T[i].cb * z[i];
  }
  FinishIsland(sys, rows.base, &ws->red, zb.data(), joint_impulses);
  limit_impulses->assign(z.data(), z.data() + L.p);
  if (friction_impulses) {
    friction_impulses->assign(L.f, 0.0);
    for (int i = 0; i < L.f; ++i) (*friction_impulses)[i] = z[L.jbeta0 + 2 * i] - z[L.jbeta0 + 2 * i + 1];
  }
  std::vector<Vec3>& dirs = ws->dirs;
  const int u = L.u, ut = L.ut;
  for (int c = 0; c < L.q; ++c) {
    Contact& ct = *sys->contacts[c];
    ct.normal_impulse = z[L.p + c];
    dirs.clear();
    FrictionDirections(ct.n_W, ut, &dirs);
    ct.friction_impulse.setZero();
    for (int k = 0; k < ut; ++k) ct.friction_impulse += z[L.beta0 + c * u + k] * dirs[k];
    ct.torsional_impulse = u > ut ? st.torsional_radius * (z[L.beta0 + c * u + ut] - z[L.beta0 + c * u + ut + 1]) : 0.0;
  }
}

}  // namespace

IslandLcpSolver::IslandLcpSolver() : ws_(std::make_unique<LcpWorkspace>()) {}
IslandLcpSolver::~IslandLcpSolver() = default;
IslandLcpSolver::IslandLcpSolver(IslandLcpSolver&&) noexcept = default;
IslandLcpSolver& IslandLcpSolver::operator=(IslandLcpSolver&&) noexcept = default;

LcpSolveStats IslandLcpSolver::Solve(IslandSystem* sys, const LcpSolverSettings& st,
                                     std::vector<double>* joint_impulses, std::vector<double>* limit_impulses,
                                     std::vector<double>* friction_impulses) {
  LcpWorkspace& ws = *ws_;
  LcpLayout L = MakeLayout(*sys, st);
  BuildRows(*sys, st, L, &ws.rows);
  L.mb = static_cast<int>(ws.rows.base.size());
  ReduceIsland(*sys, ws.rows.base, &ws.red);
  const double max_diag = PrepareLcp(*sys, L, &ws);

  LcpSolveStats stats;
  stats.lcp_size = L.n;
  WarmSupport(*sys, L, &ws.support);
  const MatrixMap M(ws.M.data(), L.n, L.n);
  const VectorMap qv(ws.qv.data(), L.n);
  if (st.observer) {
    FillColumns(*sys, st, L, max_diag, {}, &ws);
    st.observer(Eigen::MatrixXd(M), Eigen::VectorXd(qv), ws.support);
  }
  ws.basic.clear();
  const LcpResult res = SolveWithRetries(*sys, st, L, max_diag, &ws, &stats.warm, &stats.repaired);
  if (res.status != LcpStatus::kSolved) {
    RestoreRegularization(L, max_diag, &ws);
    DumpUnsolvedLcp(M, qv);
  }
  stats.status = res.status;
  stats.pivots = res.pivots;
  stats.residual = res.residual;
  if (res.status != LcpStatus::kSolved) {
    FallbackGaussSeidel(*sys, L, &ws);
    // Lemke from the Gauss-Seidel answer's support: an approximate active
    // set is usually a few pivots from the exact one, on a path other than
    // the retries' (which all began at z = 0).
    const LcpResult polished = PolishFallback(*sys, st, L, &ws);
    if (polished.status == LcpStatus::kSolved) {
      stats.polished = true;
      stats.status = polished.status;
      stats.pivots += polished.pivots;
      stats.residual = polished.residual;
    } else {
      stats.fell_back = true;
    }
  }
  if (sys->warm_start) StoreSupport(L, ws.z, stats.fell_back, stats.fell_back ? 0.0 : stats.residual, &ws.basic, sys);
  StoreImpulses(st, L, &ws, sys, joint_impulses, limit_impulses, friction_impulses);
  return stats;
}

LcpSolveStats SolveIslandLcp(IslandSystem* sys, const LcpSolverSettings& st, std::vector<double>* joint_impulses,
                             std::vector<double>* limit_impulses, std::vector<double>* friction_impulses) {
  IslandLcpSolver solver;
  return solver.Solve(sys, st, joint_impulses, limit_impulses, friction_impulses);
}

}  // namespace grasplab
