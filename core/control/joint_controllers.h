// PD control of joints (Miller & Christensen section 5), as the World keeps
// it: per joint, the gains, the set point and the last effort. The law
//   tau = kp (q_t - q') + kd (q_dot_t - q_dot'),   |tau| <= max_effort,
// is evaluated at the end of the step (q' = q + h q_dot'), not explicitly at
// its start as in the paper, which keeps stiff gains on light finger links
// stable at h = 2.5 ms. It enters each island's problem as a bounded row
// (solvers/lcp_solver.h IslandSystem) along the joint's rate row with
//   target velocity  v_t = (kp (q_t - q) + kd q_dot_t) / (kd + h kp),
//   compliance       c   = 1 / (h (kd + h kp)),
//   bound            |f| <= max_effort h,
// so the contact forces and the motor are solved together.
// Units: kp N m/rad or N/m, kd N m s/rad or N s/m, efforts N m or N.
#pragma once

#include <string>
#include <vector>

#include "core/base/ids.h"
#include "core/base/status.h"

namespace grasplab {

struct PdGains {
  double kp = 0.0;          // >= 0
  double kd = 0.0;          // >= 0, not both 0
  double max_effort = 0.0;  // > 0
};

// The caller's names for the three gains in messages ("robots[0].controller.gains.j1.maxEffort").
struct PdGainNames {
  std::string kp = "kp";
  std::string kd = "kd";
  std::string max_effort = "max_effort";
};

// Finite and in range; messages are `field + "." + name + ": ..."`.
Status ValidatePdGains(const PdGains& gains, const std::string& field, const PdGainNames& names = {});

struct JointController {
  bool enabled = false;
  PdGains gains;
  double target_position = 0.0;  // q_t, rad or m
  double target_velocity = 0.0;  // q_dot_t, rad/s or m/s
  double effort = 0.0;           // the last step's PD effort, within +-max_effort
};

// The bounded row of the law above for a joint at q over a step h.
struct PdMotorRow {
  double target_velocity = 0.0;  // v_t
  double compliance = 0.0;       // c
  double bound = 0.0;            // max_effort h (N m s or N s)
};
PdMotorRow MotorRow(const JointController& c, double q, double h);

class JointControllers {
 public:
  void Resize(int joint_count) { controllers_.resize(joint_count); }
  const JointController& operator[](JointId j) const { return controllers_[j]; }
  // Turns the controller on with these (validated) gains; a controller
  // switched on starts holding the joint where it is (q_t = q, q_dot_t = 0).
  void Enable(JointId j, const PdGains& gains, double current_position);
  void Disable(JointId j) { controllers_[j] = {}; }
  void SetTarget(JointId j, double position, double velocity);
  void SetEffort(JointId j, double effort) { controllers_[j].effort = effort; }

 private:
  std::vector<JointController> controllers_;
};

}  // namespace grasplab
