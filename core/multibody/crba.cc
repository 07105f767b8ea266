#include "core/multibody/crba.h"

#include <algorithm>

namespace grasplab {

void ComputeMassMatrix(const ArticulatedModel& model, ArticulatedData* data) {
  ArticulatedData& d = *data;
  const int n = model.dof();
  std::fill(d.H.begin(), d.H.end(), 0.0);
  for (int i = 0; i < n; ++i) d.Ic[i] = model.bodies[i].inertia;
  // Children have larger indices, so a descending sweep finishes each
  // composite inertia before it is passed on to the parent.
  for (int i = n - 1; i >= 0; --i) {
    const int p = model.parent(i);
    if (p >= 0) d.Ic[p] += d.Ic[i].ExpressedIn(d.X_up[i]);
    SpatialVector F = d.Ic[i].Apply(model.MotionSubspace(i));
    d.H[static_cast<std::size_t>(i) * n + i] = model.MotionSubspace(i).dot(F);
    for (int j = i; model.parent(j) >= 0;) {
      F = d.X_up[j].TransposeForce(F);
      j = model.parent(j);
      const double h = model.MotionSubspace(j).dot(F);
      d.H[static_cast<std::size_t>(i) * n + j] = h;
      d.H[static_cast<std::size_t>(j) * n + i] = h;
    }
  }
}

}  // namespace grasplab
