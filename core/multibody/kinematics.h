// Forward kinematics and velocities of a tree (Featherstone 2008, Table 5.1's
// first pass): the stage every tree algorithm here starts from.
#pragma once

#include "core/math/types.h"
#include "core/multibody/articulated_data.h"

namespace grasplab {

// From joint positions q (rad or m) and rates qd, the base's pose X_W0 in
// the world and its velocity v_base ([w; v of the base origin], base frame):
// i_X_parent, i_X_W, the world motion axes s_W, the body velocities v_i =
// i_X_parent v_parent + S_i qd_i and c_i = v_i x S_i qd_i.
void UpdateKinematics(const ArticulatedModel& model, const double* q, const double* qd, const Pose& X_W0,
                      const SpatialVector& v_base, ArticulatedData* data);
// Its two halves: the transforms and world axes (X_0W, i_X_parent, i_X_W,
// s_W), a function of q and X_W0 only; then the velocities (v_base, v_i,
// c_i), which read i_X_parent. UpdateKinematics is the one, then the other.
void UpdatePositions(const ArticulatedModel& model, const double* q, const Pose& X_W0, ArticulatedData* data);
void UpdateVelocities(const ArticulatedModel& model, const double* qd, const SpatialVector& v_base,
                      ArticulatedData* data);

// Body i's frame in the world (x_W = X_WB x_B) after UpdateKinematics.
inline Pose BodyPoseWorld(const ArticulatedData& data, int i) {
  const SpatialTransform& X = data.X_W[i];
  Pose X_WB;
  X_WB.p = X.r;
  X_WB.q = Quat(X.E.transpose());
  return X_WB;
}

// Body i's twist in the world (about the world origin, [w; v_O]) after
// UpdateKinematics: the base's twist V_base_W plus s_W[j] qd[j] for i and
// its ancestors; i < 0 is the base itself.
inline SpatialVector BodyTwistWorld(const ArticulatedModel& model, const ArticulatedData& data, int i, const double* qd,
                                    const SpatialVector& V_base_W) {
  SpatialVector V = V_base_W;
  for (int j = i; j >= 0; j = model.parent(j)) V += data.s_W[j] * qd[j];
  return V;
}

// The joint-space image J^T F of a wrench F_W = [n; f] (N m about the world
// origin, N; world coordinates) applied to body i: entry j is s_W[j] . F_W
// for j = i and its ancestors, added into g (n entries).
void AddJointSpaceWrench(const ArticulatedModel& model, const ArticulatedData& data, int body,
                         const SpatialVector& F_W, double* g);

}  // namespace grasplab
