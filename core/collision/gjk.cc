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

// The sub-algorithm reads the simplex `in` and writes the smallest
// sub-simplex holding its closest point to the origin into `out` (never the
// same simplex): GJK keeps the previous simplex in the other buffer, so a
// step that does not decrease |v| falls back without a copy.

// Writes the vertices of `in` with the listed indices, and their weights.
void Keep(const Simplex& in, std::initializer_list<std::pair<int, double>> kept, Simplex* out) {
  int n = 0;
  for (auto [i, w] : kept) {
    out->v[n] = in.v[i];
    out->lambda[n] = w;
    ++n;
  }
  out->n = n;
}

void ClosestOnSegment(const Simplex& in, int ia, int ib, Simplex* out) {
  const Vec3& a = in.v[ia].w;
  const Vec3 ab = in.v[ib].w - a;
  const double denom = ab.dot(ab);
  const double t = denom > 0.0 ? -a.dot(ab) / denom : 0.0;
  if (t <= 0.0) {
    Keep(in, {{ia, 1.0}}, out);
  } else if (t >= 1.0) {
    Keep(in, {{ib, 1.0}}, out);
  } else {
    Keep(in, {{ia, 1.0 - t}, {ib, t}}, out);
  }
}

// Ericson 5.1.5 with the query point at the origin.
void ClosestOnTriangle(const Simplex& in, int ia, int ib, int ic, Simplex* out) {
  const Vec3 &a = in.v[ia].w, &b = in.v[ib].w, &c = in.v[ic].w;
  const Vec3 ab = b - a, ac = c - a;
  const double d1 = -ab.dot(a), d2 = -ac.dot(a);
  if (d1 <= 0.0 && d2 <= 0.0) return Keep(in, {{ia, 1.0}}, out);
  const double d3 = -ab.dot(b), d4 = -ac.dot(b);
  if (d3 >= 0.0 && d4 <= d3) return Keep(in, {{ib, 1.0}}, out);
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
    const double t = d1 / (d1 - d3);
    return Keep(in, {{ia, 1.0 - t}, {ib, t}}, out);
  }
  const double d5 = -ab.dot(c), d6 = -ac.dot(c);
  if (d6 >= 0.0 && d5 <= d6) return Keep(in, {{ic, 1.0}}, out);
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
    const double t = d2 / (d2 - d6);
    return Keep(in, {{ia, 1.0 - t}, {ic, t}}, out);
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return Keep(in, {{ib, 1.0 - t}, {ic, t}}, out);
  }
  const double denom = va + vb + vc;
  if (!(denom > 0.0)) {  // degenerate (collinear) triangle: fall back to its longest edge
    return ClosestOnSegment(in, ia, (b - a).squaredNorm() >= (c - a).squaredNorm() ? ib : ic, out);
  }
  const double v = vb / denom, w = vc / denom;
  Keep(in, {{ia, 1.0 - v - w}, {ib, v}, {ic, w}}, out);
}

Vec3 ClosestPoint(const Simplex& s) {
  Vec3 p = Vec3::Zero();
  for (int i = 0; i < s.n; ++i) p += s.lambda[i] * s.v[i].w;
  return p;
}

// Ericson 5.1.6: the origin's closest point on a tetrahedron. Returns false
// (and leaves `out`) when the origin is inside.
bool ClosestOnTetrahedron(const Simplex& in, Simplex* out) {
  static const int kFaces[4][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {1, 3, 2, 0}};
  double best = INFINITY;
  // Each face's answer goes to the candidate buffer that does not hold the
  // best so far.
  Simplex candidates[2];
  int best_index = -1;
  bool any_outside = false;
  // A tetrahedron flat to rounding (the four points of two faces in
  // contact, a support point added in the plane of the last triangle) has
  // no inside: the sign of its volume is noise, and reading it as "origin
  // inside" turned a 0.05 mm gap between a jaw and a cube into an overlap
  // that EPA then resolved 37.5 mm sideways. Every face is tested instead.
  double edge = 0.0;
  for (int i = 0; i < 4; ++i) {
    for (int k = i + 1; k < 4; ++k) edge = std::max(edge, (in.v[i].w - in.v[k].w).norm());
  }
  const double volume6 = std::abs((in.v[1].w - in.v[0].w).cross(in.v[2].w - in.v[0].w).dot(in.v[3].w - in.v[0].w));
  const bool flat = !(volume6 > 1e-9 * edge * edge * edge);
  for (const auto& f : kFaces) {
    const Vec3& a = in.v[f[0]].w;
    const Vec3 n = (in.v[f[1]].w - a).cross(in.v[f[2]].w - a);
    const double side_origin = -a.dot(n);
    const double side_opposite = (in.v[f[3]].w - a).dot(n);
    // Outside (or on) this face's plane, or a flat tetrahedron: test the face.
    if (!flat && side_origin * side_opposite > 0.0) continue;
    any_outside = true;
    Simplex& t = candidates[best_index == 0 ? 1 : 0];
    ClosestOnTriangle(in, f[0], f[1], f[2], &t);
    const double d = ClosestPoint(t).squaredNorm();
    if (d < best) {
      best = d;
      best_index = &t == &candidates[0] ? 0 : 1;
    }
  }
  if (!any_outside) return false;
  // No face closer than INFINITY (non-finite points): the tetrahedron as it
  // was, as before the buffers.
  if (best_index < 0) {
    *out = in;
  } else {
    *out = candidates[best_index];
  }
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
  GjkOptions options;
  options.full_shapes = full_shapes;
  return GjkDistance(A, X_WA, B, X_WB, options, simplex_out);
}

GjkResult GjkDistance(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB, const GjkOptions& options,
                      GjkSimplex* simplex_out) {
  const Vec3 pB = X_WB.p - X_WA.p;  // B's origin relative to A's
  const bool full_shapes = options.full_shapes;
  auto support = [&](const Vec3& d) { return MinkowskiSupport(A, X_WA, B, X_WB, d, full_shapes); };
  const double stop2 = options.stop_beyond * options.stop_beyond;
  // Scale of the problem for the overlap tolerance.
  const double scale = std::max({1e-3, BoundingRadius(A), BoundingRadius(B)});
  const double overlap_tol2 = (1e-12 * scale) * (1e-12 * scale);
  constexpr double kRelTol = 1e-12;
  constexpr int kMaxIterations = 64;

  GjkResult result;
  // Two simplex buffers: the sub-algorithm writes the next simplex into the
  // one the current simplex does not use.
  Simplex buffers[2];
  int current = 0;
  Simplex* s = &buffers[0];
  Vec3 d = options.initial_v.squaredNorm() > 0.0 ? Vec3(-options.initial_v)
           : pB.squaredNorm() > 0.0              ? Vec3(-pB)
                                                 : Vec3(Vec3::UnitX());
  s->v[0] = support(d);
  s->lambda[0] = 1.0;
  s->n = 1;
  Vec3 v = s->v[0].w;
  int it = 0;
  for (; it < kMaxIterations; ++it) {
    const double vv = v.squaredNorm();
    if (vv <= overlap_tol2) {
      result.overlap = true;
      break;
    }
    const Vertex w = support(-v);
    // The lower bound v.w / |v| beyond the stop distance (compared squared,
    // v.w > 0 first: no square root on the way).
    const double vw = v.dot(w.w);
    if (vw > 0.0 && vw * vw > stop2 * vv) {
      result.beyond = true;
      result.iterations = it;
      result.core_distance = vw / std::sqrt(vv);
      result.v_AB = v;
      return result;
    }
    // No progress possible: v is (to kRelTol) the closest point.
    if (vv - vw <= kRelTol * vv) break;
    bool duplicate = false;
    for (int i = 0; i < s->n; ++i) duplicate |= (s->v[i].w == w.w);
    if (duplicate) break;
    // The simplex plus w, in place: the slot past n is free, and n goes back
    // if the step is undone.
    s->v[s->n] = w;
    s->lambda[s->n] = 0.0;
    ++s->n;
    Simplex* next = &buffers[1 - current];
    switch (s->n) {
      case 2: ClosestOnSegment(*s, 0, 1, next); break;
      case 3: ClosestOnTriangle(*s, 0, 1, 2, next); break;
      case 4:
        if (!ClosestOnTetrahedron(*s, next)) {
          result.overlap = true;
          v.setZero();
        }
        break;
    }
    if (result.overlap) break;  // the answer is the tetrahedron, *s
    const Vec3 v_next = ClosestPoint(*next);
    if (v_next.squaredNorm() >= vv) {  // rounding: no decrease, keep the previous answer
      --s->n;
      break;
    }
    current = 1 - current;
    s = next;
    v = v_next;
  }
  result.iterations = it;
  if (simplex_out) {
    simplex_out->n = s->n;
    for (int i = 0; i < s->n; ++i) simplex_out->v[i] = s->v[i];
  }
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  for (int i = 0; i < s->n; ++i) {
    a += s->lambda[i] * s->v[i].a;
    b += s->lambda[i] * s->v[i].b;
  }
  result.p_A = a + X_WA.p;
  result.p_B = b + X_WA.p;
  result.v_AB = a - b;
  result.core_distance = result.overlap ? 0.0 : v.norm();
  return result;
}

}  // namespace grasplab
