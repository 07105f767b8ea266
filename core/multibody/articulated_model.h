// A robot as a kinematic tree in joint coordinates (the "reduced"
// formulation; Chardonnet et al., seed 003, section 3.1: the free
// acceleration by Featherstone's algorithm, eq. 1): a base whose motion is
// prescribed (a static root, or a mount moved along a trajectory) and one
// body per revolute or prismatic joint. Fixed joints do not make bodies:
// their child links ride on the parent's body, inertia merged. Free objects
// are not in a tree; they keep their 6-DOF maximal coordinates.
//
// Numbering: bodies 0..n-1 in depth-first order from the base (the builders,
// robot/urdf_tree.h and world/articulated_trees.h, follow their joint
// order), so parent(i) < i (-1: the base). Body i carries
// degree of freedom i (one per body: q_i in rad or m, the URDF value).
// Body i's frame is its joint's frame (for a URDF, the child link's frame at q = 0),
// so its joint transform is
//   i_X_parent(q_i) = X_J(q_i) X_T(i),
// X_T(i) the joint's placement in the parent body (constant) and
// X_J(q) a rotation by q about the joint axis (revolute) or a translation by
// q along it (prismatic); the motion subspace in body i is
//   S_i = [a_i; 0] (revolute) or [0; a_i] (prismatic), a_i the unit axis.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"
#include "core/multibody/spatial.h"

namespace grasplab {

enum class TreeJointType { kRevolute, kPrismatic };

struct TreeBody {
  std::string name;        // the joint's name (messages)
  int parent = -1;         // body index, < this body's; -1: the base
  TreeJointType type = TreeJointType::kRevolute;
  Vec3 axis = Vec3::UnitZ();  // unit, in this body's frame
  SpatialTransform X_T;       // this body's frame at q = 0 from its parent's: i_X_parent(0)
  SpatialInertia inertia;     // about this body's origin, its axes (merged fixed children)
};

struct ArticulatedModel {
  std::vector<TreeBody> bodies;
  SpatialInertia base_inertia;  // the base's own (its motion is prescribed; reported, not used)
  // Filled by robot/urdf_tree.h. Per URDF link: the body it rides on (-1:
  // the base) and its frame in that body's frame (x_body = X_BL x_link).
  std::vector<int> link_body;
  std::vector<Pose> X_BL;
  // Per URDF joint: its body (movable) or -1 (fixed).
  std::vector<int> joint_body;
  // Per body: the joint it moves (a URDF joint, or a World JointId).
  std::vector<int> body_joint;

  int dof() const { return static_cast<int>(bodies.size()); }
  int parent(int i) const { return bodies[i].parent; }
  // Motion subspace S_i in body i's frame.
  SpatialVector MotionSubspace(int i) const {
    const TreeBody& b = bodies[i];
    return b.type == TreeJointType::kRevolute ? MakeSpatial(b.axis, Vec3::Zero()) : MakeSpatial(Vec3::Zero(), b.axis);
  }
};

// i_X_parent(q) = X_J(q) X_T(i).
SpatialTransform JointTransform(const TreeBody& body, double q);

}  // namespace grasplab
