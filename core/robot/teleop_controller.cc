#include "core/robot/teleop_controller.h"

namespace grasplab {

TeleopController::TeleopController(const World& world, const Robot& robot, const TrajectoryController& held,
                                   const TeleopLimits& limits, double h)
    : limits_(limits), h_(h) {
  state_ = StartTeleopFilter(world.pose(robot.root_body), 0.0, limits_);
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    const RobotDof& dof = robot.dofs[d];
    if (!dof.closes || dof.max_effort <= 0.0 || !dof.has_limits) continue;
    closing_.push_back({static_cast<int>(d), held.Target(static_cast<int>(d)),
                        dof.close_direction > 0 ? dof.upper : dof.lower});
  }
}

Status TeleopController::Update(double, World* world, const Robot& robot) {
  const TeleopFilterState before = state_;
  AdvanceTeleopFilter(input_, limits_, h_, &state_);
  // The step's mean twist: dp / h, and from dq = q_f^{n+1} (q_f^n)^* the
  // angular velocity 2 vec(dq) / h (exact to O(angle^3), only + - * /).
  const Vec3 v = (state_.X_f.p - before.X_f.p) / h_;
  Quat dq = state_.X_f.q * before.X_f.q.conjugate();
  if (dq.w() < 0.0) dq.coeffs() = -dq.coeffs();
  const Vec3 w = (2.0 / h_) * dq.vec();
  if (robot.mount >= 0) {
    if (Status s = world->SetMountTarget(robot.mount, before.X_f, v, w); !s.ok()) return s;
  }
  const double dc = (state_.closure_f - before.closure_f) / h_;
  for (const Closing& c : closing_) {
    const double q = c.open + state_.closure_f * (c.closed - c.open);
    if (Status s = robot.SetTarget(world, c.dof, q, (c.closed - c.open) * dc); !s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace grasplab
