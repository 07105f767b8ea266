// Narrow phase for a sphere against a static plane (walking-skeleton physics;
// the full geometric layer grows around it).
#pragma once

#include "core/collision/contact.h"
#include "core/geometry/shape.h"

namespace grasplab {

// Returns true and fills *contact (A = sphere, B = plane) when the signed
// distance between the sphere surface and the plane is below `margin` (m).
bool CollideSpherePlane(const SphereShape& sphere, const Pose& X_WA, const Pose& X_WB,
                        double margin, Contact* contact);

}  // namespace grasplab
