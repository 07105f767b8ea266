// Mouse drag (Chardonnet et al., seed 003, eq. 7): a spring-damper from a
// point p_B fixed in a body to a world target at rest,
//   f_e = k_p (x_target - x_p) - k_v x_dot_p,   k_v = sqrt(2 m k_p),
// applied at x_p each step with the external impulses (stage
// kExternalImpulses): h f_e on the body's COM velocity and the torque
// (x_p - x_B) x h f_e, from the positions q^{l+1} and velocities v^l.
// k_p in N/m, m the body's mass in kg. One drag at a time.
#pragma once

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/math/types.h"
#include "core/solvers/velocity_body.h"

namespace grasplab {

struct DragSpring {
  BodyId body = -1;  // -1: none
  Vec3 p_B = Vec3::Zero();       // m, body frame
  Vec3 target_W = Vec3::Zero();  // m, world frame
  double kp = 0.0;               // N/m
  double kv = 0.0;               // N s/m, sqrt(2 m kp)
  Vec3 force_W = Vec3::Zero();   // N, the last step's f_e
};

// A spring on `body` of mass m (kg); checks that the point and target are
// finite and kp > 0 (messages prefixed "drag: ").
StatusOr<DragSpring> MakeDragSpring(BodyId body, double mass, const Vec3& p_B, const Vec3& target_W, double kp);

// The spring constant that makes the body (mass m, kg) ring at f Hz on the
// spring alone: k_p = m (2 pi f)^2 (N/m), f in (0, 100].
StatusOr<double> DragStiffness(double mass, double frequency_hz);

// Eq. 7's impulse over h on vb, the dragged body's velocity body (at
// q^{l+1}, holding the free velocity so far), with the body's pose X_WB and
// velocities v^l (v_WB, w_WB). Records f_e in drag->force_W.
void ApplyDragSpring(const Pose& X_WB, const Vec3& v_WB, const Vec3& w_WB, double h, DragSpring* drag, VelocityBody* vb);

}  // namespace grasplab
