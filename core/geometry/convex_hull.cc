#include "core/geometry/convex_hull.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "core/base/format.h"
#include "core/geometry/hull_support.h"

namespace grasplab {
namespace {

struct Face {
  std::array<int, 3> v;
  Vec3 n;       // outward unit normal
  double d;     // plane offset: n . x = d on the face
  std::vector<int> outside;  // indices of points above this face
  bool alive = true;
};

Face MakeFace(const std::vector<Vec3>& p, int a, int b, int c) {
  Face f;
  f.v = {a, b, c};
  f.n = (p[b] - p[a]).cross(p[c] - p[a]).normalized();
  f.d = f.n.dot(p[a]);
  return f;
}

// Mass properties of the solid bounded by outward triangles, from the
// signed tetrahedra (o, a, b, c) with o the first vertex: volume, centroid
// and the second moment C = integral of x x^T dV about o.
void MassProperties(ConvexHull* hull, const std::vector<Vec3>& p) {
  const Vec3 o = p[hull->triangles[0][0]];
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 C = Mat3::Zero();
  for (const auto& t : hull->triangles) {
    const Vec3 a = p[t[0]] - o, b = p[t[1]] - o, c = p[t[2]] - o;
    const double det = a.dot(b.cross(c));  // 6 x the signed volume
    volume += det / 6.0;
    first += det / 24.0 * (a + b + c);
    const Vec3 s = a + b + c;
    C += det / 120.0 * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  const Vec3 centroid_o = first / volume;
  // Second moment about the centroid, per unit volume, then inertia per kg:
  // I = tr(C) I3 - C.
  const Mat3 Cc = C / volume - centroid_o * centroid_o.transpose();
  hull->volume = volume;
  hull->centroid = o + centroid_o;
  hull->unit_inertia = Mat3::Identity() * Cc.trace() - Cc;
}

// Point pi joins the outside set of the first live face of `candidates` it
// is above (by more than eps); above none, it is inside.
void AssignOutside(std::vector<Face>* faces, const std::vector<Vec3>& p, double eps, int pi,
                   const std::vector<int>& candidates) {
  for (int fi : candidates) {
    Face& f = (*faces)[fi];
    if (f.alive && f.n.dot(p[pi]) - f.d > eps) {
      f.outside.push_back(pi);
      return;
    }
  }
}

// The initial tetrahedron: the extreme pair along the widest axis, the point
// farthest from their line, the point farthest from their plane; its four
// outward faces, every other point assigned outside one of them.
Status InitialTetrahedron(const std::vector<Vec3>& p, const Vec3& extent, double eps, const std::string& field,
                          std::vector<Face>* faces) {
  int axis;
  extent.maxCoeff(&axis);
  int i0 = 0, i1 = 0;
  for (int i = 0; i < static_cast<int>(p.size()); ++i) {
    if (p[i][axis] < p[i0][axis]) i0 = i;
    if (p[i][axis] > p[i1][axis]) i1 = i;
  }
  const Vec3 u = (p[i1] - p[i0]).normalized();
  int i2 = -1;
  double best = eps;
  for (int i = 0; i < static_cast<int>(p.size()); ++i) {
    const double dist = (p[i] - p[i0]).cross(u).norm();
    if (dist > best) best = dist, i2 = i;
  }
  if (i2 < 0) return Status::Error(field + ": points are collinear; a convex shape needs volume");
  const Vec3 n0 = (p[i1] - p[i0]).cross(p[i2] - p[i0]).normalized();
  int i3 = -1;
  best = eps;
  for (int i = 0; i < static_cast<int>(p.size()); ++i) {
    const double dist = std::abs(n0.dot(p[i] - p[i0]));
    if (dist > best) best = dist, i3 = i;
  }
  if (i3 < 0) return Status::Error(field + ": points are coplanar; a convex shape needs volume");
  const bool above = n0.dot(p[i3] - p[i0]) > 0.0;  // i3 on the +n0 side: flip the base
  if (above) {
    faces->push_back(MakeFace(p, i0, i2, i1));
    faces->push_back(MakeFace(p, i0, i1, i3));
    faces->push_back(MakeFace(p, i1, i2, i3));
    faces->push_back(MakeFace(p, i2, i0, i3));
  } else {
    faces->push_back(MakeFace(p, i0, i1, i2));
    faces->push_back(MakeFace(p, i1, i0, i3));
    faces->push_back(MakeFace(p, i2, i1, i3));
    faces->push_back(MakeFace(p, i0, i2, i3));
  }
  const std::vector<int> all = {0, 1, 2, 3};
  for (int i = 0; i < static_cast<int>(p.size()); ++i) {
    if (i != i0 && i != i1 && i != i2 && i != i3) AssignOutside(faces, p, eps, i, all);
  }
  return Status::Ok();
}

// Quickhull: while a face has outside points, its farthest one becomes a
// vertex; every face that sees it goes, and its directed edges without a
// reversed twin among them (the horizon) are coned to it.
void GrowHull(const std::vector<Vec3>& p, double eps, std::vector<Face>* faces_io) {
  std::vector<Face>& faces = *faces_io;
  for (std::size_t fi = 0; fi < faces.size(); ++fi) {
    if (!faces[fi].alive || faces[fi].outside.empty()) continue;
    int apex = faces[fi].outside[0];
    double far = -1.0;
    for (int pi : faces[fi].outside) {
      const double dist = faces[fi].n.dot(p[pi]) - faces[fi].d;
      if (dist > far) far = dist, apex = pi;
    }
    std::vector<int> visible;
    std::map<std::pair<int, int>, int> edges;
    for (std::size_t g = 0; g < faces.size(); ++g) {
      if (faces[g].alive && faces[g].n.dot(p[apex]) - faces[g].d > eps) visible.push_back(static_cast<int>(g));
    }
    std::vector<int> orphans;
    for (int g : visible) {
      faces[g].alive = false;
      for (int e = 0; e < 3; ++e) edges[{faces[g].v[e], faces[g].v[(e + 1) % 3]}] = g;
      for (int pi : faces[g].outside) {
        if (pi != apex) orphans.push_back(pi);
      }
      faces[g].outside.clear();
      faces[g].outside.shrink_to_fit();
    }
    std::vector<int> created;
    for (const auto& [edge, g] : edges) {
      if (edges.count({edge.second, edge.first})) continue;
      faces.push_back(MakeFace(p, edge.first, edge.second, apex));
      created.push_back(static_cast<int>(faces.size() - 1));
    }
    std::sort(orphans.begin(), orphans.end());
    for (int pi : orphans) AssignOutside(&faces, p, eps, pi, created);
    fi = static_cast<std::size_t>(-1);  // rescan from the start (faces grew)
  }
}

// Each triangle edge links its two ends both ways; rows sorted and
// de-duplicated, so the graph depends only on the triangles. Then the first
// vertex extreme along each signed axis (the climb's start candidates).
void BuildAdjacency(ConvexHull* hull) {
  const int n = static_cast<int>(hull->vertices.size());
  std::vector<std::pair<int, int>> edges;
  edges.reserve(6 * hull->triangles.size());
  for (const auto& t : hull->triangles) {
    for (int e = 0; e < 3; ++e) {
      edges.emplace_back(t[e], t[(e + 1) % 3]);
      edges.emplace_back(t[(e + 1) % 3], t[e]);
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  hull->neighbor_offsets.assign(n + 1, 0);
  hull->neighbors.clear();
  hull->neighbors.reserve(edges.size());
  for (const auto& [from, to] : edges) {
    ++hull->neighbor_offsets[from + 1];
    hull->neighbors.push_back(to);
  }
  for (int i = 0; i < n; ++i) hull->neighbor_offsets[i + 1] += hull->neighbor_offsets[i];
  for (int k = 0; k < 6; ++k) {
    const int axis = k / 2;
    const double sign = (k % 2 == 0) ? 1.0 : -1.0;
    int best = 0;
    for (int i = 1; i < n; ++i) {
      if (sign * hull->vertices[i][axis] > sign * hull->vertices[best][axis]) best = i;
    }
    hull->axis_extremes[k] = best;
  }
  BuildSupportStartMap(hull);
}

// Keeps the vertices used by live faces, in input-sorted order, then the
// mass properties and bounds about the centroid.
StatusOr<std::shared_ptr<const ConvexHull>> CompactHull(const std::vector<Vec3>& p, const std::vector<Face>& faces,
                                                        const std::string& field) {
  auto hull = std::make_shared<ConvexHull>();
  std::vector<int> remap(p.size(), -1);
  std::vector<Vec3> used;
  for (const Face& f : faces) {
    if (!f.alive) continue;
    for (int v : f.v) {
      if (remap[v] < 0) {
        remap[v] = static_cast<int>(used.size());
        used.push_back(p[v]);
      }
    }
    hull->triangles.push_back({remap[f.v[0]], remap[f.v[1]], remap[f.v[2]]});
  }
  MassProperties(hull.get(), used);
  if (!(hull->volume > 0.0)) return Status::Error(field + ": hull has no volume");
  for (const Vec3& v : used) hull->vertices.push_back(v - hull->centroid);
  hull->bounds_min = hull->bounds_max = hull->vertices[0];
  for (const Vec3& v : hull->vertices) {
    hull->bounds_min = hull->bounds_min.cwiseMin(v);
    hull->bounds_max = hull->bounds_max.cwiseMax(v);
    hull->bounding_radius = std::max(hull->bounding_radius, v.norm());
  }
  BuildAdjacency(hull.get());
  return std::shared_ptr<const ConvexHull>(std::move(hull));
}

}  // namespace

StatusOr<std::shared_ptr<const ConvexHull>> BuildConvexHull(const std::vector<Vec3>& input, const std::string& field) {
  if (static_cast<long long>(input.size()) > kMaxHullInputPoints) {
    return Status::Error(field + ": at most " + std::to_string(kMaxHullInputPoints) + " points, got " +
                         std::to_string(input.size()));
  }
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!IsFinite(input[i])) return Status::Error(field + "[" + std::to_string(i) + "]: must be finite");
  }
  // Sorted, de-duplicated copy: the hull then does not depend on input order.
  std::vector<Vec3> p = input;
  std::sort(p.begin(), p.end(), [](const Vec3& a, const Vec3& b) {
    return std::lexicographical_compare(a.data(), a.data() + 3, b.data(), b.data() + 3);
  });
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 4) {
    return Status::Error(field + ": a convex shape needs at least 4 distinct points, got " + std::to_string(p.size()));
  }
  Vec3 lo = p[0], hi = p[0];
  for (const Vec3& x : p) {
    lo = lo.cwiseMin(x);
    hi = hi.cwiseMax(x);
  }
  const double eps = 1e-10 * (hi - lo).maxCoeff();
  std::vector<Face> faces;
  GL_TRY(InitialTetrahedron(p, hi - lo, eps, field, &faces));
  GrowHull(p, eps, &faces);
  return CompactHull(p, faces, field);
}

}  // namespace grasplab
