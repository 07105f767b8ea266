#include "core/collision/narrow_phase.h"

#include <cmath>
#include <variant>

#include "core/collision/contact_region.h"
#include "core/collision/epa.h"
#include "core/collision/gjk.h"
#include "core/geometry/support.h"

namespace grasplab {
namespace {

WorldFeature FeatureFacing(const Shape& shape, const Pose& X_WS, const Vec3& d_W, double sin_tol) {
  WorldFeature f;
  for (const Vec3& p : SupportFeature(shape, X_WS.q.conjugate() * d_W, sin_tol)) f.points.push_back(X_WS.Apply(p));
  return f;
}

int Emit(BodyId a, BodyId b, const Vec3& n_BA, const std::vector<ContactPoint>& region, std::vector<Contact>* out) {
  for (const ContactPoint& cp : region) {
    Contact c;
    c.body_a = a;
    c.body_b = b;
    c.p_W = cp.p_W;
    c.n_W = n_BA;
    c.separation = cp.separation;
    out->push_back(c);
  }
  return static_cast<int>(region.size());
}

// Shape A against the half-space of plane body B.
int CollideWithPlane(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Pose& X_WB,
                     const NarrowPhaseSettings& s, std::vector<Contact>* out) {
  const Vec3 n = X_WB.q * Vec3::UnitZ();
  const Vec3 deepest = X_WA.Apply(FullSupport(A, X_WA.q.conjugate() * -n));
  const double separation = n.dot(deepest - X_WB.p);
  if (separation >= s.margin) return 0;
  WorldFeature plane;
  plane.infinite_plane = true;
  plane.plane_normal = n;
  plane.points = {X_WB.p};
  const WorldFeature fa = FeatureFacing(A, X_WA, -n, s.sin_feature_tolerance);
  std::vector<ContactPoint> region;
  BuildContactRegion(fa, plane, n, deepest, deepest - separation * n, s.margin, &region);
  return Emit(a, b, n, region, out);
}

int CollideSpheres(BodyId a, const SphereShape& A, const Pose& X_WA, BodyId b, const SphereShape& B,
                   const Pose& X_WB, const NarrowPhaseSettings& s, std::vector<Contact>* out) {
  const Vec3 d = X_WA.p - X_WB.p;
  const double dist = d.norm();
  const double separation = dist - A.radius - B.radius;
  if (separation >= s.margin) return 0;
  // Coincident centres: any direction is a minimum-translation direction; +z is deterministic.
  const Vec3 n = dist > 0.0 ? Vec3(d / dist) : Vec3(Vec3::UnitZ());
  const Vec3 pa = X_WA.p - A.radius * n, pb = X_WB.p + B.radius * n;
  return Emit(a, b, n, {{0.5 * (pa + pb), separation}}, out);
}

}  // namespace

int CollideShapes(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Shape& B, const Pose& X_WB,
                  const NarrowPhaseSettings& s, std::vector<Contact>* out) {
  const bool a_plane = std::holds_alternative<PlaneShape>(A);
  const bool b_plane = std::holds_alternative<PlaneShape>(B);
  if (a_plane && b_plane) return 0;
  if (a_plane) return CollideWithPlane(b, B, X_WB, a, X_WA, s, out);
  if (b_plane) return CollideWithPlane(a, A, X_WA, b, X_WB, s, out);
  if (const auto* sa = std::get_if<SphereShape>(&A)) {
    if (const auto* sb = std::get_if<SphereShape>(&B)) return CollideSpheres(a, *sa, X_WA, b, *sb, X_WB, s, out);
  }

  const double rA = CoreRadius(A), rB = CoreRadius(B);
  const GjkResult g = GjkDistance(A, X_WA, B, X_WB);
  Vec3 n, witness_A, witness_B;
  double separation;
  // Below this core distance the normal from the witness points is noise;
  // use EPA's minimum-translation normal instead.
  const double kMinCoreDistance = 1e-9;
  if (!g.overlap && g.core_distance > kMinCoreDistance) {
    separation = g.core_distance - rA - rB;
    if (separation >= s.margin) return 0;
    n = g.v_AB / g.core_distance;
    witness_A = g.p_A - rA * n;
    witness_B = g.p_B + rB * n;
  } else {
    const PenetrationResult pen = EpaPenetration(A, X_WA, B, X_WB);
    if (pen.valid) {
      n = pen.n_BA;
      separation = -pen.depth;
      witness_A = pen.p_A;
      witness_B = pen.p_B;
    } else {
      // Degenerate polytope (coincident, flat overlap): push apart along
      // the line of centres, or +z when they coincide, with zero depth.
      const Vec3 d = X_WA.p - X_WB.p;
      n = d.norm() > 0.0 ? Vec3(d.normalized()) : Vec3(Vec3::UnitZ());
      separation = 0.0;
      witness_A = witness_B = 0.5 * (X_WA.p + X_WB.p);
    }
  }
  const WorldFeature fa = FeatureFacing(A, X_WA, -n, s.sin_feature_tolerance);
  const WorldFeature fb = FeatureFacing(B, X_WB, n, s.sin_feature_tolerance);
  std::vector<ContactPoint> region;
  BuildContactRegion(fa, fb, n, witness_A, witness_B, s.margin, &region);
  return Emit(a, b, n, region, out);
}

}  // namespace grasplab
