#include "core/grasp/auto_grasp.h"

#include <algorithm>
#include <limits>

namespace grasplab {
namespace {

// Links below URDF joint k (its child and the child's descendants).
void AddSubtree(const RobotModel& m, int k, std::vector<char>* in) {
  std::vector<std::string> stack{m.joints[k].child};
  while (!stack.empty()) {
    const std::string link = stack.back();
    stack.pop_back();
    (*in)[m.FindLink(link)] = 1;
    for (const UrdfJoint& j : m.joints) {
      if (j.parent == link) stack.push_back(j.child);
    }
  }
}

class Closer {
 public:
  Closer(World* world, const Robot& robot)
      : world_(*world), robot_(robot), m_(*robot.model), q_(robot.JointValues(*world)),
        X_WR_(robot.LinkPose(*world, m_.root)) {
    moving_.resize(robot.dofs.size());
    joints_of_.resize(robot.dofs.size());
    for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
      moving_[d].assign(m_.links.size(), 0);
      const int k = robot.dofs[d].urdf_joint;
      joints_of_[d].push_back(k);
      AddSubtree(m_, k, &moving_[d]);
      for (std::size_t f = 0; f < m_.joints.size(); ++f) {
        if (m_.joints[f].mimic == robot.dofs[d].name) {
          joints_of_[d].push_back(static_cast<int>(f));
          AddSubtree(m_, static_cast<int>(f), &moving_[d]);
        }
      }
    }
  }

  // Sets dof d to URDF value v (followers by their mimic rule) and places
  // its links.
  void Place(int d, double v) {
    for (int k : joints_of_[d]) {
      const UrdfJoint& j = m_.joints[k];
      q_[k] = j.mimic.empty() ? v : j.mimic_multiplier * v + j.mimic_offset;
    }
    const std::vector<Pose> X_WL = ForwardKinematics(m_, X_WR_, q_);
    for (std::size_t i = 0; i < m_.links.size(); ++i) {
      if (moving_[d][i]) (void)world_.SetBodyPose(robot_.link_body[i], Compose(X_WL[i], robot_.X_LB[i]));
    }
  }

  // The smallest separation of a contact between a link moved by d and
  // anything else (+inf without one). Contacts come from the last
  // UpdateContacts().
  double MinSeparation(int d) const {
    double best = std::numeric_limits<double>::infinity();
    for (const Contact& c : world_.contacts()) {
      const bool a = IsMoving(d, c.body_a), b = IsMoving(d, c.body_b);
      if (a != b) best = std::min(best, c.separation);
    }
    return best;
  }

 private:
  bool IsMoving(int d, BodyId body) const {
    for (std::size_t i = 0; i < m_.links.size(); ++i) {
      if (robot_.link_body[i] == body) return moving_[d][i] != 0;
    }
    return false;
  }

  World& world_;
  const Robot& robot_;
  const RobotModel& m_;
  std::vector<double> q_;
  Pose X_WR_;
  std::vector<std::vector<char>> moving_;
  std::vector<std::vector<int>> joints_of_;
};

}  // namespace

StatusOr<StaticGraspResult> AutoGraspStatic(World* world, const Robot& robot, const StaticGraspSettings& st) {
  if (!robot.model) return Status::Error(robot.name + ": no model");
  const double thr = world->settings().contact_threshold;
  const int n = static_cast<int>(robot.dofs.size());
  StaticGraspResult r;
  r.closed.resize(n);
  r.touching.assign(n, false);
  std::vector<char> active(n, 0);
  bool any = false;
  for (int d = 0; d < n; ++d) {
    r.closed[d] = robot.Position(*world, d);
    active[d] = robot.dofs[d].closes;
    any = any || active[d];
  }
  if (!any) return Status::Error(robot.name + ": no joint is marked to close (URDF <grasplab close=...>)");
  world->UpdateContacts();
  Closer closer(world, robot);
  for (; r.iterations < st.max_iterations; ++r.iterations) {
    bool moved = false;
    for (int d = 0; d < n; ++d) {
      if (!active[d]) continue;
      const RobotDof& dof = robot.dofs[d];
      const double limit = dof.close_direction > 0 ? dof.upper : dof.lower;
      const double step = dof.is_prismatic ? st.step_distance : st.step_angle;
      const double prev = r.closed[d];
      double next = prev + dof.close_direction * step;
      if (dof.has_limits) next = dof.close_direction > 0 ? std::min(next, limit) : std::max(next, limit);
      closer.Place(d, next);
      world->UpdateContacts();
      double sep = closer.MinSeparation(d);
      if (sep < 0.0) {
        // Bisect back into (0, threshold]: the last non-penetrating value.
        double lo = prev, hi = next;
        for (int k = 0; k < 40 && !(sep >= 0.0 && sep <= thr); ++k) {
          const double mid = 0.5 * (lo + hi);
          closer.Place(d, mid);
          world->UpdateContacts();
          sep = closer.MinSeparation(d);
          (sep < 0.0 ? hi : lo) = mid;
        }
        next = lo;
        closer.Place(d, lo);
        world->UpdateContacts();
      }
      r.closed[d] = next;
      moved = true;
      if (sep <= thr) {
        active[d] = 0;
        r.touching[d] = true;
      } else if (dof.has_limits && next == limit) {
        active[d] = 0;
      }
    }
    if (!moved) break;
  }
  world->UpdateContacts();
  for (int d = 0; d < n; ++d) {
    if (robot.dofs[d].max_effort > 0.0) {
      if (Status s = robot.SetTarget(world, d, r.closed[d]); !s.ok()) return s;
    }
  }
  return r;
}

void AutoGraspDynamic(TrajectoryController* controller, const World& world, const Robot& robot, double t,
                      double duration) {
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    const RobotDof& dof = robot.dofs[d];
    if (!dof.closes || dof.max_effort <= 0.0) continue;
    controller->MoveJoint(world, robot, static_cast<int>(d), dof.close_direction > 0 ? dof.upper : dof.lower, t,
                          duration);
  }
}

void OpenHand(TrajectoryController* controller, const World& world, const Robot& robot, double t, double duration) {
  for (std::size_t d = 0; d < robot.dofs.size(); ++d) {
    const RobotDof& dof = robot.dofs[d];
    if (!dof.closes || dof.max_effort <= 0.0) continue;
    controller->MoveJoint(world, robot, static_cast<int>(d), dof.close_direction > 0 ? dof.lower : dof.upper, t,
                          duration);
  }
}

}  // namespace grasplab
