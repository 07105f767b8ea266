// The robot controller of a teleoperated hand (issue 21): each step it
// advances the command filter (control/teleop_filter.h) by h with the held
// operator input, moves the robot's mount (the free-floating hand's weld to
// its anchor, World::SetMountTarget) to the filtered wrist pose, and maps the
// filtered closure c_f in [0, 1] onto the closing joints' PD set points:
//
//   q_d = q_open,d + c_f (q_closed,d - q_open,d),
//   q_dot_d = (q_closed,d - q_open,d) (c_f^{n+1} - c_f^n) / h,
//
// q_open,d the joint's set point when teleoperation took the robot (what the
// trajectory controller held) and q_closed,d its limit in the auto-grasp's
// closing direction (URDF <grasplab close=...>, grasp/auto_grasp.h). The
// effort-limited PD controllers then squeeze as the dynamic auto-grasp does:
// closure 1 on an object presses with at most the joints' effort limits.
//
// Mount convention as TrajectoryController's moves: the target is the pose
// at the start of the step with the step's mean twist, so after the step
// the wrist is at the next filtered pose (plus the weld's error correction).
#pragma once

#include <vector>

#include "core/control/teleop_command.h"
#include "core/control/teleop_filter.h"
#include "core/robot/robot_controller.h"

namespace grasplab {

class TeleopController : public RobotController {
 public:
  // Takes the robot where it is: the wrist at its root body's pose, the
  // fingers at `held`'s set points (closure 0). h: the scene's step (s).
  TeleopController(const World& world, const Robot& robot, const TrajectoryController& held,
                   const TeleopLimits& limits, double h);

  void SetInput(const TeleopInput& input) { input_ = input; }
  const TeleopInput& input() const { return input_; }
  const TeleopFilterState& filter() const { return state_; }

  Status Update(double t, World* world, const Robot& robot) override;

 private:
  TeleopLimits limits_;
  double h_;
  TeleopInput input_;
  TeleopFilterState state_;
  struct Closing {
    int dof;
    double open, closed;  // URDF values
  };
  std::vector<Closing> closing_;
};

}  // namespace grasplab
