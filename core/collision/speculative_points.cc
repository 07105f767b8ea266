#include "core/collision/speculative_points.h"

#include <cmath>
#include <variant>

#include "core/geometry/convex_hull.h"
#include "core/geometry/support.h"

namespace grasplab {
namespace {

// A pair that can close more than this many contact thresholds in 2 h
// (1 mm by default) is in an impact (header).
constexpr double kImpactReach = 10.0;

// Y's flat face toward X: the outward normal m (world, unit), a point on the
// face's plane, and what "over the face" means: anywhere (a plane), within
// a box face's rectangle (its two in-face axes u, v and half extents), or a
// cylinder cap's disk (radius r about `centre`).
struct FlatFace {
  enum class Kind { kPlane, kRectangle, kDisk };
  Kind kind = Kind::kPlane;
  Vec3 m = Vec3::UnitZ();
  Vec3 centre = Vec3::Zero();
  Vec3 u = Vec3::UnitX(), v = Vec3::UnitY();
  double eu = 0.0, ev = 0.0;
  double r = 0.0;

  // Whether c (world) lies over the face, on or inside its rim.
  bool Over(const Vec3& c) const {
    const Vec3 rel = c - centre;
    switch (kind) {
      case Kind::kPlane: return true;
      case Kind::kRectangle: return std::abs(u.dot(rel)) <= eu && std::abs(v.dot(rel)) <= ev;
      case Kind::kDisk: return (rel - m.dot(rel) * m).squaredNorm() <= r * r;
    }
    return false;
  }
};

// The face of Y toward d (world: the direction from Y toward X, the
// pair's normal as seen from Y) within the angle tolerance, if Y has one.
bool FaceToward(const SpeculativeBody& Y, const Vec3& d, double sin_tolerance, FlatFace* f) {
  const double cos_tolerance = std::sqrt(1.0 - sin_tolerance * sin_tolerance);
  if (std::holds_alternative<PlaneShape>(*Y.shape)) {
    f->kind = FlatFace::Kind::kPlane;
    f->m = Y.X_W.q * Vec3::UnitZ();
    f->centre = Y.X_W.p;
    return f->m.dot(d) >= cos_tolerance;
  }
  const Mat3 R = Y.X_W.q.toRotationMatrix();
  if (const auto* box = std::get_if<BoxShape>(Y.shape)) {
    // The box axis most aligned with d, and its sign.
    int k = 0;
    double best = -1.0;
    for (int i = 0; i < 3; ++i) {
      const double c = std::abs(R.col(i).dot(d));
      if (c > best) best = c, k = i;
    }
    if (best < cos_tolerance) return false;
    const double sign = R.col(k).dot(d) >= 0.0 ? 1.0 : -1.0;
    const Vec3& e = box->half_extents;
    f->kind = FlatFace::Kind::kRectangle;
    f->m = sign * R.col(k);
    f->centre = Y.X_W.p + sign * e[k] * R.col(k);
    const int iu = (k + 1) % 3, iv = (k + 2) % 3;
    f->u = R.col(iu);
    f->v = R.col(iv);
    f->eu = e[iu];
    f->ev = e[iv];
    return true;
  }
  if (const auto* cyl = std::get_if<CylinderShape>(Y.shape)) {
    const double c = R.col(2).dot(d);
    if (std::abs(c) < cos_tolerance) return false;
    const double sign = c >= 0.0 ? 1.0 : -1.0;
    f->kind = FlatFace::Kind::kDisk;
    f->m = sign * R.col(2);
    f->centre = Y.X_W.p + sign * 0.5 * cyl->length * R.col(2);
    f->r = cyl->radius;
    return true;
  }
  return false;
}

// X's candidate points (body frame) that may meet a face of outward normal
// m_X (in X's frame: the direction from X toward the face is -m_X).
template <class Visit>
void ForEachCandidate(const Shape& X, const Vec3& m_X, double sin_tolerance, Visit visit) {
  if (const auto* box = std::get_if<BoxShape>(&X)) {
    const Vec3& e = box->half_extents;
    for (int i = 0; i < 8; ++i) visit(Vec3((i & 1) ? e.x() : -e.x(), (i & 2) ? e.y() : -e.y(), (i & 4) ? e.z() : -e.z()));
  } else if (const auto* cv = std::get_if<ConvexShape>(&X)) {
    for (const Vec3& p : cv->hull->vertices) visit(p);
  } else if (const auto* cyl = std::get_if<CylinderShape>(&X)) {
    // Toward the face is -m_X; on each cap the rim point farthest that way.
    // A cap within the tolerance of facing it is the region's own feature
    // (its 12-gon): nothing to add.
    const double rho = std::sqrt(m_X.x() * m_X.x() + m_X.y() * m_X.y());
    if (rho < sin_tolerance) return;
    // Then the 12 points of each rim that the cap feature uses
    // (geometry/support.cc): a cylinder landing on one rim point swings
    // the rest of that rim down.
    const double rx = -cyl->radius * m_X.x() / rho, ry = -cyl->radius * m_X.y() / rho;
    for (const double z : {-0.5 * cyl->length, 0.5 * cyl->length}) {
      visit(Vec3(rx, ry, z));
      for (int k = 0; k < kCapVertices; ++k) {
        double cs, sn;
        UnitCircle12(k, &cs, &sn);
        visit(Vec3(cyl->radius * cs, cyl->radius * sn, z));
      }
    }
  } else if (const auto* cap = std::get_if<CapsuleShape>(&X)) {
    visit(Vec3(0.0, 0.0, -0.5 * cap->length) - cap->radius * m_X);
    visit(Vec3(0.0, 0.0, 0.5 * cap->length) - cap->radius * m_X);
  }
}

// An upper bound of the speed at which any point of X (within its bounding
// radius) approaches the face of outward normal m (m/s): the bodies' linear
// approach along -m plus whatever their turning can add, whichever way.
double FastestApproach(const SpeculativeBody& X, const SpeculativeBody& Y, const Vec3& m) {
  return -m.dot(X.v_W - Y.v_W) + X.w_W.norm() * X.radius + Y.w_W.norm() * (X.radius + (X.X_W.p - Y.X_W.p).norm());
}

// X's candidates against Y's face (header); y_is_b: Y is the pair's body B.
int AddAgainstFace(const SpeculativeBody& X, const SpeculativeBody& Y, bool y_is_b, const FlatFace& f,
                   const SpeculativeSettings& s, std::size_t first, std::vector<Contact>* contacts) {
  const Shape& shape = *X.shape;
  const bool has_candidates = std::holds_alternative<BoxShape>(shape) || std::holds_alternative<ConvexShape>(shape) ||
                              std::holds_alternative<CylinderShape>(shape) || std::holds_alternative<CapsuleShape>(shape);
  if (!has_candidates || !(2.0 * s.h * FastestApproach(X, Y, f.m) >= kImpactReach * s.threshold)) return 0;
  const Vec3 m_X = X.X_W.q.conjugate() * f.m;
  const std::size_t region_end = contacts->size();
  int added = 0;
  ForEachCandidate(*X.shape, m_X, s.sin_tolerance, [&](const Vec3& c_X) {
    const Vec3 c = X.X_W.Apply(c_X);
    const double gap = f.m.dot(c - f.centre);
    if (!(gap < s.margin) || !f.Over(c)) return;
    // Already a point of the region (over the same spot of the face)?
    for (std::size_t k = first; k < region_end; ++k) {
      const Vec3 t = (*contacts)[k].p_W - c;
      if ((t - f.m.dot(t) * f.m).squaredNorm() < 1e-12) return;
    }
    Contact ct;
    ct.body_a = y_is_b ? X.id : Y.id;
    ct.body_b = y_is_b ? Y.id : X.id;
    ct.n_W = y_is_b ? f.m : Vec3(-f.m);
    ct.p_W = c - 0.5 * gap * f.m;
    ct.separation = gap;
    contacts->push_back(ct);
    ++added;
  });
  return added;
}

}  // namespace

int AddSpeculativePoints(const SpeculativeBody& a, const SpeculativeBody& b, const SpeculativeSettings& s,
                         std::size_t first, std::vector<Contact>* contacts) {
  if (!(s.h > 0.0) || first >= contacts->size()) return 0;
  // The region's own order: a plane's pairs are emitted with the plane as
  // B whichever the pair's first body is (narrow_phase.cc).
  // A pair far from an impact (a resting or slowly moving one, most pairs
  // of most steps) leaves before its faces are looked for: |v_a - v_b| bounds
  // each face's signed approach -m . (v_X - v_Y), so below half the impact
  // reach neither face's test in AddAgainstFace can pass.
  const auto unsigned_bound = [](const SpeculativeBody& X, const SpeculativeBody& Y) {
    return (X.v_W - Y.v_W).norm() + X.w_W.norm() * X.radius + Y.w_W.norm() * (X.radius + (X.X_W.p - Y.X_W.p).norm());
  };
  const double half_reach = 0.5 * kImpactReach * s.threshold / (2.0 * s.h);
  if (unsigned_bound(a, b) < half_reach && unsigned_bound(b, a) < half_reach) return 0;
  const Contact& c0 = (*contacts)[first];
  const bool swapped = c0.body_a == b.id;
  const SpeculativeBody& A = swapped ? b : a;
  const SpeculativeBody& B = swapped ? a : b;
  const Vec3 n = c0.n_W;  // from B to A
  int added = 0;
  FlatFace f;
  if (FaceToward(B, n, s.sin_tolerance, &f)) added += AddAgainstFace(A, B, /*y_is_b=*/true, f, s, first, contacts);
  if (FaceToward(A, -n, s.sin_tolerance, &f)) added += AddAgainstFace(B, A, /*y_is_b=*/false, f, s, first, contacts);
  return added;
}

}  // namespace grasplab
