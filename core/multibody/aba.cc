#include "core/multibody/aba.h"

namespace grasplab {

void ForwardDynamics(const ArticulatedModel& model, ArticulatedData* data, const double* tau,
                     const SpatialVector& a_base, const SpatialVector* f_ext, double* qdd) {
  ArticulatedData& d = *data;
  const int n = model.dof();
  for (int i = 0; i < n; ++i) {
    const SpatialInertia& I = model.bodies[i].inertia;
    d.IA[i] = I.Matrix();
    d.pA[i] = CrossForce(d.v[i], I.Apply(d.v[i]));
    if (f_ext != nullptr) d.pA[i] -= f_ext[i];
  }
  for (int i = n - 1; i >= 0; --i) {
    const SpatialVector S = model.MotionSubspace(i);
    d.U[i] = d.IA[i] * S;
    d.d[i] = S.dot(d.U[i]);
    d.u[i] = tau[i] - S.dot(d.pA[i]);
    const int p = model.parent(i);
    if (p < 0) continue;
    const SpatialMatrix Ia = d.IA[i] - d.U[i] * d.U[i].transpose() / d.d[i];
    const SpatialVector pa = d.pA[i] + Ia * d.c[i] + d.U[i] * (d.u[i] / d.d[i]);
    const SpatialMatrix X = d.X_up[i].Matrix();
    d.IA[p] += X.transpose() * Ia * X;
    d.pA[p] += d.X_up[i].TransposeForce(pa);
  }
  for (int i = 0; i < n; ++i) {
    const int p = model.parent(i);
    const SpatialVector a = d.X_up[i].ApplyMotion(p < 0 ? a_base : d.a[p]) + d.c[i];
    qdd[i] = (d.u[i] - d.U[i].dot(a)) / d.d[i];
    d.a[i] = a + model.MotionSubspace(i) * qdd[i];
  }
}

}  // namespace grasplab
