#include "core/collision/narrow_phase.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "core/collision/box_box.h"
#include "core/collision/contact_region.h"
#include "core/collision/epa.h"
#include "core/collision/gjk.h"
#include "core/geometry/aabb.h"
#include "core/geometry/support.h"
#include "core/geometry/triangle_mesh.h"

namespace grasplab {
namespace {

// `separation` (m, negative when overlapping) widens the height band by the
// penetration depth: deeper points of an overlapping pair still touch.
void FeatureFacing(const Shape& shape, const Pose& X_WS, const Vec3& d_W, const NarrowPhaseSettings& s,
                   double separation, NarrowPhaseScratch* scratch, WorldFeature* f) {
  const double band = s.margin + std::max(0.0, -separation);
  f->infinite_plane = false;
  f->plane_normal = Vec3::UnitZ();
  SupportFeature(shape, X_WS.q.conjugate() * d_W, s.sin_feature_tolerance, band, &scratch->support, &f->points);
  for (Vec3& p : f->points) p = X_WS.Apply(p);
}

int Emit(BodyId a, BodyId b, const Vec3& n_BA, std::span<const ContactPoint> region, std::vector<Contact>* out) {
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

// A box's face or a triangle: the feature is a polygon on the shape's exact plane.
bool FlatFace(const Shape& shape, const WorldFeature& f) {
  return f.points.size() >= 3 && (std::holds_alternative<BoxShape>(shape) || std::holds_alternative<TriangleShape>(shape));
}

// A convex hull against a flat face: the hull's feature (the planar hull of
// its vertices in the band, geometry/support.h) is the only one whose
// deepest point can lie inside it (a box's, a cylinder's, a capsule's and a
// sphere's deepest points are corners, rim points or their only point).
bool HullOnFace(const Shape& A, const WorldFeature& fa, const Shape& B, const WorldFeature& fb) {
  return (std::holds_alternative<ConvexShape>(A) && FlatFace(B, fb)) ||
         (std::holds_alternative<ConvexShape>(B) && FlatFace(A, fa));
}

// Shape A against the half-space of plane body B.
int CollideWithPlane(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Pose& X_WB,
                     const NarrowPhaseSettings& s, std::vector<Contact>* out, NarrowPhaseScratch* scratch) {
  const Vec3 n = X_WB.q * Vec3::UnitZ();
  const Vec3 deepest = X_WA.Apply(FullSupport(A, X_WA.q.conjugate() * -n));
  const double separation = n.dot(deepest - X_WB.p);
  if (separation >= s.margin) return 0;
  WorldFeature& plane = scratch->feature_B;
  plane.infinite_plane = true;
  plane.plane_normal = n;
  plane.points.assign(1, X_WB.p);
  WorldFeature& fa = scratch->feature_A;
  FeatureFacing(A, X_WA, -n, s, separation, scratch, &fa);
  std::vector<ContactPoint>& region = scratch->points;
  region.clear();
  BuildContactRegion(fa, plane, n, deepest, deepest - separation * n, s.margin, &region, &scratch->region);
  // The hull's lowest vertex, interior to its band's planar hull, is not
  // among the region's points: the region holds at its depth
  // (contact_region.h, HoldAtDeepest).
  HoldAtDeepest(separation, &region);
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
  const ContactPoint point{0.5 * (pa + pb), separation};
  return Emit(a, b, n, std::span(&point, 1), out);
}

// Convex shape A against the triangles of static mesh body B: each triangle
// near A is a convex pair of its own; the points are then grouped by normal
// (triangles of one flat region agree) and each group reduced to its planar
// hull, so a box on a tessellated floor still gives its 4 corners.
int CollideWithMesh(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const MeshShape& M, const Pose& X_WB,
                    const NarrowPhaseSettings& s, std::vector<Contact>* out, NarrowPhaseScratch* scratch) {
  const Pose X_BA{X_WB.q.conjugate() * (X_WA.p - X_WB.p), X_WB.q.conjugate() * X_WA.q};
  std::vector<int>& tris = scratch->triangles;
  tris.clear();
  M.mesh->Query(WorldAabb(A, X_BA).Inflated(s.margin), &tris);
  // Each triangle's pair uses the features and region of the scratch; the
  // triangle list, the raw contacts and the groups are this level's own.
  std::vector<Contact>& raw = scratch->mesh_contacts;
  raw.clear();
  const auto& v = M.mesh->vertices();
  for (int t : tris) {
    const auto& tri = M.mesh->triangles()[t];
    CollideShapes(a, A, X_WA, b, TriangleShape{v[tri[0]], v[tri[1]], v[tri[2]]}, X_WB, s, &raw, scratch);
  }
  std::vector<std::vector<ContactPoint>>& groups = scratch->mesh_groups;
  std::vector<Vec3>& normals = scratch->mesh_normals;
  normals.clear();
  for (const Contact& c : raw) {
    std::size_t g = 0;
    while (g < normals.size() && normals[g].dot(c.n_W) < 1.0 - 1e-6) ++g;
    if (g == normals.size()) {
      normals.push_back(c.n_W);
      if (groups.size() < normals.size()) groups.emplace_back();
      groups[g].clear();
    }
    groups[g].push_back({c.p_W, c.separation});
  }
  int count = 0;
  for (std::size_t g = 0; g < normals.size(); ++g) {
    ReduceToPlanarHull(normals[g], &groups[g], &scratch->region);
    count += Emit(a, b, normals[g], groups[g], out);
  }
  return count;
}

// Calls collide(piece shape, piece pose) for each piece of the compound at
// X_WC whose box overlaps `near`; returns the sum of what it returns.
template <class Collide>
int ForEachNearPiece(const CompoundShape& compound, const Pose& X_WC, const Aabb& near, Collide collide) {
  int count = 0;
  for (const CompoundPiece& piece : *compound.pieces) {
    const Pose X_WS = Compose(X_WC, piece.X_BS);
    if (WorldAabb(piece.shape, X_WS).Overlaps(near)) count += collide(piece.shape, X_WS);
  }
  return count;
}

}  // namespace

int CollideShapes(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Shape& B, const Pose& X_WB,
                  const NarrowPhaseSettings& s, std::vector<Contact>* out) {
  NarrowPhaseScratch scratch;
  return CollideShapes(a, A, X_WA, b, B, X_WB, s, out, &scratch);
}

int CollideShapes(BodyId a, const Shape& A, const Pose& X_WA, BodyId b, const Shape& B, const Pose& X_WB,
                  const NarrowPhaseSettings& s, std::vector<Contact>* out, NarrowPhaseScratch* scratch) {
  // Compounds: piece by piece, skipping pieces whose boxes are apart from
  // the other shape's.
  if (const auto* ca = std::get_if<CompoundShape>(&A)) {
    return ForEachNearPiece(*ca, X_WA, WorldAabb(B, X_WB).Inflated(s.margin), [&](const Shape& S, const Pose& X_WS) {
      return CollideShapes(a, S, X_WS, b, B, X_WB, s, out, scratch);
    });
  }
  if (const auto* cb = std::get_if<CompoundShape>(&B)) {
    return ForEachNearPiece(*cb, X_WB, WorldAabb(A, X_WA).Inflated(s.margin), [&](const Shape& S, const Pose& X_WS) {
      return CollideShapes(a, A, X_WA, b, S, X_WS, s, out, scratch);
    });
  }
  const bool a_plane = std::holds_alternative<PlaneShape>(A);
  const bool b_plane = std::holds_alternative<PlaneShape>(B);
  if (a_plane && b_plane) return 0;
  if (a_plane) return CollideWithPlane(b, B, X_WB, a, X_WA, s, out, scratch);
  if (b_plane) return CollideWithPlane(a, A, X_WA, b, X_WB, s, out, scratch);
  const auto* a_mesh = std::get_if<MeshShape>(&A);
  const auto* b_mesh = std::get_if<MeshShape>(&B);
  if (a_mesh && b_mesh) return 0;  // both static: never a pair
  if (a_mesh) return CollideWithMesh(b, B, X_WB, a, *a_mesh, X_WA, s, out, scratch);
  if (b_mesh) return CollideWithMesh(a, A, X_WA, b, *b_mesh, X_WB, s, out, scratch);
  if (const auto* sa = std::get_if<SphereShape>(&A)) {
    if (const auto* sb = std::get_if<SphereShape>(&B)) return CollideSpheres(a, *sa, X_WA, b, *sb, X_WB, s, out);
  }
  if (s.box_box_sat) {
    const auto* ba = std::get_if<BoxShape>(&A);
    const auto* bb = std::get_if<BoxShape>(&B);
    if (ba && bb) {
      const BoxBoxResult r =
          CollideBoxes(*ba, X_WA, *bb, X_WB, s.margin, s.sin_feature_tolerance, &scratch->points, &scratch->region);
      if (r.decided) return Emit(a, b, r.n_BA, scratch->points, out);
    }
  }

  const double rA = CoreRadius(A), rB = CoreRadius(B);
  // Cores proven farther apart than the margin plus both radii have no
  // contact: GJK stops at the first support that proves it (gjk.h). The
  // slack (1e-9 relative) keeps pairs whose distance ties the margin to
  // rounding on the full search, so the contact set is what the full
  // search gives.
  GjkOptions gjk;
  if (s.separated_early_out) gjk.stop_beyond = (s.margin + rA + rB) * (1.0 + 1e-9) + 1e-15;
  const GjkResult g = GjkDistance(A, X_WA, B, X_WB, gjk);
  if (g.beyond) return 0;
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
    const PenetrationResult pen = EpaPenetration(A, X_WA, B, X_WB, &scratch->epa);
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
  WorldFeature& fa = scratch->feature_A;
  WorldFeature& fb = scratch->feature_B;
  FeatureFacing(A, X_WA, -n, s, separation, scratch, &fa);
  FeatureFacing(B, X_WB, n, s, separation, scratch, &fb);
  std::vector<ContactPoint>& region = scratch->points;
  region.clear();
  BuildContactRegion(fa, fb, n, witness_A, witness_B, s.margin, &region, &scratch->region);
  // A hull against a flat face (a box's, or a mesh triangle): the pair's
  // separation is the hull's deepest point below the face's exact plane,
  // and the region holds at it when it lies inside (contact_region.h,
  // HoldAtDeepest; a convex bunny on a box table).
  if (HullOnFace(A, fa, B, fb)) HoldAtDeepest(separation, &region);
  return Emit(a, b, n, region, out);
}

}  // namespace grasplab
