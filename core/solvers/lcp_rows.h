// The contact LCP's unknowns and rows as the island solver lays them out
// (solvers/lcp_solver.cc; Miller & Christensen eq. 21): where each unknown
// sits, and every H row as a combination of at most two base rows. Shared
// by the solver and the warm start's range-space block solve
// (solvers/support_range_solve.h).
#pragma once

#include <vector>

#include "core/base/jacobian_row.h"

namespace grasplab {

// Where each unknown of eq. 21's LCP sits: [c_l (p), c_n (q), beta (q u),
// joint friction beta+- (2 f), lambda (q), joint friction lambda (f)].
struct LcpLayout {
  int p = 0, q = 0;    // limit rows, contacts
  int ut = 0, u = 0;   // friction columns per contact: u tangential, plus 2 torsional
  int f = 0;           // joint-friction rows
  int mh = 0, mb = 0;  // H rows, base rows
  int n = 0;           // LCP size
  int beta0 = 0, lambda0 = 0, jbeta0 = 0, jlambda0 = 0;
};

// H rows: limits, normals, friction directions (eq. 18's l, n, D), and
// their right-hand sides b (the LCP's q entries without H v_c). Every row
// is a combination of at most two base rows: a contact's u pyramid edges
// d_k = cos_k t1 + sin_k t2 of its two tangent rows, the torsional pair and
// each joint-friction pair +-1 times one row. The joints are eliminated on
// the base rows (3 per contact instead of 1 + u), and
//   H A H^T = T (B A B^T) T^T,   H = T B,
// costs a few flops per entry of the LCP matrix instead of the reduction's
// 12 + (joint rows) (reduced_island.h).
struct Combination {
  int a = -1, b = -1;  // base rows
  double ca = 1.0, cb = 0.0;
};
struct LcpRows {
  std::vector<JacobianRow> base;
  std::vector<Combination> T;
  std::vector<double> rhs;
  // The pyramid edges' (cos_k, sin_k), k < u: every contact's T rows
  // beta0 + c u + k (FrictionDirectionTable).
  const double* edge_cos = nullptr;
  const double* edge_sin = nullptr;
};

}  // namespace grasplab
