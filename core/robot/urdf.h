// Robot models from URDF (ROS Unified Robot Description Format): links with
// inertials and collision geometry (box, sphere, cylinder, and OBJ/STL
// meshes, taken as their convex hull), joints (revolute, continuous,
// prismatic, fixed) with limits, effort limits, damping, friction and
// mimic (which becomes the paper's passive coupling, Miller & Christensen
// eq. 7's sixth row).
//
// Extension (ignored by other URDF readers): a joint may hold
//   <grasplab kp="..." kd="..." close="upper|lower"/>
// giving its PD gains (N m/rad, N m s/rad or N/m, N s/m) and the direction
// an auto-grasp closes it (towards its upper or lower limit). Driven joints
// without gains get the defaults kp = 5 * effort, kd = 0.1 * effort (per
// rad or m).
//
// Extension for grasp planning (docs/planning.md): the robot may hold one
//   <grasplab_hand approach="x y z">
//     <eigengrasp name="close"><joint name="j1" value="1"/>...</eigengrasp>
//     ...
//     <eigengrasp_origin><joint name="j1" value="-0.8"/>...</eigengrasp_origin>
//   </grasplab_hand>
// approach: the direction the palm faces, in the root link's frame (unit
// after normalising). Each eigengrasp is a direction in the space of the
// driven joints (not mimics; joints not named have weight 0), after
// Ciocarlie & Allen's eigengrasps: a posture is
//   q = clamp(q_origin + sum_i a_i e_i, limits)
// with the amplitudes a_i the planner searches. The origin names URDF
// values for some driven joints; the others start at their open limit
// (the one auto-grasp closes away from) when they close, else at the
// middle of their limits (0 without limits). At most 8 eigengrasps.
//
// Unsupported elements (transmission, gazebo, safety_controller, ...) and
// unsupported attributes produce a warning naming the element and line;
// malformed input is an error naming the file, line, element and problem.
// Numbers are checked (finite, masses and sizes > 0, inertia positive
// definite, axis non-zero). Meshes must stay inside the assets folder.
#pragma once

#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct UrdfGeometry {
  Shape shape;  // sphere, box, cylinder (along z) or convex (a mesh's hull)
  Pose X_LG;    // in the link frame
};

struct UrdfLink {
  std::string name;
  int line = 0;
  bool has_inertial = false;
  double mass = 0.0;                    // kg
  Pose X_LI;                            // inertial frame in the link frame (COM, principal-ish axes)
  Mat3 I_I = Mat3::Zero();              // kg m^2 about the COM in the inertial frame
  std::vector<UrdfGeometry> collisions;
  std::vector<UrdfGeometry> visuals;    // parsed and checked; the viewer draws collisions
};

enum class UrdfJointType { kRevolute, kContinuous, kPrismatic, kFixed };

struct UrdfJoint {
  std::string name;
  int line = 0;
  UrdfJointType type = UrdfJointType::kFixed;
  std::string parent, child;
  Pose X_PJ;                 // joint frame in the parent link frame (origin xyz rpy)
  Vec3 axis = Vec3::UnitX(); // unit, in the joint frame
  bool has_limits = false;   // revolute and prismatic (continuous: never)
  double lower = 0.0, upper = 0.0;  // rad or m
  double effort = 0.0;       // N m or N, 0 = not given
  double velocity = 0.0;     // rad/s or m/s, 0 = not given
  double damping = 0.0;      // viscous, N m s/rad or N s/m
  double friction = 0.0;     // Coulomb, N m or N
  std::string mimic;         // master joint, or empty
  double mimic_multiplier = 1.0;
  double mimic_offset = 0.0;
  std::optional<double> kp, kd;  // <grasplab> gains
  bool closes = false;           // <grasplab close=...> given: auto-grasp closes this joint
  int close_direction = +1;      // +1 towards upper, -1 towards lower
};

struct UrdfEigengrasp {
  std::string name;
  int line = 0;
  std::vector<std::pair<int, double>> weights;  // (URDF joint index, weight), driven joints, file order
};

struct UrdfHand {
  int line = 0;
  Vec3 approach = -Vec3::UnitZ();                // unit, root link frame
  std::vector<UrdfEigengrasp> eigengrasps;       // 1 to kMaxEigengrasps
  std::vector<std::pair<int, double>> origin;    // (URDF joint index, URDF value) as given
};

inline constexpr int kMaxEigengrasps = 8;

struct RobotModel {
  std::string name;
  std::string file;
  std::vector<UrdfLink> links;    // in file order
  std::vector<UrdfJoint> joints;  // in file order
  std::vector<std::string> warnings;
  int root = 0;                   // index of the link that is nobody's child
  std::optional<UrdfHand> hand;   // <grasplab_hand>: eigengrasps for the planner

  int FindLink(const std::string& link) const;
  int FindJoint(const std::string& joint) const;
  // The joint whose child is this link, or -1 for the root.
  int ParentJoint(const std::string& link) const;
};

struct UrdfLoadOptions {
  // Folder of the URDF file, for relative mesh paths, and the assets root
  // that meshes must stay inside. Empty asset_root: meshes are refused.
  std::string base_dir;
  std::string asset_root;
};

inline constexpr int kMaxUrdfLinks = 256;

// `file` names the model in messages.
StatusOr<RobotModel> ParseUrdf(std::string_view text, const std::string& file, const UrdfLoadOptions& options = {});
StatusOr<RobotModel> LoadUrdfFile(const std::string& path, const UrdfLoadOptions& options = {});

// Rotation from URDF roll-pitch-yaw (fixed axes x, then y, then z):
// R = Rz(yaw) Ry(pitch) Rx(roll).
Quat QuatFromRpy(double roll, double pitch, double yaw);

}  // namespace grasplab
