#include "core/geometry/aabb.h"

#include "core/geometry/convex_hull.h"
#include "core/geometry/triangle_mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace grasplab {

// World box of a local box [lo, hi] under pose X_WS (conservative).
Aabb RotatedBox(const Vec3& lo, const Vec3& hi, const Pose& X_WS) {
  const Mat3 R = X_WS.q.toRotationMatrix();
  const Vec3 c = X_WS.Apply(0.5 * (lo + hi));
  const Vec3 e = R.cwiseAbs() * (0.5 * (hi - lo));
  return {c - e, c + e};
}

Aabb WorldAabb(const Shape& shape, const Pose& X_WS) {
  const Vec3& p = X_WS.p;
  if (std::holds_alternative<PlaneShape>(shape)) {
    const double inf = std::numeric_limits<double>::infinity();
    return {Vec3::Constant(-inf), Vec3::Constant(inf)};
  }
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    Aabb box = WorldAabb((*c->pieces)[0].shape, Compose(X_WS, (*c->pieces)[0].X_BS));
    for (const CompoundPiece& piece : *c->pieces) box = box.Union(WorldAabb(piece.shape, Compose(X_WS, piece.X_BS)));
    return box;
  }
  Vec3 e;  // half extents in world axes
  if (const auto* s = std::get_if<SphereShape>(&shape)) {
    e = Vec3::Constant(s->radius);
  } else if (const auto* b = std::get_if<BoxShape>(&shape)) {
    e = X_WS.q.toRotationMatrix().cwiseAbs() * b->half_extents;
  } else if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    const Vec3 axis = X_WS.q * Vec3::UnitZ();
    e = axis.cwiseAbs() * (0.5 * c->length) + Vec3::Constant(c->radius);
  } else if (const auto* cv = std::get_if<ConvexShape>(&shape)) {
    return RotatedBox(cv->hull->bounds_min, cv->hull->bounds_max, X_WS);
  } else if (const auto* m = std::get_if<MeshShape>(&shape)) {
    return RotatedBox(m->mesh->bounds().min, m->mesh->bounds().max, X_WS);
  } else if (const auto* t = std::get_if<TriangleShape>(&shape)) {
    return RotatedBox(t->a.cwiseMin(t->b).cwiseMin(t->c), t->a.cwiseMax(t->b).cwiseMax(t->c), X_WS);
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
