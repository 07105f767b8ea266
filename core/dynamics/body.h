// What the user asks for when adding a rigid body to a World.
//
// A dynamic body's frame B sits at its centre of mass (Miller & Christensen,
// section 3.1: "a body frame located at the center of mass"). Static bodies
// are obstacles: they collide but are outside the dynamics.
#pragma once

#include <optional>
#include <string>

#include "core/base/ids.h"
#include "core/base/status.h"
#include "core/dynamics/material.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

// BodyId: core/base/ids.h

struct BodyDef {
  std::string name;
  Shape shape = SphereShape{0.05};
  bool is_static = false;
  double mass = 1.0;             // kg, > 0 for dynamic bodies
  std::optional<Mat3> inertia;   // kg m^2 about the COM in B; from the shape if empty
  Pose X_WB;                     // initial pose; q_WB must be normalisable
  Vec3 v_WB = Vec3::Zero();      // m/s, COM velocity in W
  Vec3 w_WB = Vec3::Zero();      // rad/s, angular velocity in W
  MaterialId material = 0;       // index in the World's MaterialTable
  bool collides = true;          // false: never in a contact (a robot's mounting anchor)
};

// A static ground plane named "ground": the half-space below z (m), normal +z.
BodyDef GroundPlane(double z = 0.0);

// The largest coordinate a body may be placed at (m) and the largest linear
// (m/s) or angular (rad/s) speed it may be given: beyond them squared
// distances and the solver's products leave double precision's useful range
// long before they overflow. A scene is a bench top, not a planet.
inline constexpr double kMaxCoordinate = 1e4;
inline constexpr double kMaxSpeed = 1e4;

// Checks a definition before it reaches the state: finite numbers, mass > 0,
// positions within kMaxCoordinate and speeds within kMaxSpeed,
// a normalisable quaternion (it is normalised on insertion), a symmetric
// positive-definite inertia if one is given, planes only on static bodies.
// `field` prefixes the messages ("bodies[3]").
Status ValidateBodyDef(const BodyDef& def, const std::string& field);

}  // namespace grasplab
