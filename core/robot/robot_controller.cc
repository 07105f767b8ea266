#include "core/robot/robot_controller.h"

#include <algorithm>

#include "core/math/det_math.h"

namespace grasplab {

TrajectoryController::TrajectoryController(const World& world, const Robot& robot) {
  targets_.resize(robot.dofs.size());
  joints_.resize(robot.dofs.size());
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) targets_[d] = robot.Position(world, static_cast<int>(d));
}

void TrajectoryController::HoldCurrent(const World& world, const Robot& robot) {
  cartesian_.reset();
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

Status TrajectoryController::MoveCartesian(const World& world, const Robot& robot, const std::string& link_name,
                                           const Pose& X_WT, double t, double duration, int samples) {
  const RobotModel& m = *robot.model;
  const int link = m.FindLink(link_name);
  if (link < 0) return Status::Error(robot.name + ": no link named \"" + link_name + "\"");
  if (!(duration > 0.0) || samples < 2 || samples > 1000) {
    return Status::Error(robot.name + ": a Cartesian move needs a duration > 0 and 2 to 1000 samples");
  }
  std::vector<double> q = robot.JointValues(world);
  const Pose X_WR = robot.LinkPose(world, m.root);
  PoseTrajectory path;
  path.t0 = 0.0;
  path.duration = 1.0;
  path.from = ForwardKinematics(m, X_WR, q)[link];
  path.to = X_WT;
  Waypoints w;
  w.t0 = t;
  w.dt = duration / (samples - 1);
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) w.dofs.push_back(static_cast<int>(d));
  for (int i = 0; i < samples; ++i) {
    Pose X;
    Vec3 v, om;
    path.Sample(static_cast<double>(i) / (samples - 1), &X, &v, &om);
    const IkResult ik = SolveIk(m, X_WR, link, X, q);
    if (!ik.reached) {
      return Status::Error(robot.name + ": Cartesian move of \"" + link_name + "\": sample " + std::to_string(i) +
                           " of " + std::to_string(samples) + " is " + ik.message);
    }
    q = ik.q;
    std::vector<double> row;
    for (const RobotDof& dof : robot.dofs) row.push_back(q[dof.urdf_joint]);
    w.q.push_back(std::move(row));
  }
  cartesian_ = std::move(w);
  for (auto& j : joints_) j.reset();
  return Status::Ok();
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
  std::vector<double>& cart_qdot = cart_qdot_;
  cart_qdot.assign(robot.dofs.size(), 0.0);
  if (cartesian_) {
    // Cubic Hermite through the samples, slopes by central differences
    // (zero at both ends): continuous position and velocity.
    const Waypoints& w = *cartesian_;
    const int last = static_cast<int>(w.q.size()) - 1;
    const double u = std::clamp((t - w.t0) / w.dt, 0.0, static_cast<double>(last));
    const int i = std::min(static_cast<int>(u), last - 1);
    const double s = u - i, s2 = s * s, s3 = s2 * s;
    for (std::size_t c = 0; c < w.dofs.size(); ++c) {
      auto slope = [&](int k) {
        if (k <= 0 || k >= last) return 0.0;
        return 0.5 * (w.q[k + 1][c] - w.q[k - 1][c]);
      };
      const double p0 = w.q[i][c], p1 = w.q[i + 1][c], m0 = slope(i), m1 = slope(i + 1);
      targets_[w.dofs[c]] = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1;
      cart_qdot[w.dofs[c]] = ((6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1) / w.dt;
    }
    if (t - w.t0 >= last * w.dt) cartesian_.reset();
  }
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    if (robot.dofs[d].max_effort <= 0.0) continue;
    double qdot = cart_qdot[d];
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
