#include "core/collision/epa.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/collision/gjk.h"
#include "core/geometry/support.h"

namespace grasplab {
namespace {

using Vertex = MinkowskiVertex;  // w = a - b, relative to A's origin
using Face = EpaFace;
using Polytope = EpaPolytope;

}  // namespace

bool EpaPolytope::AddFace(int a, int b, int c) {
  const Vec3 n = (verts[b].w - verts[a].w).cross(verts[c].w - verts[a].w);
  const double len = n.norm();
  if (!(len > 0.0)) return false;
  Face f{{a, b, c}, n / len, 0.0};
  f.dist = f.n.dot(verts[a].w);
  faces.push_back(f);
  return true;
}

namespace {

// The support of the Minkowski difference A - B on the full shapes.
struct MinkowskiSupportFn {
  const Shape& A;
  const Pose& X_WA;
  const Shape& B;
  const Pose& X_WB;
  Vertex operator()(const Vec3& d) const { return MinkowskiSupport(A, X_WA, B, X_WB, d, /*full_shapes=*/true); }
};

// Seed: GJK's final simplex on the full shapes, grown to a tetrahedron or a
// triangular bipyramid around the origin when GJK stopped on a lower-
// dimensional simplex (the origin on a vertex, edge or face: touching).
// False when no polytope with the origin inside can be built (not
// overlapping after all, or degenerate).
bool SeedPolytope(const MinkowskiSupportFn& support, const GjkSimplex& simplex, double tol, Polytope* poly_io) {
  Polytope& poly = *poly_io;
  for (int i = 0; i < simplex.n; ++i) poly.verts.push_back(simplex.v[i]);
  auto far_from = [&](const std::vector<Vertex>& vs, const Vertex& w) {
    for (const Vertex& v : vs) {
      if ((v.w - w.w).squaredNorm() <= tol * tol) return false;
    }
    return true;
  };
  // Up to a segment: try the six axis directions.
  const Vec3 axes[6] = {Vec3::UnitX(), -Vec3::UnitX(), Vec3::UnitY(), -Vec3::UnitY(), Vec3::UnitZ(), -Vec3::UnitZ()};
  for (int i = 0; i < 6 && poly.verts.size() < 2; ++i) {
    const Vertex w = support(axes[i]);
    if (far_from(poly.verts, w)) poly.verts.push_back(w);
  }
  if (poly.verts.size() < 2) return false;
  // Up to a triangle: directions perpendicular to the segment.
  if (poly.verts.size() == 2) {
    const Vec3 u = (poly.verts[1].w - poly.verts[0].w).normalized();
    const Vec3 e1 = (std::abs(u.x()) < 0.57 ? Vec3::UnitX() : Vec3::UnitY()).cross(u).normalized();
    const Vec3 e2 = u.cross(e1);
    const Vec3 perp[4] = {e1, e2, -e1, -e2};
    for (int i = 0; i < 4 && poly.verts.size() < 3; ++i) {
      const Vertex w = support(perp[i]);
      const double off_line = (w.w - poly.verts[0].w).cross(u).norm();
      if (off_line > tol) poly.verts.push_back(w);
    }
    if (poly.verts.size() < 3) return false;
  }
  if (poly.verts.size() == 3) {
    // Bipyramid over the triangle: apexes along both normals.
    const Vec3 n = (poly.verts[1].w - poly.verts[0].w).cross(poly.verts[2].w - poly.verts[0].w).normalized();
    const Vertex up = support(n), down = support(-n);
    if (!(n.dot(up.w - poly.verts[0].w) > tol) || !(n.dot(poly.verts[0].w - down.w) > tol)) return false;
    poly.verts.push_back(up);
    poly.verts.push_back(down);
    const bool ok = poly.AddFace(0, 1, 3) && poly.AddFace(1, 2, 3) && poly.AddFace(2, 0, 3) &&
                    poly.AddFace(1, 0, 4) && poly.AddFace(2, 1, 4) && poly.AddFace(0, 2, 4);
    if (!ok) return false;
  } else {
    // Tetrahedron: orient faces away from the opposite vertex.
    static const int kFaces[4][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};
    for (const auto& f : kFaces) {
      const Vec3 n = (poly.verts[f[1]].w - poly.verts[f[0]].w).cross(poly.verts[f[2]].w - poly.verts[f[0]].w);
      const bool flip = n.dot(poly.verts[f[3]].w - poly.verts[f[0]].w) > 0.0;
      if (!(flip ? poly.AddFace(f[0], f[2], f[1]) : poly.AddFace(f[0], f[1], f[2]))) return false;
    }
  }
  for (const Face& f : poly.faces) {
    if (f.dist < -tol) return false;  // origin outside the seed: not overlapping after all
  }
  return true;
}

// Expands the polytope towards the face closest to the origin until the
// support along its normal adds less than tol (at most 64 iterations).
// Returns that face's index (-1: none), *iterations the count.
int ExpandPolytope(const MinkowskiSupportFn& support, double tol, Polytope* poly_io, int* iterations) {
  Polytope& poly = *poly_io;
  constexpr int kMaxIterations = 64;
  int it = 0;
  int best = -1;
  for (; it < kMaxIterations; ++it) {
    best = -1;
    for (int i = 0; i < static_cast<int>(poly.faces.size()); ++i) {
      if (poly.faces[i].alive && (best < 0 || poly.faces[i].dist < poly.faces[best].dist)) best = i;
    }
    if (best < 0) return -1;
    // The origin is inside the polytope at every step; a face behind it
    // means rounding broke the hull (coplanar support points): give up
    // rather than expand a face pointing inwards.
    if (poly.faces[best].dist < -tol) return -1;
    const Face closest = poly.faces[best];
    const Vertex w = support(closest.n);
    if (closest.n.dot(w.w) - closest.dist <= tol) break;  // converged
    const int wi = static_cast<int>(poly.verts.size());
    poly.verts.push_back(w);
    // Remove every face that sees w; collect the horizon (edges of removed
    // faces not shared with another removed face), then fan from w.
    std::vector<std::pair<int, int>>& horizon = poly.horizon;
    horizon.clear();
    // A face sees w when w is more than tol in front of it: faces w lies on
    // (within rounding: a box's Minkowski difference has many coplanar
    // support points) stay, so the removed faces form one cap and the
    // horizon one loop. With a strict 0 here, two aligned boxes 6 mm deep
    // were torn into a hull with inward faces and no contact at all.
    for (Face& f : poly.faces) {
      if (!f.alive || f.n.dot(w.w - poly.verts[f.v[0]].w) <= tol) continue;
      f.alive = false;
      for (int e = 0; e < 3; ++e) {
        const std::pair<int, int> edge{f.v[e], f.v[(e + 1) % 3]};
        auto twin = std::find(horizon.begin(), horizon.end(), std::pair<int, int>{edge.second, edge.first});
        if (twin != horizon.end()) {
          horizon.erase(twin);
        } else {
          horizon.push_back(edge);
        }
      }
    }
    for (const auto& [a, b] : horizon) {
      if (!poly.AddFace(a, b, wi)) continue;
    }
    // Compact dead faces now and then to keep the scans short.
    if (poly.faces.size() > 256) {
      poly.faces.erase(std::remove_if(poly.faces.begin(), poly.faces.end(), [](const Face& f) { return !f.alive; }),
                       poly.faces.end());
    }
  }
  *iterations = it;
  return best;
}

}  // namespace

PenetrationResult EpaPenetration(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB) {
  EpaPolytope polytope;
  return EpaPenetration(A, X_WA, B, X_WB, &polytope);
}

PenetrationResult EpaPenetration(const Shape& A, const Pose& X_WA, const Shape& B, const Pose& X_WB,
                                 EpaPolytope* polytope) {
  const MinkowskiSupportFn support{A, X_WA, B, X_WB};
  const double scale = std::max({1e-3, BoundingRadius(A), BoundingRadius(B)});
  // Depth accuracy: 1e-7 of the shape size (5 nm on a 5 cm finger). Curved
  // shapes (cylinders, rounded cores) converge linearly, so a tighter
  // tolerance costs many iterations for nothing the solver can use.
  const double tol = 1e-7 * scale;
  PenetrationResult result;
  GjkSimplex simplex;
  GjkDistance(A, X_WA, B, X_WB, /*full_shapes=*/true, &simplex);
  Polytope& poly = *polytope;
  poly.verts.clear();
  poly.faces.clear();
  if (!SeedPolytope(support, simplex, tol, &poly)) return result;
  int it = 0;
  const int best = ExpandPolytope(support, tol, &poly, &it);
  if (best < 0) return result;
  // Closest point of the best face to the origin, in barycentric coordinates.
  const Face& f = poly.faces[best];
  const Vertex &va = poly.verts[f.v[0]], &vb = poly.verts[f.v[1]], &vc = poly.verts[f.v[2]];
  const Vec3 p = f.n * f.dist;
  const Vec3 v0 = vb.w - va.w, v1 = vc.w - va.w, v2 = p - va.w;
  const double d00 = v0.dot(v0), d01 = v0.dot(v1), d11 = v1.dot(v1), d20 = v2.dot(v0), d21 = v2.dot(v1);
  const double denom = d00 * d11 - d01 * d01;
  double l1 = 0.0, l2 = 0.0;
  if (denom > 0.0) {
    l1 = (d11 * d20 - d01 * d21) / denom;
    l2 = (d00 * d21 - d01 * d20) / denom;
  }
  const double l0 = 1.0 - l1 - l2;
  result.valid = true;
  result.iterations = it;
  result.depth = std::max(0.0, f.dist);
  // C's outward normal n at the exit point: moving A by -n * depth
  // separates, so the normal from B to A is -n.
  result.n_BA = -f.n;
  result.p_A = l0 * va.a + l1 * vb.a + l2 * vc.a + X_WA.p;
  result.p_B = l0 * va.b + l1 * vb.b + l2 * vc.b + X_WA.p;
  return result;
}

}  // namespace grasplab
