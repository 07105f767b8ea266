#include "core/multibody/kinematics.h"

namespace grasplab {

void UpdateKinematics(const ArticulatedModel& model, const double* q, const double* qd, const Pose& X_W0,
                      const SpatialVector& v_base, ArticulatedData* data) {
  UpdatePositions(model, q, X_W0, data);
  UpdateVelocities(model, qd, v_base, data);
}

void UpdatePositions(const ArticulatedModel& model, const double* q, const Pose& X_W0, ArticulatedData* data) {
  ArticulatedData& d = *data;
  d.X_0W = TransformFromPose(X_W0);
  for (int i = 0; i < model.dof(); ++i) {
    const int p = model.parent(i);
    d.X_up[i] = JointTransform(model.bodies[i], q[i]);
    d.X_W[i] = (p < 0 ? d.X_0W : d.X_W[p]).Then(d.X_up[i]);
    d.s_W[i] = d.X_W[i].InverseMotion(model.MotionSubspace(i));
  }
}

void UpdateVelocities(const ArticulatedModel& model, const double* qd, const SpatialVector& v_base,
                      ArticulatedData* data) {
  ArticulatedData& d = *data;
  d.v_base = v_base;
  for (int i = 0; i < model.dof(); ++i) {
    const int p = model.parent(i);
    const SpatialVector vJ = model.MotionSubspace(i) * qd[i];
    d.v[i] = d.X_up[i].ApplyMotion(p < 0 ? v_base : d.v[p]) + vJ;
    d.c[i] = CrossMotion(d.v[i], vJ);
  }
}

void AddJointSpaceWrench(const ArticulatedModel& model, const ArticulatedData& data, int body,
                         const SpatialVector& F_W, double* g) {
  for (int j = body; j >= 0; j = model.parent(j)) g[j] += data.s_W[j].dot(F_W);
}

}  // namespace grasplab
