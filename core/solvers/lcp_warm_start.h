// Warm start of the contact LCP from the previous step's active set
// (performance issue: "warm-start Lemke from the previous step's basis ...
// fall back to a cold start when the warm basis is infeasible").
//
// Contacts, limits and motors mostly keep their state from one step to the
// next: a contact that pressed and stuck still presses and sticks. The set
// S of z's that were basic in last step's solution (Lemke's final basis,
// which includes basic z's at value 0 in degenerate solutions: a sliding
// contact with no load keeps lambda and a pyramid weight basic) is then
// likely a complementary basis of this step's LCP(M, q): with z_j = 0 and
// w_j >= 0 off S and w_S = 0 on it,
//     M_SS z_S = -q_S,                      (k x k, k = |S|)
//     w_N = M_NS z_S + q_N                  (N: the rest),
// and if z_S >= 0 and w_N >= 0 this z solves the LCP: no pivot at all. The
// cost is one k x k LU (k is about 2-3 per contact: the normal and one or
// two pyramid edges, or lambda when sliding), a refinement step where the
// block's own residual is above rounding (kRefineGate), and one (n - k) x k
// product, against O(n^2) per pivot and dozens to hundreds of pivots for
// Lemke from z = 0. If the guess is singular, infeasible, or not accurate to
// `tolerance` (relative to 1 + max |q|; LcpSolverSettings::warm_tolerance
// says why 1e-10), the caller runs Lemke cold: a warm
// start can change the work, never the accepted answer's accuracy.
//
// The complementarity conditions are exact at any basis that passes: an
// LCP solution found this way is as valid as Lemke's (if the LCP has
// several solutions, e.g. redundant coplanar contacts without
// regularisation, it may be a different one of them; the island solver
// regularises G so the contact impulses are unique).
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "core/math/dense_cholesky.h"
#include "core/math/dense_lu.h"
#include "core/solvers/lemke.h"

namespace grasplab {

// SolveLcpOnSupport's working memory, kept by the island solver between
// steps (no allocation once it has seen the largest support).
struct SupportSolveScratch {
  // Indices below this are rows of a symmetric positive definite block of
  // M (the island solver's impulse rows, mh): a support inside it is
  // factored by Cholesky (half LU's work), LU otherwise or when Cholesky
  // meets a pivot <= 0. 0: always LU.
  int spd_rows = 0;
  std::vector<int> S;
  std::vector<double> At, b, e, w, accept_w;
  std::vector<int> infeasible, group_best;
  std::vector<std::uint8_t> trial;
  // Set by SolveLcpOnSupport when it missed after solving its block: S and
  // b then hold that block's solution, and RepairSupport, called next on
  // the same M, q and support, starts from it instead of solving the same
  // block again (the same bits: the solve depends on M_SS and q_S only).
  // A caller that changes M_SS, q_S or spd_rows in between clears it.
  bool block_ready = false;
  // Set by RepairSupport: the largest violation of the support it started
  // from, max(-z_S, -w_N) of the unclamped block solution (+inf when the
  // block has no factor), in the units of q.
  double start_violation = 0.0;
  DenseLu lu;
  DenseCholesky cholesky;
};

// True when the natural residual max_i |min(z_i, w_i)| over n entries is at
// most tol (stopping at the first entry above it), and then *residual is
// that maximum: the warm start's acceptance test (SolveLcpOnSupport, and
// the range-space solve of support_range_solve.h).
inline bool NaturalResidualWithin(const double* z, const double* w, int n, double tol, double* residual) {
  double r = 0.0;
  for (int i = 0; i < n; ++i) {
    r = std::max(r, std::abs(std::min(z[i], w[i])));
    if (!(r <= tol)) return false;
  }
  *residual = r;
  return true;
}

// Tries the complementary basis whose basic z are those with support[j] != 0
// (support.size() == q.size()). On success writes the solution into *z,
// fills *result (kSolved, 0 pivots, its natural residual) and returns true;
// otherwise returns false and leaves *z unspecified.
bool SolveLcpOnSupport(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::vector<std::uint8_t>& support,
                       Eigen::VectorXd* z, LcpResult* result, double tolerance = 1e-10);
// The same into z (already of q's size) with the caller's scratch.
bool SolveLcpOnSupport(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                       const std::vector<std::uint8_t>& support, Eigen::Ref<Eigen::VectorXd> z, LcpResult* result,
                       double tolerance, SupportSolveScratch* scratch);

// Block principal pivoting from the support (Judice & Pires 1994, "A block
// principal pivoting algorithm for large-scale strictly monotone linear
// complementarity problems", Computers & Operations Research 21(5): the
// issue's "repair by a few block pivots" of a warm-start miss). Each
// iteration solves the complementary basis of the trial support as
// SolveLcpOnSupport does (LU of M_SS, refined unless at rounding), then swaps
// every infeasible pair at once: a basic z_j < 0 leaves S, a nonbasic
// w_i < 0 brings z_i into S. "Infeasible" means below -kRepairFlip times the
// tolerance: a basic zero the LU left at -1e-20 is dropped from S too
// (harmless: the same solution on a smaller support), while the acceptance
// test stays SolveLcpOnSupport's (z >= 0, natural residual <= tolerance).
//
// Groups: indices that share a group id >= 0 (`groups`, empty for none)
// enter at most one per iteration, the most negative w. The contact LCP's
// pyramid weights of one contact are such a group: their Delassus block
// has rank 2, so bringing in every edge that pulls the wrong way (half of
// them, on a contact that starts to slide) makes M_SS singular; one edge
// per contact per iteration keeps it regular, as Lemke would enter them.
//
// Full block swaps terminate for P-matrices only after Judice and Pires's
// safeguards; the contact LCP's M is not even a P-matrix (the lambda rows
// have a zero diagonal). So this stops, returning false for the caller's
// Lemke, as soon as the count of infeasible pairs does not fall, or after
// `max_iterations` solves. Measured on the grasp scenes' misses (2000
// steps, `grasplab run`): the parallel jaw's 28 misses, 27 repaired in 1-4
// solves (cold Lemke solves 30 -> 1, pivots 2107 -> 195); the bunny's 175
// misses, 52 repaired, the rest (a dozen contacts touching at once, where
// the swaps make the count grow) left to Lemke after 1-2 solves.
//
// Its first solve is the support's own, which SolveLcpOnSupport has just
// made on a miss: that one is reused (SupportSolveScratch::block_ready).
//
// On success writes the solution into z, the support it solved on into
// *solved_support (the next step's warm start), fills *result (kSolved,
// 0 Lemke pivots, its natural residual) and returns true.
inline constexpr double kRepairFlip = 0.01;
// A support's block solve (SolveLcpOnSupport, RepairSupport) takes one step
// of iterative refinement unless every row of the block's own residual,
// |(M_SS b + q_S)_r|, is at most kRefineGate times the warm start's bar
// (1e-14 (1 + max |q|) at the island solver's 1e-10) and b >= 0: at that
// size the factor's answer is already rounding.
inline constexpr double kRefineGate = 1e-4;
bool RepairSupport(Eigen::Ref<const Eigen::MatrixXd> M, Eigen::Ref<const Eigen::VectorXd> q,
                   const std::vector<std::uint8_t>& support, Eigen::Ref<Eigen::VectorXd> z, LcpResult* result,
                   double tolerance, int max_iterations, std::span<const int> groups, SupportSolveScratch* scratch,
                   std::vector<std::uint8_t>* solved_support);

// A warm-start miss at the bar's own scale on a sticking support:
// RepairSupport failed, the support it started from violated the LCP by
// at most kNoiseMiss times the warm start's bar (scratch.start_violation <=
// kNoiseMiss tolerance (1 + q_max)), and that support lies in the impulse
// rows (every index below scratch.spd_rows: no lambda, so no contact or
// joint friction sliding; with spd_rows 0 only an empty support is). Such a support is the right one up to which
// noise-level friction weights are basic: on a resting stack of regularised
// coplanar contacts the friction rows' q are tangential free velocities of
// ~1e-10 m/s, the support's block solve is exact to 1e-16 on its own rows
// (long double residuals agree), and the miss is a nonbasic pyramid edge at
// w = -1e-10..-5e-10 m/s or a basic weight at -1e-10 N s. No refinement of
// the factor changes that, and neither block pivots (the swaps at this
// scale move the neighbours' tangential velocities by as much: 1 of 88
// repaired on the 10-box stack) nor Lemke from the previous basis (its
// updated B^-1, at cond(M_SS) ~ 3e6, ends at bases whose rounding is the
// same size) reliably reach the bar: over the golden LCP and impulse runs
// it did on 14 of 202 such misses (8 of 87 on the stack). The island solver
// solves them cold at once. Noise-level misses of a support with a sliding
// contact are not of this kind: Lemke from the basis solved 4 of 5 of them
// in the golden runs and all 139 over the 106,400 grasp steps of
// grasplab_bench_lemke_fallbacks. Over the golden runs the misses that
// reach Lemke from the basis start at most 6.9x or at least 16x the bar
// away; 10 sits in that gap.
inline constexpr double kNoiseMiss = 10.0;
bool NoiseLevelMiss(const SupportSolveScratch& scratch, const std::vector<std::uint8_t>& support, double q_max,
                    double tolerance);

}  // namespace grasplab
