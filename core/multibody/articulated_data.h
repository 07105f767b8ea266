// The working arrays of the tree algorithms (kinematics, CRBA, LTDL, RNEA,
// ABA, the operational-space inverse inertia), sized once for a model and
// reused step after step: running them allocates nothing. Like MuJoCo's
// mjData beside mjModel.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "core/multibody/articulated_model.h"
#include "core/multibody/spatial.h"

namespace grasplab {

using SpatialMatrix = Eigen::Matrix<double, 6, 6>;

struct ArticulatedData {
  explicit ArticulatedData(const ArticulatedModel& model);
  ArticulatedData() = default;

  int n = 0;
  // Kinematics (UpdateKinematics).
  SpatialTransform X_0W;               // the base frame from the world: 0_X_W
  SpatialVector v_base = SpatialVector::Zero();  // the base's velocity, base frame
  std::vector<SpatialTransform> X_up;  // i_X_parent(q_i)
  std::vector<SpatialTransform> X_W;   // i_X_W (world to body i)
  std::vector<SpatialVector> s_W;      // S_i in world coordinates (about the world origin)
  std::vector<SpatialVector> v;        // body velocities, body frames
  std::vector<SpatialVector> c;        // v_i x S_i qd_i (velocity-product acceleration)
  // CRBA and LTDL: H (n x n, row-major, symmetric), then its factor
  // H = L^T D L in `ltdl` (L_ij below the diagonal for j an ancestor of i,
  // D on the diagonal, other entries +0).
  std::vector<double> H;
  std::vector<double> ltdl;
  std::vector<SpatialInertia> Ic;      // composite inertias
  // RNEA.
  std::vector<SpatialVector> a, f;
  // ABA.
  std::vector<SpatialMatrix> IA;       // articulated inertias
  std::vector<SpatialVector> pA, U;    // bias forces, I^A S
  std::vector<double> d, u;            // S^T U, tau - S^T pA
  // Scratch of the operational-space routines.
  std::vector<double> x, y;
};

}  // namespace grasplab
