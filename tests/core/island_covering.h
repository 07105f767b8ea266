// The island solver's first covering vector for Lemke (lcp_solver.cc,
// SolveWithRetries): 1 on the impulse rows, 0.1 on the lambda rows (the
// rows with a zero diagonal). Shared by the warm-start tests and the Lemke
// kernel benchmark, which solve recorded island LCPs outside the solver.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/solvers/lemke.h"

namespace grasplab {

// The impulse rows (limits, normals, friction weights: G + eps I, symmetric
// positive definite, SupportSolveScratch::spd_rows) come first; the lambda
// rows after them have a zero diagonal.
inline int IslandImpulseRows(const Eigen::MatrixXd& M) {
  int mh = 0;
  while (mh < M.rows() && M(mh, mh) != 0.0) ++mh;
  return mh;
}

inline LemkeSettings IslandCovering(const Eigen::MatrixXd& M) {
  LemkeSettings ls;
  ls.covering.assign(M.rows(), 1.0);
  for (int i = 0; i < M.rows(); ++i) {
    if (M(i, i) == 0.0) ls.covering[i] = 0.1;
  }
  return ls;
}

// The island solver's RepairSupport groups (lcp_solver.cc, RepairGroups)
// read back from M: the rows each lambda column (zero diagonal) couples to
// with a 1, i.e. one contact's pyramid weights or one joint friction's pair
// (torsional pairs, off in the recorded scenes, would join their contact's
// group here). Rows outside every group: -1.
inline std::vector<int> IslandGroups(const Eigen::MatrixXd& M) {
  const int n = static_cast<int>(M.rows());
  std::vector<int> groups(n, -1);
  const int mh = IslandImpulseRows(M);
  for (int j = mh; j < n; ++j) {
    for (int i = 0; i < mh; ++i) {
      if (M(i, j) == 1.0) groups[i] = j - mh;
    }
  }
  return groups;
}

}  // namespace grasplab
