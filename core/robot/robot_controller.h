// The control routine called for each robot before every step (Miller &
// Christensen section 5: "in every iteration of the dynamics, a control
// routine is called for each robot. This routine can be written by the
// user, but we have provided some default routines").
//
// RobotController is the interface a user implements (natively in C++; the
// browser forwards a JavaScript callback through the worker). The default,
// TrajectoryController, feeds the joints' PD controllers (World::
// SetJointController) from smooth joint trajectories (control/trajectory.h)
// and moves the robot's mount (a free-floating hand's base) along pose
// trajectories: straight-line moves, lifts and shakes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/robot/inverse_kinematics.h"
#include "core/control/trajectory.h"
#include "core/robot/robot.h"

namespace grasplab {

class RobotController {
 public:
  virtual ~RobotController() = default;
  // t: the time at the start of the coming step (s). Sets PD targets
  // (Robot::SetTarget), efforts or the mount target.
  virtual Status Update(double t, World* world, const Robot& robot) = 0;
};

// Leaves the robot's PD set points to whoever sets them between steps
// (Robot::SetTarget: the page's sliders, a script, a teleoperation device).
class ExternalController : public RobotController {
 public:
  Status Update(double, World*, const Robot&) override { return Status::Ok(); }
};

class TrajectoryController : public RobotController {
 public:
  // Holds every driven joint where it is.
  TrajectoryController(const World& world, const Robot& robot);

  // Smooth move of one driven joint (URDF value, clamped into its limits).
  void MoveJoint(const World& world, const Robot& robot, int dof, double target, double t, double duration);
  // Straight-line Cartesian move of a link's frame to X_WT: the path
  // (position along the line, orientation along the great arc, quintic time
  // scaling) is sampled `samples` times, inverse kinematics
  // (robot/inverse_kinematics.h) gives the joint values at each sample,
  // and the joints follow them through cubic Hermite interpolation
  // (continuous velocity). Fails, changing nothing, if any sample is
  // unreachable; the message says which and by how much.
  Status MoveCartesian(const World& world, const Robot& robot, const std::string& link, const Pose& X_WT, double t,
                       double duration, int samples = 20);

  // Straight-line move of the mount to X_WR (the root body's pose).
  Status MoveMount(const World& world, const Robot& robot, const Pose& target, double t, double duration);
  // Shake the mount about its current pose: displacement
  // amplitude * sin(2 pi f (t - t0)) along the unit axis, with the amplitude
  // eased in and out over the first and last quarter second.
  Status ShakeMount(const World& world, const Robot& robot, const Vec3& axis, double amplitude, double frequency,
                    double t, double duration);

  Status Update(double t, World* world, const Robot& robot) override;

  // Drops every move and holds the joints where they are now (after a
  // kinematic change such as a static auto-grasp).
  void HoldCurrent(const World& world, const Robot& robot);

  // The current set point of a driven joint (URDF value).
  double Target(int dof) const { return targets_[dof]; }

 private:
  std::vector<double> targets_;  // held set points, URDF values
  std::vector<double> cart_qdot_;  // Update's Cartesian joint rates, kept between steps
  std::vector<std::optional<JointTrajectory>> joints_;
  std::optional<PoseTrajectory> mount_;
  struct Waypoints {
    double t0 = 0.0, dt = 1.0;              // sample spacing (s)
    std::vector<int> dofs;                  // the driven joints it moves
    std::vector<std::vector<double>> q;     // per sample, per entry of dofs
  };
  std::optional<Waypoints> cartesian_;
  struct Shake {
    Pose center;
    Vec3 axis;
    double amplitude, frequency, t0, duration;
  };
  std::optional<Shake> shake_;
};

}  // namespace grasplab
