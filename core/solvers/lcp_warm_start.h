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
// cost is one k x k LU and a refinement step (k is about 2-3 per contact: the normal and one or
// two pyramid edges, or lambda when sliding) and one (n - k) x k product,
// against O(n^2) per pivot and dozens to hundreds of pivots for Lemke from
// z = 0. If the guess is singular, infeasible, or not accurate to
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
#include <cstdint>
#include <vector>

#include "core/math/dense_lu.h"
#include "core/solvers/lemke.h"

namespace grasplab {

// SolveLcpOnSupport's working memory, kept by the island solver between
// steps (no allocation once it has seen the largest support).
struct SupportSolveScratch {
  std::vector<int> S;
  std::vector<double> A, b, e;
  DenseLu lu;
};

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

}  // namespace grasplab
