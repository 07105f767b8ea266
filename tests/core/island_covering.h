// The island solver's first covering vector for Lemke (lcp_solver.cc,
// SolveWithRetries): 1 on the impulse rows, 0.1 on the lambda rows (the
// rows with a zero diagonal). Shared by the warm-start tests and the Lemke
// kernel benchmark, which solve recorded island LCPs outside the solver.
#pragma once

#include <Eigen/Core>

#include "core/solvers/lemke.h"

namespace grasplab {

inline LemkeSettings IslandCovering(const Eigen::MatrixXd& M) {
  LemkeSettings ls;
  ls.covering.assign(M.rows(), 1.0);
  for (int i = 0; i < M.rows(); ++i) {
    if (M(i, i) == 0.0) ls.covering[i] = 0.1;
  }
  return ls;
}

}  // namespace grasplab
