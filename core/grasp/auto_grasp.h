// Auto-grasp (Miller & Christensen section 6): close a hand's fingers on an
// object.
//
// Static (kinematic, no dynamics; GraspIt!'s auto-grasp): every closing
// joint (URDF <grasplab close=...>) advances towards its closed limit by the
// same step each iteration (step_angle rad, or step_distance m for a
// prismatic joint), with its mimic followers; the links it moves are
// placed by forward kinematics and checked for contact. A joint stops when
// one of its links touches anything (within the contact threshold, found
// by bisecting the last step so nothing interpenetrates), or at its limit.
// The PD targets are then set to the final values, so dynamics can start
// from the grasp.
//
// Dynamic: every closing joint gets a smooth trajectory to its closed limit
// over `duration`; the effort-limited PD controllers follow it until the
// fingers are stopped by contact forces, and keep squeezing with at most
// their effort limits (the handset of the paper's Figure 3).
#pragma once

#include <vector>

#include "core/robot/robot_controller.h"
#include "core/robot/robot.h"

namespace grasplab {

struct StaticGraspSettings {
  double step_angle = 0.005;     // rad per iteration
  double step_distance = 0.0005; // m per iteration
  int max_iterations = 2000;
};

struct StaticGraspResult {
  std::vector<double> closed;       // per dof: URDF value reached
  std::vector<bool> touching;       // per dof: stopped by contact (not by its limit)
  int iterations = 0;
};

StatusOr<StaticGraspResult> AutoGraspStatic(World* world, const Robot& robot, const StaticGraspSettings& settings = {});

// Starts the closing trajectories at time t.
void AutoGraspDynamic(TrajectoryController* controller, const World& world, const Robot& robot, double t,
                      double duration);

// Opens every closing joint (to the other limit) over `duration`.
void OpenHand(TrajectoryController* controller, const World& world, const Robot& robot, double t, double duration);

}  // namespace grasplab
