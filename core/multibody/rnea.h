// Inverse dynamics by the recursive Newton-Euler algorithm (Featherstone
// 2008, Table 5.1): the joint forces tau (N m or N) that give accelerations
// qdd, tau = H(q) qdd + C(q, qd) - J^T f_ext. Gravity enters as a fictitious
// base acceleration (Featherstone section 5.3): pass
//   a_base = 0_X_W [0; -g] + the base's own spatial acceleration (base frame).
// With qdd = 0 this is the bias C (Chardonnet et al. eq. 1's b + g).
#pragma once

#include "core/multibody/articulated_data.h"

namespace grasplab {

// After UpdateKinematics. f_ext: per body, a spatial force in the body's
// frame (N m about its origin, N), or nullptr for none. Writes n entries of
// tau; uses data->a and data->f.
void InverseDynamics(const ArticulatedModel& model, ArticulatedData* data, const double* qdd,
                     const SpatialVector& a_base, const SpatialVector* f_ext, double* tau);

// The base acceleration that stands for gravity g_W (m/s^2, world) plus the
// base's own spatial acceleration a_W (world coordinates about the world
// origin; zero for a static base), in base coordinates.
inline SpatialVector BaseAcceleration(const ArticulatedData& data, const Vec3& g_W,
                                      const SpatialVector& a_W = SpatialVector::Zero()) {
  return data.X_0W.ApplyMotion(a_W - MakeSpatial(Vec3::Zero(), g_W));
}

}  // namespace grasplab
