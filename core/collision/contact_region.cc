#include "core/collision/contact_region.h"

#include "core/geometry/planar_hull.h"
#include "core/math/tangent_basis.h"

#include <algorithm>
#include <limits>
#include <cmath>

namespace grasplab {
namespace {

using Vec2 = Eigen::Vector2d;

double Cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

struct Plane2D {
  Vec3 origin, n, t1, t2;
  Vec2 Project(const Vec3& p) const { return Vec2((p - origin).dot(t1), (p - origin).dot(t2)); }
};

// A polygon feature's plane: through the vertices' mean, normal along the
// polygon's area vector sum_i (p_i - p_0) x (p_{i+1} - p_0) (Newell's
// normal for a planar polygon, a least-squares-like mean for the nearly
// coplanar vertices a hull's feature gathers within its angle tolerance).
// Not the cross product of the first two edges: on a hull face whose first
// three vertices are nearly collinear that normal is noise (measured: a
// 14-point hull resting on a box read a 1.4 mm, 2-degree face as 5.5 mm
// deep and rocked by +-2.5 mm).
void PolygonPlane(const std::vector<Vec3>& points, Vec3* centre, Vec3* normal) {
  Vec3 c = Vec3::Zero(), area = Vec3::Zero();
  for (const Vec3& p : points) c += p;
  *centre = c / static_cast<double>(points.size());
  for (std::size_t i = 1; i + 1 < points.size(); ++i) area += (points[i] - points[0]).cross(points[i + 1] - points[0]);
  const double norm = area.norm();
  *normal = norm > 0.0 ? Vec3(area / norm) : Vec3::Zero();
}

// The 3D point of a feature above 2D point q: for a polygon, where the line
// through q along n meets its plane (PolygonPlane); for a segment, the point
// at q's parameter along it; for a single point, the point.
Vec3 Lift(const WorldFeature& f, const Plane2D& plane, const Vec2& q) {
  const Vec3 base = plane.origin + q.x() * plane.t1 + q.y() * plane.t2;
  if (f.infinite_plane || f.points.size() >= 3) {
    Vec3 fn, on;
    if (f.infinite_plane) {
      fn = f.plane_normal;
      on = f.points[0];
    } else {
      // On the polygon's boundary (a clipped region's points mostly are: its
      // own vertices and edge crossings), the point of that edge: exact on a
      // hull's feature, whose vertices need not be coplanar.
      const std::size_t m = f.points.size();
      double best = std::numeric_limits<double>::infinity(), t_best = 0.0;
      std::size_t e_best = 0;
      double scale = 0.0;
      for (std::size_t i = 0; i < m; ++i) {
        const Vec2 a = plane.Project(f.points[i]), b = plane.Project(f.points[(i + 1) % m]);
        const Vec2 ab = b - a;
        const double len2 = ab.squaredNorm();
        scale = std::max(scale, len2);
        const double t = len2 > 0.0 ? std::clamp((q - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
        const double d2 = (a + t * ab - q).squaredNorm();
        if (d2 < best) best = d2, t_best = t, e_best = i;
      }
      if (best <= 1e-18 * scale) {
        const Vec3& a = f.points[e_best];
        const Vec3& b = f.points[(e_best + 1) % m];
        return a + t_best * (b - a);
      }
      PolygonPlane(f.points, &on, &fn);
    }
    const double denom = fn.dot(plane.n);
    if (std::abs(denom) < 1e-12) return base;
    const double s = fn.dot(on - base) / denom;
    return base + s * plane.n;
  }
  if (f.points.size() == 2) {
    const Vec2 a = plane.Project(f.points[0]), b = plane.Project(f.points[1]);
    const Vec2 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double t = len2 > 0.0 ? std::clamp((q - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    return f.points[0] + t * (f.points[1] - f.points[0]);
  }
  return f.points[0];
}

// Reverses the polygon in place if it runs clockwise.
std::vector<Vec2>& CounterClockwise(std::vector<Vec2>& poly) {
  double area = 0.0;
  for (std::size_t i = 0; i < poly.size(); ++i) area += Cross(poly[i], poly[(i + 1) % poly.size()]);
  if (area < 0.0) std::reverse(poly.begin(), poly.end());
  return poly;
}

// Sutherland-Hodgman: the part of `subject` (polygon or segment, as a
// polyline closed when it has >= 3 points) inside convex CCW `clip`, into
// *out_io; *in_scratch holds the previous edge's polygon.
void ClipConvex(const std::vector<Vec2>& subject, const std::vector<Vec2>& clip, std::vector<Vec2>* out_io,
                std::vector<Vec2>* in_scratch) {
  std::vector<Vec2>& out = *out_io;
  out = subject;
  const bool closed = subject.size() >= 3;
  for (std::size_t e = 0; e < clip.size() && !out.empty(); ++e) {
    const Vec2 a = clip[e], b = clip[(e + 1) % clip.size()];
    const Vec2 ab = b - a;
    std::vector<Vec2>& in = *in_scratch;
    in.swap(out);
    out.clear();
    auto side = [&](const Vec2& p) { return Cross(ab, p - a); };  // >= 0 inside (left of a->b)
    const std::size_t m = in.size();
    const std::size_t edges = closed ? m : (m >= 2 ? m - 1 : 0);
    if (m == 1) {
      if (side(in[0]) >= 0.0) out.push_back(in[0]);
      continue;
    }
    for (std::size_t i = 0; i < edges; ++i) {
      const Vec2 p = in[i], q = in[(i + 1) % m];
      const double sp = side(p), sq = side(q);
      if (sp >= 0.0) out.push_back(p);
      if ((sp >= 0.0) != (sq >= 0.0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
      if (!closed && i + 1 == edges && sq >= 0.0) out.push_back(q);
    }
  }
}

}  // namespace

void BuildContactRegion(const WorldFeature& feature_A, const WorldFeature& feature_B, const Vec3& n_BA,
                        const Vec3& witness_A, const Vec3& witness_B, double margin,
                        std::vector<ContactPoint>* out) {
  ContactRegionScratch scratch;
  BuildContactRegion(feature_A, feature_B, n_BA, witness_A, witness_B, margin, out, &scratch);
}

void BuildContactRegion(const WorldFeature& feature_A, const WorldFeature& feature_B, const Vec3& n_BA,
                        const Vec3& witness_A, const Vec3& witness_B, double margin, std::vector<ContactPoint>* out,
                        ContactRegionScratch* scratch) {
  Plane2D plane;
  plane.n = n_BA;
  plane.origin = 0.5 * (witness_A + witness_B);
  TangentBasis(n_BA, &plane.t1, &plane.t2);

  const std::size_t na = feature_A.points.size();
  const std::size_t nb = feature_B.infinite_plane ? 1000 : feature_B.points.size();
  std::vector<ContactPoint>& region = scratch->region;
  region.clear();
  auto emit = [&](const Vec3& pa, const Vec3& pb) {
    const double sep = n_BA.dot(pa - pb);
    if (sep < margin) region.push_back({0.5 * (pa + pb), sep});
  };

  if (na <= 1 || nb <= 1) {
    emit(witness_A, witness_B);
  } else if (feature_B.infinite_plane) {
    for (const Vec3& p : feature_A.points) emit(p, Lift(feature_B, plane, plane.Project(p)));
  } else {
    std::vector<Vec2>& a2 = scratch->a2;
    std::vector<Vec2>& b2 = scratch->b2;
    a2.clear();
    b2.clear();
    for (const Vec3& p : feature_A.points) a2.push_back(plane.Project(p));
    for (const Vec3& p : feature_B.points) b2.push_back(plane.Project(p));
    std::vector<Vec2>& clipped = scratch->clipped;
    clipped.clear();
    if (na == 2 && nb == 2) {
      // Two edges: parallel ones overlap along an interval, others cross at
      // the witness points.
      const Vec2 da = a2[1] - a2[0], db = b2[1] - b2[0];
      const double scale = da.norm() * db.norm();
      if (std::abs(Cross(da, db)) <= 1e-6 * scale && da.squaredNorm() > 0.0) {
        const double len2 = da.squaredNorm();
        double t0 = (b2[0] - a2[0]).dot(da) / len2, t1 = (b2[1] - a2[0]).dot(da) / len2;
        if (t0 > t1) std::swap(t0, t1);
        t0 = std::max(t0, 0.0);
        t1 = std::min(t1, 1.0);
        if (t0 <= t1) {
          clipped = {a2[0] + t0 * da, a2[0] + t1 * da};
        }
      }
      if (clipped.empty()) {
        emit(witness_A, witness_B);
      }
    } else if (na >= 3 && nb >= 3) {
      ClipConvex(CounterClockwise(a2), CounterClockwise(b2), &clipped, &scratch->clip_in);
    } else if (na == 2) {
      ClipConvex(a2, CounterClockwise(b2), &clipped, &scratch->clip_in);
    } else {
      ClipConvex(b2, CounterClockwise(a2), &clipped, &scratch->clip_in);
    }
    for (const Vec2& q : clipped) emit(Lift(feature_A, plane, q), Lift(feature_B, plane, q));
    if (region.empty() && clipped.empty()) emit(witness_A, witness_B);
  }
  ReduceToPlanarHull(n_BA, &region, scratch);
  out->insert(out->end(), region.begin(), region.end());
}

void ReduceToPlanarHull(const Vec3& n, std::vector<ContactPoint>* points) {
  ContactRegionScratch scratch;
  ReduceToPlanarHull(n, points, &scratch);
}

void ReduceToPlanarHull(const Vec3& n, std::vector<ContactPoint>* points, ContactRegionScratch* scratch) {
  if (points->size() <= 1) return;
  Vec3 t1, t2;
  TangentBasis(n, &t1, &t2);
  const Vec3 origin = (*points)[0].p_W;
  std::vector<Vec2>& q = scratch->projected;
  q.clear();
  double extent = 0.0;
  for (const ContactPoint& c : *points) {
    q.emplace_back((c.p_W - origin).dot(t1), (c.p_W - origin).dot(t2));
    extent = std::max(extent, q.back().cwiseAbs().maxCoeff());
  }
  // Points closer than this are one point; turns smaller than this are straight.
  const double eps = 1e-9 * std::max(extent, 1e-6);
  // Of points that coincide, the hull keeps the first; prefer the one with
  // the smallest separation by visiting the deepest first.
  // A stable insertion sort (std::stable_sort may allocate; regions hold a
  // few dozen points at most): equal separations keep their order.
  std::vector<int>& by_depth = scratch->by_depth;
  by_depth.resize(points->size());
  for (std::size_t i = 0; i < by_depth.size(); ++i) {
    const int v = static_cast<int>(i);
    std::size_t k = i;
    while (k > 0 && (*points)[v].separation < (*points)[by_depth[k - 1]].separation) {
      by_depth[k] = by_depth[k - 1];
      --k;
    }
    by_depth[k] = v;
  }
  std::vector<Vec2>& sorted_q = scratch->sorted;
  sorted_q.clear();
  for (int i : by_depth) sorted_q.push_back(q[i]);
  std::vector<ContactPoint>& out = scratch->reduced;
  out.clear();
  PlanarHull(sorted_q, eps, &scratch->planar, &scratch->hull);
  for (int h : scratch->hull) out.push_back((*points)[by_depth[h]]);
  const double deepest = (*points)[by_depth[0]].separation;
  points->swap(out);
  HoldAtDeepest(deepest, points);
}

void HoldAtDeepest(double deepest, std::vector<ContactPoint>* region) {
  if (region->empty()) return;
  double kept = std::numeric_limits<double>::infinity();
  for (const ContactPoint& c : *region) kept = std::min(kept, c.separation);
  if (!(kept > deepest + kDeepestInside)) return;
  for (ContactPoint& c : *region) c.separation = deepest;
}

}  // namespace grasplab
