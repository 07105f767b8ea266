// A hand's configuration as the planner searches it (planning/planner.h):
// the root link's pose from an approach direction, and the driven joints'
// posture from eigengrasp amplitudes (URDF <grasplab_hand>, robot/urdf.h;
// Ciocarlie & Allen's eigengrasps).
#pragma once

#include <utility>
#include <vector>

#include "core/math/types.h"
#include "core/robot/urdf.h"

namespace grasplab {

// Two unit vectors normal to unit u and to each other (i = 0, 1), chosen
// from u alone (the world axis least aligned with u crossed with u).
Vec3 Lateral(const Vec3& u, int i);

// The root pose that turns the hand's approach axis (root frame, unit)
// onto u (world, unit) by the shortest rotation, then rolls it by psi (rad)
// about u, with the root origin at p.
Pose HandRootPose(const Vec3& approach_R, const Vec3& u, double psi, const Vec3& p);

// Postures of a model with <grasplab_hand>: the driven joints (moving, not
// mimics) in URDF order, the same order as Robot::dofs.
class HandPosture {
 public:
  explicit HandPosture(const RobotModel& model);

  // URDF joint index of each driven joint.
  const std::vector<int>& driven() const { return driven_; }
  // The origin posture (URDF <eigengrasp_origin>, defaults in urdf.h).
  const std::vector<double>& Origin() const { return origin_; }
  // Per eigengrasp, the amplitudes [lo, hi] that keep origin + a e_i
  // within the limits of every joint it moves ([-1, 1] when none has
  // limits).
  std::vector<std::pair<double, double>> Ranges() const;
  // clamp(origin + sum_i a_i e_i, limits), per driven joint.
  std::vector<double> Driven(const std::vector<double>& amplitudes) const;
  // Every URDF joint's value (fixed 0, mimics by their rule) from the
  // driven joints' values.
  std::vector<double> JointValues(const std::vector<double>& driven) const;
  // The rate at which URDF joint k moves when its auto-grasp closes it:
  // the closing direction (+1 or -1) for a closing joint, times the
  // multiplier for a mimic of one, 0 otherwise.
  double ClosingRate(int k) const;

 private:
  const RobotModel* model_;
  std::vector<int> driven_;
  std::vector<double> origin_;
  std::vector<std::vector<double>> e_;  // per eigengrasp, per driven joint
};

}  // namespace grasplab
