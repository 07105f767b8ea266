// Smooth trajectories for joint and mount set points (Miller & Christensen
// section 5: "a trajectory generator creates ... a continuous velocity and
// acceleration profile").
//
// Quintic time scaling: s(tau) = 10 tau^3 - 15 tau^4 + 6 tau^5 for
// tau = (t - t0) / T in [0, 1], so position, velocity and acceleration are
// continuous, with zero velocity and acceleration at both ends. A joint
// moves q(t) = q0 + (q1 - q0) s(tau); a pose moves its position along the
// straight line and its orientation along the shortest great arc (slerp,
// from sqrt and DetAtan2 only) with the same s(tau).
#pragma once

#include "core/math/types.h"

namespace grasplab {

// s, ds/dtau and d2s/dtau2 at tau (clamped into [0, 1]).
void QuinticScaling(double tau, double* s, double* ds, double* dds);

struct JointTrajectory {
  double t0 = 0.0, duration = 1.0;  // s, duration > 0
  double q0 = 0.0, q1 = 0.0;        // rad or m
  // Set point and its rate at time t (held at q1 after the end).
  void Sample(double t, double* q, double* qdot) const;
  bool Finished(double t) const { return t >= t0 + duration; }
};

struct PoseTrajectory {
  double t0 = 0.0, duration = 1.0;
  Pose from, to;
  // Pose, linear velocity of its origin and angular velocity at time t.
  void Sample(double t, Pose* X, Vec3* v, Vec3* w) const;
  bool Finished(double t) const { return t >= t0 + duration; }
};

}  // namespace grasplab
