// Stage "integrate positions" of the step: Miller & Christensen, section 4,
// steps 1-2 (eqs. 10-12).
//
// The pose of a body is q = [p; e] with Euler parameters e = [q4 q5 q6 q7] =
// [w x y z]. Its rate is q_dot = G v with the 7x6 matrix
//     G = [ I3   0      ]
//         [ 0    B R^T  ]                                        (eq. 11)
// where R^T turns the world angular velocity into the body frame and B (4x3,
// eq. 10) maps a body-frame angular velocity to e_dot. The step is explicit:
//     q^{l+1} = q^l + h G v^l,                                   (eq. 12)
// followed by renormalising e (the linearisation leaves |e| = 1 + O(h^2)).
#pragma once

#include <Eigen/Core>

#include "core/math/types.h"

namespace grasplab {

// B of eq. 10 for Euler parameters e = (w, x, y, z).
Eigen::Matrix<double, 4, 3> EulerParameterRateMatrix(const Quat& e);

// G of eq. 11 (rows: p_dot (3), e_dot (4); columns: v (3), w (3)).
Eigen::Matrix<double, 7, 6> PoseRateMatrix(const Quat& e);

// e_dot = (1/2) (0, w) e for a world-frame angular velocity w (rad/s),
// written into out[0..3] as (w, x, y, z): the Euler parameters' rate in the
// state derivative of the penalty model's Runge-Kutta substeps.
inline void QuaternionRate(const Quat& q, const Vec3& w, double* out) {
  out[0] = 0.5 * (-w.x() * q.x() - w.y() * q.y() - w.z() * q.z());
  out[1] = 0.5 * (w.x() * q.w() + w.y() * q.z() - w.z() * q.y());
  out[2] = 0.5 * (w.y() * q.w() + w.z() * q.x() - w.x() * q.z());
  out[3] = 0.5 * (w.z() * q.w() + w.x() * q.y() - w.y() * q.x());
}

// Advances one body's pose by eq. 12 and renormalises its quaternion.
// v_WB in m/s, w_WB in rad/s, h in s.
void AdvancePose(double h, const Vec3& v_WB, const Vec3& w_WB, Pose* X_WB);

}  // namespace grasplab
