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
  // The velocities before this step's external impulses (gravity, drag,
  // joint forces): v_W - v_pre_W is what the step adds outside the
  // contacts, spread over the substeps of PgsSettings::substeps.
  Vec3 v_pre_W = Vec3::Zero();
  Vec3 w_pre_W = Vec3::Zero();
  // Substeps (PgsSettings::substeps): how far the substeps moved the body
  // beyond h times its end velocity, as a velocity over the step, h v_move =
  // sum_k h_k v_k - h v_end (m/s, rad/s; 0 without). The World moves the pose
  // by h v_move at the step's end (world/integrate_positions.h), so that
  // with the next step's h v_end the body ends where its substeps took it.
  Vec3 v_move_W = Vec3::Zero();
  Vec3 w_move_W = Vec3::Zero();

  // Velocity of the material point at p (m/s).
  Vec3 PointVelocity(const Vec3& p) const { return v_W + w_W.cross(p - p_W); }
  // Applies impulse J (N s) at point p.
  void ApplyImpulse(const Vec3& J, const Vec3& p) {
    v_W += inv_mass * J;
    w_W += inv_I_W * (p - p_W).cross(J);
  }
};

}  // namespace grasplab
