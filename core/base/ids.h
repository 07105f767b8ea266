// Indices that name the engine's objects, in the base layer so that
// collision, dynamics and solvers can all name bodies and joints without
// including one another. Every index is a position in a World's arrays
// (0-based, in creation order); -1 means "none".
#pragma once

namespace grasplab {

using BodyId = int;      // a body of the World (dynamics/body.h)
using JointId = int;     // a joint of the World (dynamics/joint.h)
using MaterialId = int;  // a material of the World's MaterialTable (dynamics/material.h)

}  // namespace grasplab
