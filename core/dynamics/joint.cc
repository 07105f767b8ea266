#include "core/dynamics/joint.h"

#include "core/base/format.h"
#include "core/math/det_math.h"

namespace grasplab {

const char* JointTypeName(JointType type) {
  switch (type) {
    case JointType::kRevolute: return "revolute";
    case JointType::kPrismatic: return "prismatic";
    case JointType::kFixed: return "fixed";
  }
  return "?";
}

Status ValidateJointDef(const JointDef& d, const std::string& field) {
  if (!IsFinite(d.anchor_W)) return Status::Error(field + ".anchor: must be finite");
  if (d.type != JointType::kFixed) {
    const double n = d.axis_W.norm();
    if (!IsFinite(d.axis_W) || !(n > 1e-9)) return Status::Error(field + ".axis: must be a finite non-zero vector");
  }
  if (d.has_limits) {
    if (!IsFinite(d.lower) || !IsFinite(d.upper) || !(d.lower <= 0.0 && 0.0 <= d.upper) || !(d.lower < d.upper)) {
      return Status::Error(field + ".limits: must be finite with lower <= 0 <= upper and lower < upper " +
                           "(the creation pose is q = 0), got [" + FormatNumber(d.lower) + ", " +
                           FormatNumber(d.upper) + "]");
    }
  }
  if (!IsFinite(d.coulomb_friction) || d.coulomb_friction < 0.0) {
    return Status::Error(field + ".friction.coulomb: must be a finite number >= 0, got " + FormatNumber(d.coulomb_friction));
  }
  if (!IsFinite(d.viscous_friction) || d.viscous_friction < 0.0) {
    return Status::Error(field + ".friction.viscous: must be a finite number >= 0, got " + FormatNumber(d.viscous_friction));
  }
  if (d.coupled_to >= 0 && (!IsFinite(d.coupling_ratio) || d.coupling_ratio == 0.0)) {
    return Status::Error(field + ".coupling.ratio: must be a finite non-zero number, got " + FormatNumber(d.coupling_ratio));
  }
  return Status::Ok();
}

JointFrames MakeJointFrames(const JointDef& def, const Pose& X_WP, const Pose& X_WC) {
  JointFrames f;
  f.p_P = X_WP.ApplyInverse(def.anchor_W);
  f.p_C = X_WC.ApplyInverse(def.anchor_W);
  f.a_P = X_WP.q.conjugate() * def.axis_W.normalized();
  f.q_PC0 = X_WP.q.conjugate() * X_WC.q;
  return f;
}

double JointCoordinate(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC) {
  switch (def.type) {
    case JointType::kRevolute: {
      // Rotation since creation, in the parent frame: q_rel q_PC0^-1.
      Quat d = (X_WP.q.conjugate() * X_WC.q) * f.q_PC0.conjugate();
      if (d.w() < 0.0) d.coeffs() = -d.coeffs();
      return WrapAngle(2.0 * DetAtan2(d.vec().dot(f.a_P), d.w()));
    }
    case JointType::kPrismatic: {
      const Vec3 a = X_WP.q * f.a_P;
      return a.dot(X_WC.Apply(f.p_C) - X_WP.Apply(f.p_P));
    }
    case JointType::kFixed: return 0.0;
  }
  return 0.0;
}

}  // namespace grasplab

#include "core/math/tangent_basis.h"

namespace grasplab {
namespace {

// A row constraining the relative linear velocity of C's material point at
// x (world) against P's material point at x, along d.
JacobianRow LinearRow(const Vec3& d, const Vec3& x, const Pose& X_WP, const Pose& X_WC, int P, int C) {
  JacobianRow r;
  Vec6 jc, jp;
  jc << d, (x - X_WC.p).cross(d);
  jp << -d, -(x - X_WP.p).cross(d);
  r.Add(C, jc);
  r.Add(P, jp);
  return r;
}

// A row constraining the relative angular velocity w_C - w_P about d.
JacobianRow AngularRow(const Vec3& d, int P, int C) {
  JacobianRow r;
  Vec6 jc, jp;
  jc << Vec3::Zero(), d;
  jp << Vec3::Zero(), -d;
  r.Add(C, jc);
  r.Add(P, jp);
  return r;
}

// Small-angle rotation vector (world) taking the creation-relative
// orientation to the current one: 2 vec(q_err) with w >= 0.
Vec3 OrientationError(const JointFrames& f, const Pose& X_WP, const Pose& X_WC) {
  Quat d = (X_WP.q.conjugate() * X_WC.q) * f.q_PC0.conjugate();  // parent frame
  if (d.w() < 0.0) d.coeffs() = -d.coeffs();
  return X_WP.q * (2.0 * d.vec());
}

}  // namespace

JacobianRow JointRateRow(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC, int P, int C) {
  const Vec3 a = X_WP.q * f.a_P;
  if (def.type == JointType::kPrismatic) return LinearRow(a, X_WC.Apply(f.p_C), X_WP, X_WC, P, C);
  return AngularRow(a, P, C);
}

void AppendJointRows(const JointDef& def, const JointFrames& f, const Pose& X_WP, const Pose& X_WC, int P, int C,
                     double h, double gamma, std::vector<JacobianRow>* rows, std::vector<double>* targets) {
  const Vec3 x_P = X_WP.Apply(f.p_P), x_C = X_WC.Apply(f.p_C);
  const Vec3 a = X_WP.q * f.a_P;
  const Vec3 dp = x_C - x_P;
  auto add = [&](const JacobianRow& r, double error) {
    rows->push_back(r);
    targets->push_back(-gamma * error / h);
  };
  if (def.type == JointType::kRevolute || def.type == JointType::kFixed) {
    for (int k = 0; k < 3; ++k) add(LinearRow(Vec3::Unit(k), x_C, X_WP, X_WC, P, C), dp[k]);
  }
  if (def.type == JointType::kRevolute) {
    Vec3 t1, t2;
    TangentBasis(a, &t1, &t2);
    const Vec3 a_C = X_WC.q * (f.q_PC0.conjugate() * f.a_P);  // the child's copy of the axis
    const Vec3 misalignment = a.cross(a_C);                   // rotation taking a to a_C
    add(AngularRow(t1, P, C), misalignment.dot(t1));
    add(AngularRow(t2, P, C), misalignment.dot(t2));
  }
  if (def.type == JointType::kPrismatic || def.type == JointType::kFixed) {
    const Vec3 phi = OrientationError(f, X_WP, X_WC);
    for (int k = 0; k < 3; ++k) add(AngularRow(Vec3::Unit(k), P, C), phi[k]);
  }
  if (def.type == JointType::kPrismatic) {
    Vec3 t1, t2;
    TangentBasis(a, &t1, &t2);
    add(LinearRow(t1, x_C, X_WP, X_WC, P, C), dp.dot(t1));
    add(LinearRow(t2, x_C, X_WP, X_WC, P, C), dp.dot(t2));
  }
}

}  // namespace grasplab
