// Teleoperation command filter (issue 21; the operator in the loop of
// Chardonnet et al., seed 003, section 4, and Golle et al., seed 004,
// section 1): what turns an operator's command, sampled once per step of the
// fixed time step h (Golle et al.: "a Time-Stepping integration scheme ...
// with constant step size"), into the wrist's target pose and the grasp
// closure the robot's controllers follow. Pure arithmetic on a small state,
// no World: native, WASM and Python replay a command list to the same bits.
//
// Per step n -> n+1, with the held command (v_c, w_c, c_c):
//
//   commanded pose   p_c^{n+1} = clamp_box(p_c^n + h v_c)              (m)
//                    q_c^{n+1} = normalise(q_c^n + (h/2) [0, w_c] q_c^n) (eq. 10-12 of seed 000)
//   commanded close  c_c in [0, 1] as given
//   filter           x_f^{n+1} = x_f^n + a (x_c^{n+1} - x_f^n),   a = 1 - exp(-h / tau)
//
// for x = p, c and (by normalised linear interpolation on the same side of
// the 4-sphere as q_f) q. The filter is the exact discretisation of the
// first-order low-pass tau x_f' + x_f = x_c for an input held over each
// step (zero-order hold), so a step input x_c from x_f = 0 gives
//   x_f^n = x_c (1 - (1 - a)^n) = x_c (1 - exp(-n h / tau)),
// the continuous step response at t = n h exactly (up to rounding; the
// test checks it). tau in s; tau -> 0 is no filter (a = 1).
//
// Limits: v_c is scaled to at most max_speed (m/s) and w_c to at most
// max_angular_speed (rad/s) by their norms; p_c is clamped into the
// workspace box [lo, hi] component by component. p_f is a convex
// combination of points of the box (a in (0, 1]), so it stays in the box if
// it starts there: the scene loader checks that the wrist starts inside.
// Orientation is not limited. exp and every other function here are the
// project's deterministic ones (math/det_math.h) or + - * / sqrt.
#pragma once

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

struct TeleopLimits {
  Vec3 lo = Vec3::Constant(-1.0), hi = Vec3::Constant(1.0);  // workspace box, world frame (m)
  double max_speed = 0.25;          // m/s
  double max_angular_speed = 1.5;   // rad/s
  double time_constant = 0.08;      // tau (s), >= 0
};

// What the operator holds during a step: the wrist's velocity (world frame;
// the page turns its camera-aligned input into it) and the grasp closure.
struct TeleopInput {
  Vec3 v_W = Vec3::Zero();  // m/s
  Vec3 w_W = Vec3::Zero();  // rad/s
  double closure = 0.0;     // 0 open .. 1 closed
};

struct TeleopFilterState {
  Pose X_c;              // commanded wrist pose (clamped)
  Pose X_f;              // filtered wrist pose: the robot's target
  double closure_c = 0.0, closure_f = 0.0;
};

// a = 1 - exp(-h / tau) in (0, 1]; 1 for tau = 0. h > 0, tau >= 0.
double TeleopFilterGain(double h, double tau);

// p clamped into [lo, hi] per component.
Vec3 ClampToBox(const Vec3& p, const Vec3& lo, const Vec3& hi);

// Both poses and closures at the wrist's pose X_WR and closure c (clamped
// into the box and [0, 1]).
TeleopFilterState StartTeleopFilter(const Pose& X_WR, double closure, const TeleopLimits& limits);

// One step of h (s) with the held input: the equations above.
void AdvanceTeleopFilter(const TeleopInput& input, const TeleopLimits& limits, double h, TeleopFilterState* s);

// Checks the limits (messages name "<field>.workspace.min" etc.): lo <= hi,
// finite, speeds > 0, tau in [0, 10] s.
Status ValidateTeleopLimits(const TeleopLimits& limits, const std::string& field);

}  // namespace grasplab
