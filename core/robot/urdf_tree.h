// A URDF robot as a kinematic tree in joint coordinates
// (multibody/articulated_model.h): fixed joints merged into their parents'
// bodies, one tree body per revolute, continuous or prismatic joint, in
// depth-first order following the file's joint order.
#pragma once

#include "core/base/status.h"
#include "core/multibody/articulated_model.h"
#include "core/robot/urdf.h"

namespace grasplab {

// The tree of a URDF model, rooted at its root link (the base). URDF values
// are the coordinates (q = 0 is the URDF zero, not the placement's initial
// values). Errors name the file, the joint and the problem: a movable joint
// whose subtree has no mass or no rotational inertia about the axis (the
// joint-space inertia would be singular).
StatusOr<ArticulatedModel> BuildArticulatedModel(const RobotModel& model);

}  // namespace grasplab
