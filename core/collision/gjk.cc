#include "core/collision/gjk.h"

#include <algorithm>
#include <cmath>

#include "core/geometry/support.h"

namespace grasplab {
namespace {

// Coordinates relative to A's origin, so that bodies far from the world
// origin keep their precision.
using Vertex = MinkowskiVertex;

struct Simplex {
  Vertex v[4];
  double lambda[4] = {0.0, 0.0, 0.0, 0.0};
  int n = 0;
};

// Keeps the vertices with the listed indices and their weights.
void Keep(Simplex* s, std::initializer_list<std::pair<int, double>> kept) {
  Vertex v[4];
  double l[4] = {0.0, 0.0, 0.0, 0.0};
  int n = 0;
  for (auto [i, w] : kept) {
    v[n] = s->v[i];
    l[n] = w;
    ++n;
  }
  for (int i = 0; i < n; ++i) {
    s->v[i] = v[i];
    s->lambda[i] = l[i];
  }
  s->n = n;
}

void ClosestOnSegment(Simplex* s, int ia, int ib) {
  const Vec3& a = s->v[ia].w;
  const Vec3 ab = s->v[ib].w - a;
  const double denom = ab.dot(ab);
  const double t = denom > 0.0 ? -a.dot(ab) / denom : 0.0;
  if (t <= 0.0) {
    Keep(s, {{ia, 1.0}});
  } else if (t >= 1.0) {
    Keep(s, {{ib, 1.0}});
  } else {
    Keep(s, {{ia, 1.0 - t}, {ib, t}});
  }
}

// Ericson 5.1.5 with the query point at the origin.
void ClosestOnTriangle(Simplex* s, int ia, int ib, int ic) {
  const Vec3 &a = s->v[ia].w, &b = s->v[ib].w, &c = s->v[ic].w;
  const Vec3 ab = b - a, ac = c - a;
  const double d1 = -ab.dot(a), d2 = -ac.dot(a);
  if (d1 <= 0.0 && d2 <= 0.0) return Keep(s, {{ia, 1.0}});
  const double d3 = -ab.dot(b), d4 = -ac.dot(b);
  if (d3 >= 0.0 && d4 <= d3) return Keep(s, {{ib, 1.0}});
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double t = d1 / (d1 - d3);
    return Keep(s, {{ia, 1.0 - t}, {ib, t}});
  }
  const double d5 = -ab.dot(c), d6 = -ac.dot(c);
  if (d6 >= 0.0 && d5 <= d6) return Keep(s, {{ic, 1.0}});
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double t = d2 / (d2 - d6);
    return Keep(s, {{ia, 1.0 - t}, {ic, t}});
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return Keep(s, {{ib, 1.0 - t}, {ic, t}});
  }
  const double denom = va + vb + vc;
  if (!(denom > 0.0)) {  // degenerate (collinear) triangle: fall back to its longest edge
    return ClosestOnSegment(s, ia, (b - a).squaredNorm() >= (c - a).squaredNorm() ? ib : ic);
  }
  const double v = vb / denom, w = vc / denom;
  Keep(s, {{ia, 1.0 - v - w}, {ib, v}, {ic, w}});
}

Vec3 ClosestPoint(const Simplex& s) {
  Vec3 p = Vec3::Zero();
  for (int i = 0; i < s.n; ++i) p += s.lambda[i] * s.v[i].w;
  return p;
}

// Ericson 5.1.6: the origin's closest point on a tetrahedron. Returns false
// (and leaves the simplex) when the origin is inside.
bool ClosestOnTetrahedron(Simplex* s) {
  static const int kFaces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
  double best = INFINITY;
  Simplex best_simplex = *s;
  bool any_outside = false;
  // A tetrahedron flat to rounding (the four points of two faces in
  // contact, a support point added in the plane of the last triangle) has
  // no inside: the sign of its volume is noise, and reading it as "origin
  // inside" turned a 0.05 mm gap between a jaw and a cube into an overlap
  // that EPA then resolved 37.5 mm sideways. Every face is tested instead.
  double edge = 0.0;
  for (int i = 0; i < 4; ++i) {
    for (int k = i + 1; k < 4; ++k) edge = std::max(edge, (s->v[i].w - s->v[k].w).norm());
  }
  const double volume6 = std::abs((s->v[1].w - s->v[0].w).cross(s->v[2].w - s->v[0].w).dot(s->v[3].w - s->v[0].w));
  const bool flat = !(volume6 > 1e-9 * edge * edge * edge);
  for (const auto& f : kFaces) {
    const Vec3& a = s->v[f[0]].w;
    const Vec3 n = (s->v[f[1]].w - a).cross(s->v[f[2]].w - a);
    const double side_origin = -a.dot(n);
    const double side_opposite = (s->v[f[3]].w - a).dot(n);
    // Outside (or on) this face's plane, or a flat tetrahedron: test the face.
    if (!flat && side_origin * side_opposite > 0.0) continue;
    any_outside = true;
    Simplex t = *s;
    ClosestOnTriangle(&t, f[0], f[1], f[2]);
    const double d = ClosestPoint(t).squaredNorm();
    if (d < best) {
      best = d;
      best_simplex = t;
    }
  }
  if (!any_outside) return false;
  *s = best_simplex;
  return true;
}

}  // namespace

MinkowskiVertex MinkowskiSupport(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB, const Vec3& d,
                                 bool full_shapes) {
  auto support_of = [full_shapes](const Shape& shape, const Vec3& dir) {
    return full_shapes ? FullSupport(shape, dir) : CoreSupport(shape, dir);
  };
  MinkowskiVertex v;
  v.a = X_WA.q * support_of(A, X_WA.q.conjugate() * d);
  v.b = X_WB.q * support_of(B, X_WB.q.conjugate() * -d) + (X_WB.p - X_WA.p);
  v.w = v.a - v.b;
  return v;
}

GjkResult GjkDistance(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB, bool full_shapes,
                      GjkSimplex* simplex_out) {
  const Vec3 pB = X_WB.p - X_WA.p;  // B's origin relative to A's
  auto support = [&](const Vec3& d) { return MinkowskiSupport(A, X_WA, B, X_WB, d, full_shapes); };
  // Scale of the problem for the overlap tolerance.
  const double scale = std::max({1e-3, BoundingRadius(A), BoundingRadius(B)});
  const double overlap_tol2 = (1e-12 * scale) * (1e-12 * scale);
  constexpr double kRelTol = 1e-12;
  constexpr int kMaxIterations = 64;

  GjkResult result;
  Simplex s;
  Vec3 d = pB.squaredNorm() > 0.0 ? Vec3(-pB) : Vec3(Vec3::UnitX());
  s.v[0] = support(d);
  s.lambda[0] = 1.0;
  s.n = 1;
  Vec3 v = s.v[0].w;
  int it = 0;
  for (; it < kMaxIterations; ++it) {
    const double vv = v.squaredNorm();
    if (vv <= overlap_tol2) {
      result.overlap = true;
      break;
    }
    const Vertex w = support(-v);
    // No progress possible: v is (to kRelTol) the closest point.
    if (vv - v.dot(w.w) <= kRelTol * vv) break;
    bool duplicate = false;
    for (int i = 0; i < s.n; ++i) duplicate |= (s.v[i].w == w.w);
    if (duplicate) break;
    const Simplex previous = s;
    s.v[s.n] = w;
    s.lambda[s.n] = 0.0;
    ++s.n;
    switch (s.n) {
      case 2: ClosestOnSegment(&s, 0, 1); break;
      case 3: ClosestOnTriangle(&s, 0, 1, 2); break;
      case 4:
        if (!ClosestOnTetrahedron(&s)) {
          result.overlap = true;
          v.setZero();
        }
        break;
    }
    if (result.overlap) break;
    const Vec3 v_next = ClosestPoint(s);
    if (v_next.squaredNorm() >= vv) {  // rounding: no decrease, keep the previous answer
      s = previous;
      break;
    }
    v = v_next;
  }
  result.iterations = it;
  if (simplex_out) {
    simplex_out->n = s.n;
    for (int i = 0; i < s.n; ++i) simplex_out->v[i] = s.v[i];
  }
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  for (int i = 0; i < s.n; ++i) {
    a += s.lambda[i] * s.v[i].a;
    b += s.lambda[i] * s.v[i].b;
  }
  result.p_A = a + X_WA.p;
  result.p_B = b + X_WA.p;
  result.v_AB = a - b;
  result.core_distance = result.overlap ? 0.0 : v.norm();
  return result;
}

}  // namespace grasplab
