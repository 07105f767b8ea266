#include "core/robot/robot.h"

#include <memory>

#include "core/base/format.h"
#include "core/math/det_math.h"

namespace grasplab {

int Robot::FindDof(const std::string& joint) const {
  for (std::size_t i = 0; i < dofs.size(); ++i) {
    if (dofs[i].name == joint) return static_cast<int>(i);
  }
  return -1;
}

bool Robot::OwnsBody(BodyId b) const {
  for (BodyId x : link_body) {
    if (x == b) return true;
  }
  return false;
}

std::vector<double> Robot::JointValues(const World& world) const {
  std::vector<double> q(joint_id.size(), 0.0);
  for (std::size_t k = 0; k < joint_id.size(); ++k) {
    if (model->joints[k].type != UrdfJointType::kFixed) q[k] = world.joint_position(joint_id[k]) + joint_q0[k];
  }
  return q;
}

Status Robot::SetTarget(World* world, int dof, double position, double velocity) const {
  const RobotDof& d = dofs[dof];
  if (d.max_effort <= 0.0) return Status::Error(name + "/" + d.name + ": passive joint (no effort limit), cannot be driven");
  if (d.has_limits) position = std::min(std::max(position, d.lower), d.upper);
  return world->SetJointTarget(d.joint, position - d.q0, velocity);
}

namespace {

// The joint's motion at URDF value q, in the joint frame.
Pose JointMotion(const UrdfJoint& j, double q) {
  Pose X;
  if (j.type == UrdfJointType::kRevolute || j.type == UrdfJointType::kContinuous) {
    double s, c;
    DetSinCos(0.5 * q, &s, &c);
    X.q = Quat(c, s * j.axis.x(), s * j.axis.y(), s * j.axis.z());
  } else if (j.type == UrdfJointType::kPrismatic) {
    X.p = q * j.axis;
  }
  return X;
}

}  // namespace

std::vector<Pose> ForwardKinematics(const RobotModel& model, const Pose& X_WR, const std::vector<double>& q) {
  const int n = static_cast<int>(model.links.size());
  std::vector<Pose> X(n);
  std::vector<char> done(n, 0);
  X[model.root] = X_WR;
  done[model.root] = 1;
  // Joints may be listed in any order: sweep until every link is placed.
  for (int pass = 0; pass < n; ++pass) {
    bool progress = false;
    for (std::size_t k = 0; k < model.joints.size(); ++k) {
      const UrdfJoint& j = model.joints[k];
      const int p = model.FindLink(j.parent), c = model.FindLink(j.child);
      if (!done[p] || done[c]) continue;
      X[c] = Compose(Compose(X[p], j.X_PJ), JointMotion(j, q[k]));
      done[c] = 1;
      progress = true;
    }
    if (!progress) break;
  }
  return X;
}

namespace {

// Initial URDF values: given, checked against the limits; mimics follow.
StatusOr<std::vector<double>> InitialJointValues(const RobotModel& model, const RobotPlacement& pl,
                                                 const std::string& field) {
  const int nj = static_cast<int>(model.joints.size());
  std::vector<double> q(nj, 0.0);
  for (const auto& [name, value] : pl.initial) {
    const int k = model.FindJoint(name);
    if (k < 0) return Status::Error(field + ".joints." + name + ": the model has no joint named \"" + name + "\"");
    const UrdfJoint& j = model.joints[k];
    if (j.type == UrdfJointType::kFixed) return Status::Error(field + ".joints." + name + ": a fixed joint has no value");
    if (!j.mimic.empty()) {
      return Status::Error(field + ".joints." + name + ": mimics \"" + j.mimic + "\"; set that joint instead");
    }
    if (!IsFinite(value)) return Status::Error(field + ".joints." + name + ": must be finite");
    if (j.has_limits && (value < j.lower - 1e-12 || value > j.upper + 1e-12)) {
      return Status::Error(field + ".joints." + name + ": " + FormatNumber(value) + " is outside the limits [" +
                           FormatNumber(j.lower) + ", " + FormatNumber(j.upper) + "]");
    }
    q[k] = value;
  }
  for (int k = 0; k < nj; ++k) {
    const UrdfJoint& j = model.joints[k];
    if (!j.mimic.empty()) q[k] = j.mimic_multiplier * q[model.FindJoint(j.mimic)] + j.mimic_offset;
  }
  return q;
}

// One body per link at its forward-kinematics pose (the root static when it
// has no <inertial> and is not attached); a link never touches its ancestors
// (a proximal phalanx and the palm overlap at the knuckle by design), links
// of different branches (two fingers) do touch.
Status AddLinkBodies(World* world, const RobotModel& model, const RobotPlacement& pl, const std::vector<Pose>& X_WL,
                     bool static_root, const std::string& field, Robot* robot) {
  robot->link_body.assign(model.links.size(), -1);
  for (std::size_t i = 0; i < model.links.size(); ++i) {
    const UrdfLink& link = model.links[i];
    const bool is_root = static_cast<int>(i) == model.root;
    BodyDef b;
    b.name = pl.name + "/" + link.name;
    b.material = pl.material;
    if (!link.has_inertial && !(is_root && static_root)) {
      return Status::Error(model.file + ":" + std::to_string(link.line) + ": <link> \"" + link.name +
                           "\": a moving link needs <inertial> with a mass");
    }
    b.is_static = is_root && static_root;
    const Pose X_LB = link.has_inertial ? link.X_LI : Pose{};
    robot->X_LB[i] = X_LB;
    b.X_WB = Compose(X_WL[i], X_LB);
    if (link.has_inertial) {
      b.mass = link.mass;
      b.inertia = link.I_I;
    }
    const Pose X_BL = Inverse(X_LB);
    if (link.collisions.empty()) {
      b.shape = SphereShape{1e-3};
      b.collides = false;
      robot->warnings.push_back(model.file + ":" + std::to_string(link.line) + ": <link> \"" + link.name +
                                "\" has no <collision>: it will not touch anything");
    } else {
      auto pieces = std::make_shared<std::vector<CompoundPiece>>();
      for (const UrdfGeometry& g : link.collisions) pieces->push_back({g.shape, Compose(X_BL, g.X_LG)});
      b.shape = CompoundShape{std::move(pieces)};
    }
    auto id = world->AddBody(b);
    if (!id.ok()) return Status::Error(field + ": link \"" + link.name + "\": " + id.status().message());
    robot->link_body[i] = id.value();
  }
  robot->root_body = robot->link_body[model.root];
  for (std::size_t i = 0; i < model.links.size(); ++i) {
    // The model is a tree (ParseUrdf checks): the walk reaches the root.
    for (int up = model.ParentJoint(model.links[i].name); up >= 0; up = model.ParentJoint(model.joints[up].parent)) {
      const BodyId ancestor = robot->link_body[model.FindLink(model.joints[up].parent)];
      GL_TRY(world->ExcludeCollision(robot->link_body[i], ancestor));
    }
  }
  return Status::Ok();
}

// One world joint per URDF joint, at q = 0 in the initial pose (limits
// shifted by the initial value); mimics become coupled joints.
Status AddLinkJoints(World* world, const RobotModel& model, const RobotPlacement& pl, const std::vector<Pose>& X_WL,
                     const std::vector<double>& q, const std::string& field, Robot* robot) {
  const int nj = static_cast<int>(model.joints.size());
  robot->joint_id.assign(nj, -1);
  robot->joint_q0 = q;
  for (int k = 0; k < nj; ++k) {
    const UrdfJoint& j = model.joints[k];
    const int p = model.FindLink(j.parent), c = model.FindLink(j.child);
    JointDef d;
    d.name = pl.name + "/" + j.name;
    d.parent = robot->link_body[p];
    d.child = robot->link_body[c];
    const Pose X_WJ = Compose(X_WL[p], j.X_PJ);
    d.anchor_W = X_WJ.p;
    d.axis_W = X_WJ.q * j.axis;
    switch (j.type) {
      case UrdfJointType::kRevolute:
      case UrdfJointType::kContinuous: d.type = JointType::kRevolute; break;
      case UrdfJointType::kPrismatic: d.type = JointType::kPrismatic; break;
      case UrdfJointType::kFixed: d.type = JointType::kFixed; break;
    }
    if (j.has_limits) {
      d.has_limits = true;
      d.lower = j.lower - q[k];
      d.upper = j.upper - q[k];
    }
    d.viscous_friction = j.damping;
    d.coulomb_friction = j.friction;
    if (!j.mimic.empty()) {
      const int m = model.FindJoint(j.mimic);
      if (robot->joint_id[m] < 0) {
        return Status::Error(model.file + ":" + std::to_string(j.line) + ": joint \"" + j.name +
                             "\" must come after the joint it mimics, \"" + j.mimic + "\"");
      }
      d.coupled_to = robot->joint_id[m];
      d.coupling_ratio = j.mimic_multiplier;
    }
    auto id = world->AddJoint(d);
    if (!id.ok()) return Status::Error(field + ": joint \"" + j.name + "\": " + id.status().message());
    robot->joint_id[k] = id.value();
  }
  return Status::Ok();
}

// The driven joints (moving, not mimics) with their PD gains: the model's,
// overridden by the placement's; a PD controller on each with an effort.
Status AddDrivenJoints(World* world, const RobotModel& model, const RobotPlacement& pl, const std::vector<double>& q,
                       const std::string& field, Robot* robot) {
  const int nj = static_cast<int>(model.joints.size());
  for (int k = 0; k < nj; ++k) {
    const UrdfJoint& j = model.joints[k];
    if (j.type == UrdfJointType::kFixed || !j.mimic.empty()) continue;
    RobotDof dof;
    dof.name = j.name;
    dof.urdf_joint = k;
    dof.joint = robot->joint_id[k];
    dof.q0 = q[k];
    dof.has_limits = j.has_limits;
    dof.lower = j.lower;
    dof.upper = j.upper;
    dof.max_effort = j.effort;
    dof.kp = j.kp.value_or(5.0 * j.effort);
    dof.kd = j.kd.value_or(0.1 * j.effort);
    dof.closes = j.closes;
    dof.close_direction = j.close_direction;
    dof.is_prismatic = j.type == UrdfJointType::kPrismatic;
    for (int f = 0; f < nj; ++f) {
      if (model.joints[f].mimic == j.name) dof.followers.push_back(robot->joint_id[f]);
    }
    for (const RobotPlacement::Gains& g : pl.gains) {
      if (g.joint != j.name) continue;
      if (g.kp > 0.0) dof.kp = g.kp;
      if (g.kd > 0.0) dof.kd = g.kd;
      if (g.max_effort > 0.0) dof.max_effort = g.max_effort;
    }
    if (dof.max_effort > 0.0) {
      if (Status s = world->SetJointController(dof.joint, PdGains{dof.kp, dof.kd, dof.max_effort}); !s.ok()) {
        return Status::Error(field + ".controller." + j.name + ": " + s.message());
      }
    }
    robot->dofs.push_back(std::move(dof));
  }
  for (const RobotPlacement::Gains& g : pl.gains) {
    if (robot->FindDof(g.joint) < 0) {
      return Status::Error(field + ".controller.gains." + g.joint + ": no driven joint of that name");
    }
  }
  return Status::Ok();
}

// Welds a moving root to the body it is attached to, or to a static,
// non-colliding mount body that moves, lifts and shakes drive.
Status MountRoot(World* world, const RobotPlacement& pl, const std::string& field, Robot* robot) {
  BodyId parent = pl.attach_to;
  if (parent < 0) {
    BodyDef anchor;
    anchor.name = pl.name + "/mount";
    anchor.is_static = true;
    anchor.collides = false;
    anchor.shape = SphereShape{1e-3};
    anchor.X_WB = world->pose(robot->root_body);
    auto id = world->AddBody(anchor);
    if (!id.ok()) return id.status();
    parent = id.value();
  }
  JointDef weld;
  weld.name = pl.name + "/mount";
  weld.type = JointType::kFixed;
  weld.parent = parent;
  weld.child = robot->root_body;
  weld.anchor_W = world->pose(robot->root_body).p;
  auto id = world->AddJoint(weld);
  if (!id.ok()) return Status::Error(field + ": mount: " + id.status().message());
  robot->mount = id.value();
  return Status::Ok();
}

}  // namespace

StatusOr<Robot> AddRobot(World* world, const RobotModel& model, const RobotPlacement& pl) {
  Robot robot;
  robot.name = pl.name;
  robot.model_file = model.file;
  robot.warnings = model.warnings;
  robot.model = std::make_shared<const RobotModel>(model);
  robot.X_LB.resize(model.links.size());
  const std::string field = pl.field.empty() ? "robots." + pl.name : pl.field;
  if (!IsFinite(pl.X_WR.p) || !IsFinite(pl.X_WR.q) || std::abs(pl.X_WR.q.norm() - 1.0) > 1e-9) {
    return Status::Error(field + ": the pose must be finite with a unit quaternion");
  }
  auto q = InitialJointValues(model, pl, field);
  if (!q.ok()) return q.status();
  const std::vector<Pose> X_WL = ForwardKinematics(model, pl.X_WR, q.value());
  const bool static_root = !model.links[model.root].has_inertial && pl.attach_to < 0;
  GL_TRY(AddLinkBodies(world, model, pl, X_WL, static_root, field, &robot));
  GL_TRY(AddLinkJoints(world, model, pl, X_WL, q.value(), field, &robot));
  GL_TRY(AddDrivenJoints(world, model, pl, q.value(), field, &robot));
  if (!static_root) GL_TRY(MountRoot(world, pl, field, &robot));
  return robot;
}

}  // namespace grasplab
