#include "core/multibody/articulated_data.h"

namespace grasplab {

ArticulatedData::ArticulatedData(const ArticulatedModel& model) : n(model.dof()) {
  X_up.resize(n);
  X_W.resize(n);
  s_W.assign(n, SpatialVector::Zero());
  v.assign(n, SpatialVector::Zero());
  c.assign(n, SpatialVector::Zero());
  H.assign(static_cast<std::size_t>(n) * n, 0.0);
  ltdl.assign(static_cast<std::size_t>(n) * n, 0.0);
  Ic.resize(n);
  a.assign(n, SpatialVector::Zero());
  f.assign(n, SpatialVector::Zero());
  IA.assign(n, SpatialMatrix::Zero());
  pA.assign(n, SpatialVector::Zero());
  U.assign(n, SpatialVector::Zero());
  d.assign(n, 0.0);
  u.assign(n, 0.0);
  x.assign(n, 0.0);
  y.assign(n, 0.0);
}

}  // namespace grasplab
