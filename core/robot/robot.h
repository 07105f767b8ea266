// A robot in a World: the bodies and joints made from a RobotModel (URDF),
// and the bookkeeping between URDF joint values and World joint coordinates.
//
// Bodies: one per link, named "<robot>/<link>", its frame at the link's
// centre of mass with the inertial frame's axes (URDF <inertial>), its
// collision elements a compound shape. Joints: one World joint per URDF
// joint, "<robot>/<joint>"; mimic joints become coupled joints (Miller &
// Christensen eq. 7's sixth row), URDF damping the viscous and URDF
// friction the Coulomb joint friction of eq. 14.
//
// Coordinates: a World joint is 0 where it was created; URDF values are
// q_urdf = q_world + q0 with q0 the initial value the robot was placed
// with. Everything a user sees (targets, limits, positions) is in URDF
// values; RobotDof does the conversion.
//
// The root link is held in one of three ways: static (a root without
// <inertial> in a fixed-base robot such as an arm's base), welded by a
// mount (a fixed joint to an invisible static anchor, moved with
// World::SetMountTarget: a free-floating hand that lifts and shakes), or
// attached by a fixed joint to another body (a hand on an arm's wrist).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/robot/urdf.h"
#include "core/world/world.h"

namespace grasplab {

struct RobotPlacement {
  std::string name;              // instance name, prefixes bodies and joints
  std::string field;             // prefix of error messages ("robots[1]"); default "robots.<name>"
  Pose X_WR;                     // the root link's pose (ignored when attached)
  std::vector<std::pair<std::string, double>> initial;  // URDF joint values (rad or m)
  BodyId attach_to = -1;         // >= 0: weld the root (placed at X_WR) to this body
  MaterialId material = 0;
  // Scene-level gain overrides (PD), by URDF joint name: kp, kd, max effort;
  // a non-positive value keeps the model's.
  struct Gains {
    std::string joint;
    double kp = -1.0, kd = -1.0, max_effort = -1.0;
  };
  std::vector<Gains> gains;
};

// A driven joint: moving, not a mimic. Its followers are the joints that
// mimic it.
struct RobotDof {
  std::string name;          // URDF joint name
  int urdf_joint = -1;       // index in the model's joints
  JointId joint = -1;
  double q0 = 0.0;           // URDF value at creation
  bool has_limits = false;
  double lower = 0.0, upper = 0.0;  // URDF values
  double max_effort = 0.0;   // 0: passive (no controller)
  double kp = 0.0, kd = 0.0;
  bool closes = false;       // auto-grasp closes it
  int close_direction = +1;  // auto-grasp: +1 towards upper, -1 towards lower
  std::vector<JointId> followers;
  bool is_prismatic = false;
};

struct Robot {
  std::string name;
  std::string model_file;
  BodyId root_body = -1;
  JointId mount = -1;                 // the weld to the anchor or to attach_to, -1 if static root
  std::vector<BodyId> link_body;      // per URDF link
  std::vector<JointId> joint_id;      // per URDF joint
  std::vector<double> joint_q0;       // per URDF joint
  std::vector<RobotDof> dofs;         // driven joints, in URDF order
  std::vector<std::string> warnings;  // the model's, plus placement's
  std::shared_ptr<const RobotModel> model;
  std::vector<Pose> X_LB;             // per link: the body frame in the link frame

  int FindDof(const std::string& joint) const;
  bool OwnsBody(BodyId b) const;
  // Pose of a link's frame (not its body's centre-of-mass frame).
  Pose LinkPose(const World& world, int link) const { return Compose(world.pose(link_body[link]), Inverse(X_LB[link])); }
  // Current URDF value of every model joint (0 for fixed joints).
  std::vector<double> JointValues(const World& world) const;
  // URDF value of a driven joint.
  double Position(const World& world, int dof) const { return world.joint_position(dofs[dof].joint) + dofs[dof].q0; }
  // Sets the PD target in URDF values.
  Status SetTarget(World* world, int dof, double position, double velocity = 0.0) const;
};

StatusOr<Robot> AddRobot(World* world, const RobotModel& model, const RobotPlacement& placement);

// Link poses from forward kinematics at the given URDF joint values (per
// URDF joint; fixed joints ignored), the root at X_WR.
std::vector<Pose> ForwardKinematics(const RobotModel& model, const Pose& X_WR, const std::vector<double>& q);

}  // namespace grasplab
