#include "core/base/format.h"
#include "core/dynamics/body.h"

#include <Eigen/Eigenvalues>

namespace grasplab {
namespace {

std::string FormatVec(const Vec3& v) {
  return "[" + FormatNumber(v.x()) + ", " + FormatNumber(v.y()) + ", " + FormatNumber(v.z()) + "]";
}

}  // namespace

BodyDef GroundPlane(double z) {
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  ground.X_WB.p = Vec3(0.0, 0.0, z);
  return ground;
}

Status ValidateBodyDef(const BodyDef& def, const std::string& field) {
  if (Status s = ValidateShape(def.shape, field + ".shape"); !s.ok()) return s;
  if (!IsFinite(def.X_WB.p)) {
    return Status::Error(field + ".position: must be finite, got " + FormatVec(def.X_WB.p));
  }
  if (!IsFinite(def.X_WB.q)) {
    return Status::Error(field + ".orientation: must be finite");
  }
  const double qn = def.X_WB.q.norm();
  if (!(qn > 1e-6) || !IsFinite(qn)) {
    return Status::Error(field + ".orientation: quaternion [w, x, y, z] cannot be normalised (norm " +
                         FormatNumber(qn) + ")");
  }
  if (!IsFinite(def.v_WB)) {
    return Status::Error(field + ".linearVelocity: must be finite, got " + FormatVec(def.v_WB));
  }
  if (!IsFinite(def.w_WB)) {
    return Status::Error(field + ".angularVelocity: must be finite, got " + FormatVec(def.w_WB));
  }
  if (def.is_static) return Status::Ok();

  if (std::holds_alternative<PlaneShape>(def.shape)) {
    return Status::Error(field + ".shape: a plane can only belong to a static body");
  }
  if (std::holds_alternative<MeshShape>(def.shape)) {
    return Status::Error(field + ".shape: a triangle mesh can only belong to a static body "
                         "(dynamic meshes are simulated as their convex hull)");
  }
  if (!IsFinite(def.mass) || def.mass <= 0.0) {
    return Status::Error(field + ".mass: must be a finite number > 0, got " + FormatNumber(def.mass));
  }
  if (def.inertia) {
    const Mat3& I = *def.inertia;
    if (!IsFinite(I)) return Status::Error(field + ".inertia: must be finite");
    if (!I.isApprox(I.transpose(), 1e-12)) return Status::Error(field + ".inertia: must be symmetric");
    Eigen::SelfAdjointEigenSolver<Mat3> eig(I, Eigen::EigenvaluesOnly);
    if (!(eig.eigenvalues().minCoeff() > 0.0)) {
      return Status::Error(field + ".inertia: must be positive definite, smallest eigenvalue " +
                           FormatNumber(eig.eigenvalues().minCoeff()));
    }
  }
  return Status::Ok();
}

}  // namespace grasplab
