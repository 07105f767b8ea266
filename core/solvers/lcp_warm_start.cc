#include "core/solvers/lcp_warm_start.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "core/math/dense_lu.h"

namespace grasplab {

bool SolveLcpOnSupport(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::vector<std::uint8_t>& support,
                       Eigen::VectorXd* z, LcpResult* result, double tolerance) {
  if (support.size() != static_cast<std::size_t>(q.size())) return false;
  z->setZero(q.size());
  SupportSolveScratch scratch;
  return SolveLcpOnSupport(M, q, support, *z, result, tolerance, &scratch);
}

namespace {

// *w = q + sum_c M(:, S_c) value(c) over all n rows, column by column
// (each w_i sums in increasing c as a row's dot product would: the same
// bits, without its dependency chain).
template <class Value>
void FormW(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q, const std::vector<int>& S,
           Value value, std::vector<double>* w_out) {
  const int n = static_cast<int>(q.size());
  std::vector<double>& w = *w_out;
  w.assign(q.data(), q.data() + n);
  for (int c = 0; c < static_cast<int>(S.size()); ++c) {
    const double zc = value(c);
    const double* col = M.col(S[c]).data();
    for (int i = 0; i < n; ++i) w[i] += col[i] * zc;
  }
}

// scratch->w = q + M_{:,S} b over all rows (b unclamped).
void BlockW(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q, SupportSolveScratch* scratch) {
  FormW(M, q, scratch->S, [&](int c) { return scratch->b[c]; }, &scratch->w);
}

// M_SS z_S = -q_S on the support's indices (scratch->S) by Cholesky or LU
// (SupportSolveScratch::spd_rows), unclamped, into scratch->b, and w = q +
// M_{:,S} b over all rows into scratch->w; false when the block has no
// factor. w's rows in S are the block's own residual. Where that residual
// is above rounding (more than kRefineGate times tol on some row of S), or
// some b_c < 0, one step of iterative refinement follows (b += A^-1 (-q_S
// - A b)) and w is formed again. The refinement: the block can be
// ill-conditioned (regularised redundant contacts, ~1e6), and an error of
// 1e-10 in w repeated every step turns a resting stack; a well-conditioned
// grasp block is solved to rounding by the factor alone (its residual
// 1e-16..1e-15 relative), and the refinement then cost a third of the
// block solve (docs/benchmarks.md, "Stop 43").
bool SolveBlock(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                const std::vector<std::uint8_t>& support, double tol, SupportSolveScratch* scratch) {
  const int n = static_cast<int>(q.size());
  std::vector<int>& S = scratch->S;
  S.clear();
  for (int j = 0; j < n; ++j) {
    if (support[j]) S.push_back(j);
  }
  const int k = static_cast<int>(S.size());
  std::vector<double>& b = scratch->b;
  std::vector<double>& e = scratch->e;
  b.resize(k);
  e.resize(k);
  if (k == 0) {
    BlockW(M, q, scratch);
    return true;
  }
  // A = M_SS by columns (M's support columns gathered, contiguous), which
  // both factorisations and the refinement below read as they are.
  std::vector<double>& At = scratch->At;
  if (At.size() < static_cast<std::size_t>(k) * k) At.resize(static_cast<std::size_t>(k) * k);  // only grown
  for (int c = 0; c < k; ++c) {
    const double* col = M.col(S[c]).data();
    double* ac = &At[static_cast<std::size_t>(c) * k];
    for (int r = 0; r < k; ++r) ac[r] = col[S[r]];
  }
  for (int r = 0; r < k; ++r) b[r] = -q[S[r]];
  // Cholesky where the support lies in the symmetric positive definite
  // rows (S is sorted: its last index decides), else LU.
  const bool spd = S[k - 1] < scratch->spd_rows && scratch->cholesky.FactorColumns(At.data(), k);
  if (!spd && !scratch->lu.FactorColumns(At.data(), k)) return false;
  auto solve = [&](double* x) {
    if (spd) {
      scratch->cholesky.Solve(x);
    } else {
      scratch->lu.Solve(x);
    }
  };
  solve(b.data());
  BlockW(M, q, scratch);
  const std::vector<double>& w = scratch->w;
  bool rounding = true;
  for (int r = 0; r < k && rounding; ++r) rounding = b[r] >= 0.0 && std::abs(w[S[r]]) <= kRefineGate * tol;
  if (rounding) return true;
  // e = -q_S - A b by columns (each e_r subtracts in increasing c, as a
  // row's dot product would: the same bits, without its dependency chain).
  for (int r = 0; r < k; ++r) e[r] = -q[S[r]];
  for (int c = 0; c < k; ++c) {
    const double bc = b[c];
    const double* col = &At[static_cast<std::size_t>(c) * k];
    for (int r = 0; r < k; ++r) e[r] -= col[r] * bc;
  }
  solve(e.data());
  for (int r = 0; r < k; ++r) b[r] += e[r];
  BlockW(M, q, scratch);
  return true;
}

// z = the clamped block solution (scratch->b on scratch->S, 0 elsewhere);
// true when the natural residual over all rows, max |min(z_i, w_i)| with
// w = M z + q, is at most tol (stops at the first row above it), and then
// *result is that solution's: kSolved, no Lemke pivot, its residual.
// SolveBlock's w is that w when no b_c is below 0; otherwise it is formed
// again from the clamped z.
bool AcceptBlock(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                 Eigen::Ref<Eigen::VectorXd> z, double tol, SupportSolveScratch* scratch, LcpResult* result) {
  const int n = static_cast<int>(q.size());
  const std::vector<int>& S = scratch->S;
  const int k = static_cast<int>(S.size());
  z.setZero();
  bool clamped = false;
  for (int r = 0; r < k; ++r) {
    clamped = clamped || scratch->b[r] < 0.0;
    z[S[r]] = std::max(0.0, scratch->b[r]);
  }
  const std::vector<double>* w = &scratch->w;
  if (clamped) {
    FormW(M, q, S, [&](int c) { return z[S[c]]; }, &scratch->accept_w);
    w = &scratch->accept_w;
  }
  double residual = 0.0;
  if (!NaturalResidualWithin(z.data(), w->data(), n, tol, &residual)) return false;
  result->status = LcpStatus::kSolved;
  result->pivots = 0;
  result->residual = residual;
  return true;
}

double Tolerance(Eigen::Ref<const Eigen::VectorXd> q, double tolerance) {
  double q_max = 0.0;
  for (int i = 0; i < q.size(); ++i) q_max = std::max(q_max, std::abs(q[i]));
  return tolerance * (1.0 + q_max);
}

}  // namespace

bool SolveLcpOnSupport(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                       const std::vector<std::uint8_t>& support, Eigen::Ref<Eigen::VectorXd> z, LcpResult* result,
                       double tolerance, SupportSolveScratch* scratch) {
  const int n = static_cast<int>(q.size());
  if (static_cast<int>(support.size()) != n) return false;
  const double tol = Tolerance(q, tolerance);
  z.setZero();
  scratch->block_ready = false;
  if (!SolveBlock(M, q, support, tol, scratch)) return false;
  scratch->block_ready = true;
  // A basic z below zero beyond rounding: the guess is infeasible.
  for (double b : scratch->b) {
    if (!(b >= -tol)) return false;
  }
  // w = M z + q over all rows (basic rows: ~0; the rest must be >= 0), and
  // the natural residual max |min(z_i, w_i)|.
  if (!AcceptBlock(M, q, z, tol, scratch, result)) return false;
  scratch->block_ready = false;
  return true;
}

bool RepairSupport(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                   const std::vector<std::uint8_t>& support, Eigen::Ref<Eigen::VectorXd> z, LcpResult* result,
                   double tolerance, int max_iterations, std::span<const int> groups, SupportSolveScratch* scratch,
                   std::vector<std::uint8_t>* solved_support) {
  const int n = static_cast<int>(q.size());
  scratch->start_violation = std::numeric_limits<double>::infinity();
  if (static_cast<int>(support.size()) != n) return false;
  if (!groups.empty() && static_cast<int>(groups.size()) != n) return false;
  const double tol = Tolerance(q, tolerance), flip = kRepairFlip * tol;
  std::vector<int>& group_best = scratch->group_best;
  int group_count = 0;
  for (int g : groups) group_count = std::max(group_count, g + 1);
  group_best.assign(group_count, -1);
  std::vector<std::uint8_t>& trial = scratch->trial;
  trial = support;
  std::vector<int>& bad = scratch->infeasible;
  std::vector<double>& w = scratch->w;
  int fewest = n + 1;
  // SolveLcpOnSupport's block solution of this support, when it left one.
  bool ready = scratch->block_ready;
  scratch->block_ready = false;
  for (int c = 0, i = 0; ready && i < n; ++i) {
    const bool basic = c < static_cast<int>(scratch->S.size()) && scratch->S[c] == i;
    if (basic != (trial[i] != 0)) ready = false;
    if (basic) ++c;
  }
  for (int it = 0; it < max_iterations; ++it) {
    if (!(it == 0 && ready) && !SolveBlock(M, q, trial, tol, scratch)) return false;
    const std::vector<int>& S = scratch->S;
    const int k = static_cast<int>(S.size());
    // The infeasible pairs, in index order: basic z_j < 0, nonbasic w_i < 0
    // (w: SolveBlock's, of the unclamped b).
    bad.clear();
    double violation = 0.0;
    for (int c = 0, i = 0; i < n; ++i) {
      const bool basic = c < k && S[c] == i;
      const double v = basic ? scratch->b[c] : w[i];
      if (v < -flip) bad.push_back(i);
      if (!(-v <= violation)) violation = -v;  // NaN too: never a noise-level miss
      if (basic) ++c;
    }
    if (it == 0) scratch->start_violation = violation;
    if (bad.empty()) {
      if (!AcceptBlock(M, q, z, tol, scratch, result)) return false;
      *solved_support = trial;
      return true;
    }
    // Block pivots help while they make progress: the count of infeasible
    // pairs must fall at every iteration, or the caller's Lemke takes over
    // (measured on the bunny's misses, where a dozen contacts touch at once:
    // once the count rises, more block swaps only grow it).
    const int count = static_cast<int>(bad.size());
    if (count >= fewest) return false;
    fewest = count;
    if (group_count > 0) {
      // One entering index per group: its most negative w (the lowest index on a tie).
      for (int i : bad) {
        const int g = groups[i];
        if (g >= 0 && !trial[i] && (group_best[g] < 0 || w[i] < w[group_best[g]])) group_best[g] = i;
      }
      std::erase_if(bad, [&](int i) { return groups[i] >= 0 && !trial[i] && group_best[groups[i]] != i; });
      for (int g : groups) {
        if (g >= 0) group_best[g] = -1;
      }
    }
    for (int i : bad) trial[i] ^= 1u;
  }
  return false;
}

bool NoiseLevelMiss(const SupportSolveScratch& scratch, const std::vector<std::uint8_t>& support, double q_max,
                    double tolerance) {
  if (!(scratch.start_violation <= kNoiseMiss * tolerance * (1.0 + q_max))) return false;
  for (std::size_t j = scratch.spd_rows > 0 ? static_cast<std::size_t>(scratch.spd_rows) : 0; j < support.size(); ++j) {
    if (support[j]) return false;
  }
  return true;
}

}  // namespace grasplab
