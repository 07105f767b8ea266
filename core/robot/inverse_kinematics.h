// Inverse kinematics for a robot's serial chain (Miller & Christensen
// section 5: "the inverse kinematics of the robot are then computed for each
// sample along this path").
//
// Damped least squares (Levenberg-Marquardt): with the 6-D pose error
// e = [p_t - p ; 2 vec(q_t q^-1)] (m, rad; the rotation part is the axis
// times the sine of the angle, exact near the target), the update is
//     dq = J^T (J J^T + lambda^2 I)^-1 e,
// J the 6 x n Jacobian of the link frame with respect to the driven joints
// on the chain from the root (mimic joints follow their masters), by
// central differences of the forward kinematics. Joint limits clamp every
// iterate. Arithmetic, sqrt and DetSinCos only, with a 6 x 6 elimination of
// its own, so the answer is bit-identical natively and in WASM.
//
// A target that cannot be reached (out of the workspace, or blocked by the
// limits) is reported with the remaining error, never silently approximated.
#pragma once

#include <string>
#include <vector>

#include "core/robot/urdf.h"

namespace grasplab {

struct IkSettings {
  int max_iterations = 200;
  double position_tolerance = 1e-5;  // m
  double angle_tolerance = 1e-4;     // rad
  double damping = 1e-2;             // lambda (m, rad)
  bool orientation = true;           // false: position only (3-D error)
};

struct IkResult {
  bool reached = false;
  std::vector<double> q;        // per URDF joint (URDF values)
  double position_error = 0.0;  // m
  double angle_error = 0.0;     // rad
  int iterations = 0;
  std::string message;          // why not reached
};

// Link `link` of the model (root at X_WR) to pose X_WT, from q_start (per
// URDF joint).
IkResult SolveIk(const RobotModel& model, const Pose& X_WR, int link, const Pose& X_WT,
                 const std::vector<double>& q_start, const IkSettings& settings = {});

}  // namespace grasplab
