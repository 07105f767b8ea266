#include "core/base/format.h"
#include "core/geometry/shape.h"

#include "core/geometry/convex_hull.h"
#include "core/geometry/triangle_mesh.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grasplab {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct TypeName {
  const char* operator()(const PlaneShape&) const { return "plane"; }
  const char* operator()(const SphereShape&) const { return "sphere"; }
  const char* operator()(const BoxShape&) const { return "box"; }
  const char* operator()(const CapsuleShape&) const { return "capsule"; }
  const char* operator()(const CylinderShape&) const { return "cylinder"; }
  const char* operator()(const ConvexShape&) const { return "convex"; }
  const char* operator()(const MeshShape&) const { return "mesh"; }
  const char* operator()(const TriangleShape&) const { return "triangle"; }
  const char* operator()(const CompoundShape&) const { return "compound"; }
};

// I of a solid about its own centroid, moved to a frame where the centroid
// sits at p and the solid is rotated by R: R I R^T + m (|p|^2 1 - p p^T).
Mat3 ShiftedInertia(const Mat3& I, double m, const Mat3& R, const Vec3& p) {
  return R * I * R.transpose() + m * (p.squaredNorm() * Mat3::Identity() - p * p.transpose());
}

// "must be a finite number > 0" (or >= 0 when zero is allowed), bounded.
Status CheckDimension(double x, const std::string& field, bool zero_ok = false) {
  const bool ok = IsFinite(x) && (zero_ok ? x >= 0.0 : x > 0.0) && x <= kMaxShapeDimension;
  if (ok) return Status::Ok();
  return Status::Error(field + ": must be a finite number " + (zero_ok ? ">= 0" : "> 0") + " and <= " +
                       FormatNumber(kMaxShapeDimension) + " m, got " + FormatNumber(x));
}

}  // namespace

const char* ShapeTypeName(const Shape& shape) { return std::visit(TypeName{}, shape); }

Status ValidateShape(const Shape& shape, const std::string& field) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return CheckDimension(s->radius, field + ".radius");
  if (const auto* b = std::get_if<BoxShape>(&shape)) {
    // Reported as the scene format's full edge lengths.
    for (int i = 0; i < 3; ++i) {
      if (Status st = CheckDimension(2.0 * b->half_extents[i], field + ".size[" + std::to_string(i) + "]");
          !st.ok()) {
        return st;
      }
    }
  }
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    if (Status st = CheckDimension(c->radius, field + ".radius"); !st.ok()) return st;
    return CheckDimension(c->length, field + ".length", /*zero_ok=*/true);
  }
  if (const auto* c = std::get_if<CylinderShape>(&shape)) {
    if (Status st = CheckDimension(c->radius, field + ".radius"); !st.ok()) return st;
    return CheckDimension(c->length, field + ".length");
  }
  if (const auto* c = std::get_if<ConvexShape>(&shape)) {
    if (!c->hull) return Status::Error(field + ": convex shape has no hull");
    if (c->hull->bounding_radius > kMaxShapeDimension) {
      return Status::Error(field + ".points: must lie within " + FormatNumber(kMaxShapeDimension) +
                           " m of their centroid");
    }
  }
  if (const auto* m = std::get_if<MeshShape>(&shape)) {
    if (!m->mesh) return Status::Error(field + ": mesh shape has no mesh");
  }
  if (std::holds_alternative<TriangleShape>(shape)) {
    return Status::Error(field + ".type: 'triangle' is internal to the narrow phase, not a body shape");
  }
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    if (!c->pieces || c->pieces->empty()) return Status::Error(field + ".pieces: must have at least one piece");
    if (c->pieces->size() > static_cast<std::size_t>(kMaxCompoundPieces)) {
      return Status::Error(field + ".pieces: at most " + std::to_string(kMaxCompoundPieces) + " pieces, got " +
                           std::to_string(c->pieces->size()));
    }
    for (std::size_t i = 0; i < c->pieces->size(); ++i) {
      const CompoundPiece& piece = (*c->pieces)[i];
      const std::string f = field + ".pieces[" + std::to_string(i) + "]";
      if (std::holds_alternative<PlaneShape>(piece.shape) || std::holds_alternative<MeshShape>(piece.shape) ||
          std::holds_alternative<CompoundShape>(piece.shape)) {
        return Status::Error(f + ".shape.type: a compound piece must be a sphere, box, capsule, cylinder or "
                             "convex shape, got '" + ShapeTypeName(piece.shape) + "'");
      }
      if (Status st = ValidateShape(piece.shape, f + ".shape"); !st.ok()) return st;
      if (!IsFinite(piece.X_BS.p) || piece.X_BS.p.cwiseAbs().maxCoeff() > kMaxShapeDimension) {
        return Status::Error(f + ".position: must be finite and within " + FormatNumber(kMaxShapeDimension) + " m");
      }
      if (!IsFinite(piece.X_BS.q) || std::abs(piece.X_BS.q.norm() - 1.0) > 1e-9) {
        return Status::Error(f + ".orientation: must be a unit quaternion");
      }
    }
  }
  return Status::Ok();
}

Mat3 SolidInertia(const Shape& shape, double mass) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) {
    // I = 2/5 m r^2 about any axis through the centre.
    return Mat3::Identity() * (0.4 * mass * s->radius * s->radius);
  }
  if (const auto* b = std::get_if<BoxShape>(&shape)) {
    // I_xx = m (b^2 + c^2) / 3 with half extents a, b, c.
    const Vec3 e2 = b->half_extents.cwiseProduct(b->half_extents);
    return Vec3(e2.y() + e2.z(), e2.x() + e2.z(), e2.x() + e2.y()).asDiagonal() * (mass / 3.0);
  }
  if (const auto* c = std::get_if<CylinderShape>(&shape)) {
    // I_zz = m r^2 / 2, I_xx = m (3 r^2 + L^2) / 12.
    const double r2 = c->radius * c->radius, L2 = c->length * c->length;
    const double ixx = mass * (3.0 * r2 + L2) / 12.0;
    return Vec3(ixx, ixx, 0.5 * mass * r2).asDiagonal();
  }
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    // Cylinder (radius r, length L) plus two hemispheres of the same density,
    // each hemisphere's centroid 3r/8 from its flat face (parallel axis).
    const double r = c->radius, L = c->length;
    const double v_cyl = kPi * r * r * L, v_sph = 4.0 / 3.0 * kPi * r * r * r;
    const double m_cyl = mass * v_cyl / (v_cyl + v_sph), m_sph = mass - m_cyl;
    const double izz = 0.5 * m_cyl * r * r + 0.4 * m_sph * r * r;
    const double d = 0.5 * L + 3.0 * r / 8.0;  // hemisphere centroid from the middle
    // Each hemisphere about its own centroid: 2/5 m r^2 - m (3r/8)^2 (half-mass each).
    const double hemi_own = 0.4 * r * r - (3.0 * r / 8.0) * (3.0 * r / 8.0);
    const double ixx = m_cyl * (3.0 * r * r + L * L) / 12.0 + m_sph * (hemi_own + d * d);
    return Vec3(ixx, ixx, izz).asDiagonal();
  }
  if (const auto* c = std::get_if<ConvexShape>(&shape)) return mass * c->hull->unit_inertia;
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    const double V = ShapeVolume(shape);
    const Vec3 centroid = ShapeCentroid(shape);
    Mat3 I = Mat3::Zero();
    for (const CompoundPiece& piece : *c->pieces) {
      const double m = V > 0.0 ? mass * ShapeVolume(piece.shape) / V : 0.0;
      I += ShiftedInertia(SolidInertia(piece.shape, m), m, piece.X_BS.q.toRotationMatrix(),
                          piece.X_BS.p - centroid);
    }
    return 0.5 * (I + I.transpose());
  }
  return Mat3::Zero();
}

double ShapeVolume(const Shape& shape) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return 4.0 / 3.0 * kPi * s->radius * s->radius * s->radius;
  if (const auto* b = std::get_if<BoxShape>(&shape)) return 8.0 * b->half_extents.prod();
  if (const auto* c = std::get_if<CylinderShape>(&shape)) return kPi * c->radius * c->radius * c->length;
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    return kPi * c->radius * c->radius * (c->length + 4.0 / 3.0 * c->radius);
  }
  if (const auto* c = std::get_if<ConvexShape>(&shape)) return c->hull->volume;
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    double V = 0.0;
    for (const CompoundPiece& piece : *c->pieces) V += ShapeVolume(piece.shape);
    return V;
  }
  return 0.0;
}

Vec3 ShapeCentroid(const Shape& shape) {
  const auto* c = std::get_if<CompoundShape>(&shape);
  if (!c) return Vec3::Zero();
  Vec3 sum = Vec3::Zero();
  double V = 0.0;
  for (const CompoundPiece& piece : *c->pieces) {
    const double v = ShapeVolume(piece.shape);
    sum += v * piece.X_BS.p;
    V += v;
  }
  return V > 0.0 ? Vec3(sum / V) : Vec3::Zero();
}

double BoundingRadius(const Shape& shape) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return s->radius;
  if (const auto* b = std::get_if<BoxShape>(&shape)) return b->half_extents.norm();
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) return 0.5 * c->length + c->radius;
  // sqrt only: C library hypot may differ in the last bit between glibc and musl.
  if (const auto* c = std::get_if<CylinderShape>(&shape)) return std::sqrt(c->radius * c->radius + 0.25 * c->length * c->length);
  if (const auto* c = std::get_if<ConvexShape>(&shape)) return c->hull->bounding_radius;
  if (const auto* t = std::get_if<TriangleShape>(&shape)) return std::max({t->a.norm(), t->b.norm(), t->c.norm()});
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    double r = 0.0;
    for (const CompoundPiece& piece : *c->pieces) r = std::max(r, piece.X_BS.p.norm() + BoundingRadius(piece.shape));
    return r;
  }
  if (const auto* m = std::get_if<MeshShape>(&shape)) {
    const Aabb& b = m->mesh->bounds();
    return std::max(b.min.cwiseAbs().maxCoeff(), b.max.cwiseAbs().maxCoeff()) * std::sqrt(3.0);
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace grasplab
