#include "core/base/format.h"
#include "core/dynamics/body.h"

#include <Eigen/Eigenvalues>

namespace grasplab {
namespace {

std::string FormatVec(const Vec3& v) {
  return FormatTriple(v.x(), v.y(), v.z());
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

namespace {

// What a real mass distribution allows of principal moments l1 <= l2 <= l3
// (kg m^2): the triangle inequality l1 + l2 >= l3 (I_xx = int y^2 + z^2 dm
// and so on), a ratio l3 / l1 of at most 1e8 (a rod 1 m long and 0.1 mm
// thick is 2e7), and, for a body that collides, l3 <= 100 m r^2 with r its
// shape's bounding radius (the mass within 10 r of the centre; all of it on
// the bounding sphere gives at most m r^2).
Status CheckPrincipalMoments(const Vec3& sorted, const BodyDef& def, const std::string& field) {
  const double l1 = sorted[0], l2 = sorted[1], l3 = sorted[2];
  const std::string moments = FormatTriple(l1, l2, l3);
  if (l1 + l2 < l3 * (1.0 - 1e-9)) {
    return Status::Error(field + ": principal moments " + moments +
                         " break the triangle inequality (each at most the sum of the other two): no mass "
                         "distribution has them");
  }
  if (l3 > 1e8 * l1) {
    return Status::Error(field + ": principal moments " + moments + " differ by more than 1e8 (ill-conditioned)");
  }
  if (def.collides) {
    const double r = BoundingRadius(def.shape);
    const double bound = 100.0 * def.mass * r * r;
    if (l3 > bound) {
      return Status::Error(field + ": largest principal moment " + FormatNumber(l3) + " kg m^2 exceeds 100 m r^2 = " +
                           FormatNumber(bound) + " for mass " + FormatNumber(def.mass) +
                           " kg and bounding radius " + FormatNumber(r) + " m");
    }
  }
  return Status::Ok();
}

}  // namespace

Status ValidateBodyDef(const BodyDef& def, const std::string& field) {
  if (Status s = ValidateShape(def.shape, field + ".shape"); !s.ok()) return s;
  if (!IsFinite(def.X_WB.p)) {
    return Status::Error(field + ".position: must be finite, got " + FormatVec(def.X_WB.p));
  }
  if (def.X_WB.p.cwiseAbs().maxCoeff() > kMaxCoordinate) {
    return Status::Error(field + ".position: each coordinate must be within +-" + FormatNumber(kMaxCoordinate) +
                         " m, got " + FormatVec(def.X_WB.p));
  }
  if (!IsFinite(def.X_WB.q)) {
    return Status::Error(field + ".orientation: must be finite");
  }
  const double qn = def.X_WB.q.norm();
  if (!(qn > 1e-6) || !IsFinite(qn)) {
    return Status::Error(field + ".orientation: quaternion [w, x, y, z] cannot be normalised (norm " +
                         FormatNumber(qn) + ")");
  }
  if (!IsFinite(def.v_WB) || def.v_WB.norm() > kMaxSpeed) {
    return Status::Error(field + ".linearVelocity: must be finite and at most " + FormatNumber(kMaxSpeed) +
                         " m/s, got " + FormatVec(def.v_WB));
  }
  if (!IsFinite(def.w_WB) || def.w_WB.norm() > kMaxSpeed) {
    return Status::Error(field + ".angularVelocity: must be finite and at most " + FormatNumber(kMaxSpeed) +
                         " rad/s, got " + FormatVec(def.w_WB));
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
    if (Status s = CheckPrincipalMoments(eig.eigenvalues(), def, field + ".inertia"); !s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace grasplab
