// Joints between two bodies (Miller & Christensen section 2.2, eqs. 7-9, 14,
// 16): velocity-level equality rows J^T v = e_j, joint limits as unilateral
// rows, passive coupling, and joint friction.
//
// Rows per type (world frame; P = parent, C = child; the parent may be
// static, i.e. the world):
//   revolute  (5): the anchors coincide (3 linear rows) and the axes stay
//                  aligned (2 angular rows about t1, t2 perpendicular to the
//                  axis); free: rotation about the axis.
//   prismatic (5): the relative orientation is locked (3 angular rows) and
//                  the child's anchor stays on the parent's axis line (2
//                  linear rows along t1, t2); free: translation along it.
//   fixed     (6): 3 linear + 3 angular.
//   coupled   (+1): q_dot - ratio * q_dot(master) = 0, the paper's 6th row
//                  for passively coupled joints (Barrett-style fingers).
// Each row's target is the error correction of eq. 16, e = -gamma dp / h,
// with dp the row's position error (m or rad).
//
// Coordinates: q = 0 in the configuration the joint was created in; a
// revolute q is the rotation of C relative to P about the axis (rad, right-
// handed), unwrapped across turns; a prismatic q is the child anchor's
// displacement along the axis (m). Limits [lower, upper] are in q.
//
// Joint friction (eq. 14), tau = c sgn(q_dot) + v q_dot: the Coulomb part
// is a bounded impulse |f| <= c h in the island LCP (maximal dissipation, so
// a joint sticks exactly while the other torques stay below c; the paper's
// explicit c sgn(q_dot) chatters instead); the viscous part and the motor
// effort are applied with the external impulses, equal and opposite on the
// two bodies.
#pragma once

#include <string>

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/dynamics/body.h"
#include "core/math/types.h"

namespace grasplab {

// JointId: core/base/ids.h

enum class JointType { kRevolute, kPrismatic, kFixed };
const char* JointTypeName(JointType type);

struct JointDef {
  std::string name;
  JointType type = JointType::kRevolute;
  BodyId parent = -1;             // may be static (the world)
  BodyId child = -1;              // dynamic
  Vec3 anchor_W = Vec3::Zero();   // m, joint origin at the creation poses
  Vec3 axis_W = Vec3::UnitZ();    // rotation (revolute) or translation (prismatic) axis
  bool has_limits = false;
  double lower = 0.0;             // rad or m
  double upper = 0.0;
  double coulomb_friction = 0.0;  // c of eq. 14: N m (revolute) or N (prismatic), >= 0
  double viscous_friction = 0.0;  // v of eq. 14: N m s/rad or N s/m, >= 0
  JointId coupled_to = -1;        // master joint (same type), or -1
  double coupling_ratio = 1.0;    // q_dot = ratio * q_dot(master)
  bool collide_connected = false; // let parent and child collide
};

// `field` prefixes messages ("joints[2]"). Bodies are checked by the World.
Status ValidateJointDef(const JointDef& def, const std::string& field);

// The joint's geometry fixed in its two bodies' frames at creation.
struct JointFrames {
  Vec3 p_P = Vec3::Zero();   // anchor in the parent frame
  Vec3 p_C = Vec3::Zero();   // anchor in the child frame
  Vec3 a_P = Vec3::UnitZ();  // axis in the parent frame
  Quat q_PC0 = Quat::Identity();  // child orientation relative to parent at creation
};

JointFrames MakeJointFrames(const JointDef& def, const Pose& X_WP, const Pose& X_WC);

// Current coordinate from the poses: rad (revolute, in (-pi, pi], the caller
// unwraps) or m (prismatic); 0 for fixed joints.
double JointCoordinate(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC);

}  // namespace grasplab

#include <vector>

#include "core/base/jacobian_row.h"

namespace grasplab {

// The rate row of the joint coordinate: q_dot = row . v (island-local body
// indices P and C, -1 for a static side).
JacobianRow JointRateRow(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC, int local_P,
                         int local_C);

// Appends the joint's equality rows (5 or 6, header comment) with their
// eq. 16 targets -gamma dp / h.
void AppendJointRows(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC, int local_P,
                     int local_C, double h, double gamma, std::vector<JacobianRow>* rows,
                     std::vector<double>* targets);

}  // namespace grasplab
