#include "core/multibody/rnea.h"

namespace grasplab {

void InverseDynamics(const ArticulatedModel& model, ArticulatedData* data, const double* qdd,
                     const SpatialVector& a_base, const SpatialVector* f_ext, double* tau) {
  ArticulatedData& d = *data;
  const int n = model.dof();
  for (int i = 0; i < n; ++i) {
    const int p = model.parent(i);
    const SpatialInertia& I = model.bodies[i].inertia;
    d.a[i] = d.X_up[i].ApplyMotion(p < 0 ? a_base : d.a[p]) + model.MotionSubspace(i) * qdd[i] + d.c[i];
    d.f[i] = I.Apply(d.a[i]) + CrossForce(d.v[i], I.Apply(d.v[i]));
    if (f_ext != nullptr) d.f[i] -= f_ext[i];
  }
  for (int i = n - 1; i >= 0; --i) {
    tau[i] = model.MotionSubspace(i).dot(d.f[i]);
    const int p = model.parent(i);
    if (p >= 0) d.f[p] += d.X_up[i].TransposeForce(d.f[i]);
  }
}

}  // namespace grasplab
