#include "core/geometry/shape.h"

#include <sstream>

namespace grasplab {
namespace {

struct TypeName {
  const char* operator()(const PlaneShape&) const { return "plane"; }
  const char* operator()(const SphereShape&) const { return "sphere"; }
};

std::string Describe(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

}  // namespace

const char* ShapeTypeName(const Shape& shape) { return std::visit(TypeName{}, shape); }

Status ValidateShape(const Shape& shape, const std::string& field) {
  if (const auto* sphere = std::get_if<SphereShape>(&shape)) {
    if (!IsFinite(sphere->radius) || sphere->radius <= 0.0) {
      return Status::Error(field + ".radius: must be a finite number > 0, got " +
                           Describe(sphere->radius));
    }
  }
  return Status::Ok();
}

Mat3 SolidInertia(const Shape& shape, double mass) {
  if (const auto* sphere = std::get_if<SphereShape>(&shape)) {
    // Solid sphere: I = 2/5 m r^2 about any axis through the centre.
    return Mat3::Identity() * (0.4 * mass * sphere->radius * sphere->radius);
  }
  return Mat3::Zero();
}

}  // namespace grasplab
