// The warm start's block solve in the range of the support's rows
// (performance issue 18: the grasp step's warm-start hit).
//
// The warm start solves M_SS z_S = -q_S on the previous step's support S.
// On its impulse rows h (limits, normals, pyramid and torsional weights,
// joint-friction pairs)
//     M_hh = T_h G T_h^T + eps I + C_hh,
// G = B A B^T the base rows' Delassus matrix (mb x mb), T_h the support's
// rows of T (each H row a combination of at most two base rows; lcp_rows.h),
// eps the regularisation (LcpSolverSettings::regularization times max
// diag) and C the joint frictions' compliance. A sticking contact keeps
// several pyramid edges basic (the regularised LCP spreads the friction
// impulse over the edges that face it: the parallel jaw's supports hold 4
// of 8 edges per contact, k = 49 unknowns on mb = 33 base rows), and those
// edges span only the contact's two tangent rows: T_h has rank r <= mb < k.
//
// Per group of support rows on the same base rows (a contact's edges on
// (t1, t2), its torsional pair on tau, a joint friction's pair, each limit
// and normal alone), T_g = U_g R_g with U_g orthonormal (m_g x r_g, by
// Gram-Schmidt twice) and R_g (r_g x its base rows). With U the block
// diagonal of the U_g and U_perp its orthogonal complement,
//     M_hh = U (R G R^T + eps I + U^T C U) U^T + eps U_perp U_perp^T
// (C acts on a joint friction's pair through (+1, -1) only, inside U), so
//     M_hh^-1 r = U K^-1 U^T r + (r - U U^T r) / eps,   K = R G R^T + eps I + U^T C U,
// an r x r Cholesky (r^3 / 6) instead of the k x k one, and w = q + M_{:,S}
// z_S over all n rows from the base-row impulse y = T_h^T z_h (G y: mb r)
// instead of M's k support columns (k (mb + n) to fill, n k to multiply).
// The null-space part (r - U U^T r) / eps is rounding over eps on the
// contact LCP (a contact's edge rows of q are combinations of its two
// tangent rows), and it moves neither T_h^T z_h (the impulse the bodies
// see) nor w off the support; on the support's own rows eps times it is
// rounding again: the block's residual stays at rounding, as the dense
// Cholesky's does.
//
// The lambdas in S (a sliding contact, a joint friction at its limit) make
// M_SS = [M_hh E; F 0] unsymmetric: E's column is 1 on the lambda's
// weights, F's row -1 there and mu on the contact's normal. They are
// eliminated by their Schur complement Sc = F M_hh^-1 E (kl x kl, LU):
// x0 = M_hh^-1 r_h, Sc z_l = F x0 - r_l, z_h = M_hh^-1 (r_h - E z_l), with
// Sc's range part from forward substitutions only, (L^-1 U^T F^T)^T (L^-1
// U^T E), and its null-space part on the diagonal.
//
// The null-space part is projected twice (its rounding, divided by eps,
// would otherwise reach G through T_h^T z_h). The island solver takes this
// path when the groups shrink the impulse rows by at least kMinShrink
// unknowns (support_range_solve.cc); smaller shrinks take the dense block.
//
// The acceptance is SolveLcpOnSupport's (lcp_warm_start.h): the same bar,
// one refinement step unless the block's residual is already at
// kRefineGate times it, a basic z below -tol a miss, the clamped solution's
// natural residual over all n rows at most tol. On a miss the caller runs
// the block pivots (RepairSupport, from this solve's block) and Lemke.
#pragma once

#include <cstdint>
#include <vector>

#include "core/math/dense_cholesky.h"
#include "core/solvers/lcp_rows.h"

namespace grasplab {

struct IslandSystem;

enum class RangeSolveOutcome {
  kNotApplicable,  // a shrink below kMinShrink, a rank-deficient group, no factor of K or Sc: dense path
  kMiss,           // solved, but not an LCP solution to tol (S, b and w hold the unclamped block's)
  kHit,            // z solves the LCP to tol
};

// RangeSolveSupport's working memory, kept by the island solver between
// steps (only grown).
struct RangeSolveScratch {
  std::vector<int> S;             // support indices, increasing: kh impulse rows, then the lambdas
  int kh = 0;
  std::vector<int> coord;         // per support entry: its group's first coordinate
  std::vector<int> rank;          // per support entry: its group's rank (1 or 2)
  std::vector<double> u;          // per support entry: its row of U_g (2 entries; the second unused at rank 1)
  std::vector<int> base_a, base_b;        // per coordinate: R's base rows (base_b -1: one only)
  std::vector<double> coef_a, coef_b;     // per coordinate: R's entries on them
  std::vector<double> diag;               // per coordinate: eps + U^T C U on K's diagonal
  std::vector<double> K, r, px, px2, b, e, y, gy, w, accept_w, rh;
  // Per lambda in S: its weights' positions in S [lo, hi), its contact's
  // normal's position (-1: none, or a joint friction), mu.
  struct Border {
    int lo = 0, hi = 0, normal = -1;
    double mu = 0.0;
  };
  std::vector<Border> border;
  std::vector<double> border_a, border_b, schur;  // L^-1 U^T F^T, L^-1 U^T E (r per lambda); F M_hh^-1 E (LU)
  std::vector<int> schur_pivot;
  DenseCholesky cholesky;
};

// Solves the warm start's block on `support` in the range of its rows
// (header). G: the base rows' Delassus matrix, L.mb x L.mb row-major and
// exactly symmetric; eps: the regularisation on M's impulse diagonal; q:
// the LCP's q (L.n); tolerance: relative, as SolveLcpOnSupport's. On kHit
// writes z (L.n entries, 0 off the support) and *residual (the natural
// residual).
RangeSolveOutcome RangeSolveSupport(const IslandSystem& sys, const LcpLayout& L, const LcpRows& rows,
                                    const double* G, double eps, const double* q,
                                    const std::vector<std::uint8_t>& support, double tolerance, double* z,
                                    double* residual, RangeSolveScratch* scratch);

}  // namespace grasplab
