#include "core/collision/sphere_plane.h"

namespace grasplab {

bool CollideSpherePlane(const SphereShape& sphere, const Pose& X_WA, const Pose& X_WB,
                        double margin, Contact* contact) {
  const Vec3 n_W = X_WB.q * Vec3::UnitZ();  // plane normal points out of B, towards A
  const double centre_height = n_W.dot(X_WA.p - X_WB.p);
  const double separation = centre_height - sphere.radius;
  if (separation >= margin) return false;
  contact->n_W = n_W;
  contact->separation = separation;
  // Midway between the sphere's lowest point and its projection on the plane.
  contact->p_W = X_WA.p - n_W * (sphere.radius + 0.5 * separation);
  return true;
}

}  // namespace grasplab
