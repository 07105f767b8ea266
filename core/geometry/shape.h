// Collision and mass geometry of a body, expressed in the body frame B.
//
// Shapes are plain values (a closed std::variant), so a scene model can be
// copied and compared, and the narrow phase dispatches on the alternative.
// Sign convention: a Plane is the half-space z <= 0 of its body frame; its
// outward normal is +z of B. It is only allowed on static bodies.
#pragma once

#include <string>
#include <variant>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

struct PlaneShape {};

struct SphereShape {
  double radius = 0.0;  // m, > 0
};

using Shape = std::variant<PlaneShape, SphereShape>;

// Name used in messages and in the scene format ("plane", "sphere").
const char* ShapeTypeName(const Shape& shape);

// Rejects non-finite, zero or negative dimensions. `field` names the shape in
// the message (for example "bodies[2].shape").
Status ValidateShape(const Shape& shape, const std::string& field);

// Inertia tensor about the centroid, in the shape frame, for a solid of the
// given mass (kg); kg m^2. Planes have no finite inertia (static only).
Mat3 SolidInertia(const Shape& shape, double mass);

}  // namespace grasplab
