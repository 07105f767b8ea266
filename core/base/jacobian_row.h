// One row of a constraint Jacobian, the unit in which joints, limits and
// contacts reach the island solver (solvers/lcp_solver.h).
#pragma once

#include <Eigen/Core>

namespace grasplab {

using Vec6 = Eigen::Matrix<double, 6, 1>;

// One row of a constraint Jacobian over up to four bodies of the island
// (two for contacts, limits and joints; three or four for a coupling row
// that ties one joint's rate to another's): the rate is
//     sum_k J[k] . [v_body[k]; w_body[k]].
// Blocks of static bodies are simply left out.
struct JacobianRow {
  static constexpr int kMaxBlocks = 4;
  int count = 0;
  int body[kMaxBlocks] = {-1, -1, -1, -1};  // island-local indices
  Vec6 J[kMaxBlocks] = {Vec6::Zero(), Vec6::Zero(), Vec6::Zero(), Vec6::Zero()};

  // Adds J to the block of `local_body` (merging with an existing block);
  // ignores static sides (local_body < 0).
  void Add(int local_body, const Vec6& j) {
    if (local_body < 0) return;
    for (int k = 0; k < count; ++k) {
      if (body[k] == local_body) {
        J[k] += j;
        return;
      }
    }
    body[count] = local_body;
    J[count] = j;
    ++count;
  }
};

}  // namespace grasplab
