#include "core/control/robot_controller.h"

#include <algorithm>

#include "core/math/det_math.h"

namespace grasplab {

TrajectoryController::TrajectoryController(const World& world, const Robot& robot) {
  targets_.resize(robot.dofs.size());
  joints_.resize(robot.dofs.size());
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) targets_[d] = robot.Position(world, static_cast<int>(d));
}

void TrajectoryController::HoldCurrent(const World& world, const Robot& robot) {
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    targets_[d] = robot.Position(world, static_cast<int>(d));
    joints_[d].reset();
  }
}

void TrajectoryController::MoveJoint(const World& world, const Robot& robot, int dof, double target, double t,
                                     double duration) {
  const RobotDof& d = robot.dofs[dof];
  if (d.has_limits) target = std::clamp(target, d.lower, d.upper);
  JointTrajectory tr;
  tr.t0 = t;
  tr.duration = std::max(duration, 1e-3);
  // Start from the current set point if a move is under way, else from
  // where the joint is: no jump in the PD target either way.
  tr.q0 = joints_[dof] ? targets_[dof] : robot.Position(world, dof);
  tr.q1 = target;
  joints_[dof] = tr;
}

Status TrajectoryController::MoveMount(const World& world, const Robot& robot, const Pose& target, double t,
                                       double duration) {
  if (robot.mount < 0 || world.body_def(world.joint_def(robot.mount).parent).collides) {
    return Status::Error(robot.name + ": only a free-floating robot (mounted on an anchor) can move its base");
  }
  PoseTrajectory tr;
  tr.t0 = t;
  tr.duration = std::max(duration, 1e-3);
  tr.from = world.pose(robot.root_body);
  tr.to = target;
  mount_ = tr;
  shake_.reset();
  return Status::Ok();
}

Status TrajectoryController::ShakeMount(const World& world, const Robot& robot, const Vec3& axis, double amplitude,
                                        double frequency, double t, double duration) {
  if (robot.mount < 0 || world.body_def(world.joint_def(robot.mount).parent).collides) {
    return Status::Error(robot.name + ": only a free-floating robot (mounted on an anchor) can shake its base");
  }
  if (!(axis.norm() > 0.0) || !IsFinite(amplitude) || !(frequency > 0.0) || !(duration > 0.0)) {
    return Status::Error(robot.name + ": shake needs a non-zero axis, a finite amplitude and positive frequency and duration");
  }
  shake_ = Shake{world.pose(robot.root_body), axis.normalized(), amplitude, frequency, t, duration};
  mount_.reset();
  return Status::Ok();
}

Status TrajectoryController::Update(double t, World* world, const Robot& robot) {
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    if (robot.dofs[d].max_effort <= 0.0) continue;
    double qdot = 0.0;
    if (joints_[d]) {
      joints_[d]->Sample(t, &targets_[d], &qdot);
      if (joints_[d]->Finished(t)) joints_[d].reset();
    }
    if (Status s = robot.SetTarget(world, static_cast<int>(d), targets_[d], qdot); !s.ok()) return s;
  }
  if (mount_) {
    Pose X;
    Vec3 v, w;
    mount_->Sample(t, &X, &v, &w);
    if (Status s = world->SetMountTarget(robot.mount, X, v, w); !s.ok()) return s;
    if (mount_->Finished(t)) mount_.reset();
  } else if (shake_) {
    const Shake& k = *shake_;
    const double tau = t - k.t0;
    // Envelope e(t): eased in over the first 0.25 s and out over the last.
    const double ramp = std::min(0.25, 0.5 * k.duration);
    double s1, d1, dd1, s2, d2, dd2;
    QuinticScaling(tau / ramp, &s1, &d1, &dd1);
    QuinticScaling((k.duration - tau) / ramp, &s2, &d2, &dd2);
    const double e = s1 * s2, de = (d1 * s2 - s1 * d2) / ramp;
    double sn, cs;
    DetSinCos(2.0 * kPi * k.frequency * tau, &sn, &cs);
    const double x = k.amplitude * e * sn;
    const double xdot = k.amplitude * (de * sn + e * 2.0 * kPi * k.frequency * cs);
    Pose X = k.center;
    X.p += x * k.axis;
    if (Status s = world->SetMountTarget(robot.mount, X, xdot * k.axis, Vec3::Zero()); !s.ok()) return s;
    if (tau >= k.duration) shake_.reset();
  }
  return Status::Ok();
}

}  // namespace grasplab
