#include "core/geometry/aabb.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace grasplab {

Aabb WorldAabb(const Shape& shape, const Pose& X_WS) {
  const Vec3& p = X_WS.p;
  if (std::holds_alternative<PlaneShape>(shape)) {
    const double inf = std::numeric_limits<double>::infinity();
    return {Vec3::Constant(-inf), Vec3::Constant(inf)};
  }
  Vec3 e;  // half extents in world axes
  if (const auto* s = std::get_if<SphereShape>(&shape)) {
    e = Vec3::Constant(s->radius);
  } else if (const auto* b = std::get_if<BoxShape>(&shape)) {
    e = X_WS.q.toRotationMatrix().cwiseAbs() * b->half_extents;
  } else if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    const Vec3 axis = X_WS.q * Vec3::UnitZ();
    e = axis.cwiseAbs() * (0.5 * c->length) + Vec3::Constant(c->radius);
  } else {
    // Cylinder: the axis segment's extent plus the rim disc's, whose extent
    // along world axis i is r sqrt(1 - a_i^2).
    const auto& cyl = std::get<CylinderShape>(shape);
    const Vec3 a = X_WS.q * Vec3::UnitZ();
    for (int i = 0; i < 3; ++i) {
      e[i] = std::abs(a[i]) * 0.5 * cyl.length + cyl.radius * std::sqrt(std::max(0.0, 1.0 - a[i] * a[i]));
    }
  }
  return {p - e, p + e};
}

}  // namespace grasplab
