// A body as the velocity-level solvers see it during one step: its inverse
// mass and world inverse inertia at q^{l+1}, and the velocity being solved for.
// Static bodies have inv_mass = 0 and inv_I_W = 0, so impulses do not move them.
#pragma once

#include "core/math/types.h"

namespace grasplab {

struct VelocityBody {
  double inv_mass = 0.0;           // 1/kg
  Mat3 inv_I_W = Mat3::Zero();     // 1/(kg m^2), world frame
  Vec3 p_W = Vec3::Zero();         // COM, m
  Vec3 v_W = Vec3::Zero();         // m/s
  Vec3 w_W = Vec3::Zero();         // rad/s

  // Velocity of the material point at p (m/s).
  Vec3 PointVelocity(const Vec3& p) const { return v_W + w_W.cross(p - p_W); }
  // Applies impulse J (N s) at point p.
  void ApplyImpulse(const Vec3& J, const Vec3& p) {
    v_W += inv_mass * J;
    w_W += inv_I_W * (p - p_W).cross(J);
  }
};

}  // namespace grasplab
