#include "core/geometry/convex_polyhedron.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/geometry/convex_hull.h"
#include "core/math/det_math.h"
#include "core/math/tangent_basis.h"

namespace grasplab {
namespace {

// Appends a face and its plane (Newell's normal, offset from the vertex mean).
void AddFace(ConvexPolyhedron* p, const Vec3* v, int count, int origin) {
  ConvexPolyhedron::Face f;
  f.first = static_cast<int>(p->points.size());
  f.count = count;
  f.origin = origin;
  Vec3 n = Vec3::Zero(), mean = Vec3::Zero();
  for (int i = 0; i < count; ++i) {
    const Vec3& a = v[i];
    const Vec3& b = v[(i + 1) % count];
    n += a.cross(b);
    mean += a;
    p->points.push_back(a);
  }
  mean /= count;
  const double len = n.norm();
  n = len > 0.0 ? Vec3(n / len) : Vec3::UnitZ();
  p->faces.push_back(f);
  p->normals.push_back(n);
  p->offsets.push_back(n.dot(mean));
}

ConvexPolyhedron FromTriangles(const std::vector<Vec3>& v, const std::vector<std::array<int, 3>>& tris, int origin) {
  ConvexPolyhedron p;
  p.points.reserve(3 * tris.size());
  for (const auto& t : tris) {
    const Vec3 tri[3] = {v[t[0]], v[t[1]], v[t[2]]};
    AddFace(&p, tri, 3, origin);
  }
  return p;
}

StatusOr<ConvexPolyhedron> FromPoints(const std::vector<Vec3>& points, int origin, const char* what) {
  auto hull = BuildConvexHull(points, what);
  if (!hull.ok()) return hull.status();
  std::vector<Vec3> v = hull.value()->vertices;
  for (Vec3& x : v) x += hull.value()->centroid;  // back to the points' frame
  return FromTriangles(v, hull.value()->triangles, origin);
}

// x^(1/3) for x > 0 by Newton's method (no libm: deterministic).
double CubeRoot(double x) {
  double s = 1.0;
  for (int i = 0; i < 60; ++i) {
    const double next = (2.0 * s + x / (s * s)) / 3.0;
    if (next == s) break;
    s = next;
  }
  return s;
}

// The icosahedron subdivided `levels` times, on the unit sphere.
void Icosphere(int levels, std::vector<Vec3>* v, std::vector<std::array<int, 3>>* tris) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  *v = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
        {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  for (Vec3& x : *v) x.normalize();
  *tris = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
           {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
           {3, 8, 9},  {4, 9, 5},  {2, 4, 11},  {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int level = 0; level < levels; ++level) {
    std::vector<std::array<int, 3>> next;
    std::vector<std::array<int, 3>> midpoints;  // (lo, hi, index), sorted search
    auto mid = [&](int a, int b) {
      const int lo = std::min(a, b), hi = std::max(a, b);
      for (const auto& m : midpoints) {
        if (m[0] == lo && m[1] == hi) return m[2];
      }
      v->push_back(((*v)[lo] + (*v)[hi]).normalized());
      midpoints.push_back({lo, hi, static_cast<int>(v->size()) - 1});
      return static_cast<int>(v->size()) - 1;
    };
    for (const auto& f : *tris) {
      const int ab = mid(f[0], f[1]), bc = mid(f[1], f[2]), ca = mid(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    *tris = std::move(next);
  }
}

bool LexLess(const Vec3& a, const Vec3& b) {
  if (a.x() != b.x()) return a.x() < b.x();
  if (a.y() != b.y()) return a.y() < b.y();
  return a.z() < b.z();
}

}  // namespace

StatusOr<ConvexPolyhedron> PolyhedronOfShape(const Shape& shape, int origin) {
  if (const auto* b = std::get_if<BoxShape>(&shape)) {
    const Vec3& e = b->half_extents;
    auto corner = [&](int sx, int sy, int sz) { return Vec3(sx * e.x(), sy * e.y(), sz * e.z()); };
    ConvexPolyhedron p;
    // Each face counter-clockwise seen from outside.
    const Vec3 faces[6][4] = {
        {corner(1, -1, -1), corner(1, 1, -1), corner(1, 1, 1), corner(1, -1, 1)},       // +x
        {corner(-1, -1, -1), corner(-1, -1, 1), corner(-1, 1, 1), corner(-1, 1, -1)},   // -x
        {corner(-1, 1, -1), corner(-1, 1, 1), corner(1, 1, 1), corner(1, 1, -1)},       // +y
        {corner(-1, -1, -1), corner(1, -1, -1), corner(1, -1, 1), corner(-1, -1, 1)},   // -y
        {corner(-1, -1, 1), corner(1, -1, 1), corner(1, 1, 1), corner(-1, 1, 1)},       // +z
        {corner(-1, -1, -1), corner(-1, 1, -1), corner(1, 1, -1), corner(1, -1, -1)}};  // -z
    for (const auto& f : faces) AddFace(&p, f, 4, origin);
    return p;
  }
  if (const auto* s = std::get_if<SphereShape>(&shape)) {
    std::vector<Vec3> v;
    std::vector<std::array<int, 3>> tris;
    Icosphere(2, &v, &tris);
    ConvexPolyhedron p = FromTriangles(v, tris, origin);
    double volume;
    Vec3 centroid;
    PolyhedronVolume(p, &volume, &centroid);
    const double scale = s->radius * CubeRoot((4.0 / 3.0) * kPi / volume);  // same volume as the sphere
    for (Vec3& x : v) x *= scale;
    return FromTriangles(v, tris, origin);
  }
  if (const auto* c = std::get_if<CapsuleShape>(&shape)) {
    std::vector<Vec3> pts;
    constexpr int kRings = 8, kAround = 16;
    for (int side : {+1, -1}) {
      pts.push_back(Vec3(0, 0, side * (0.5 * c->length + c->radius)));
      for (int i = 1; i <= kRings; ++i) {
        double sp, cp;
        DetSinCos(0.5 * kPi * i / kRings, &sp, &cp);
        for (int k = 0; k < kAround; ++k) {
          double sa, ca;
          DetSinCos(2.0 * kPi * k / kAround, &sa, &ca);
          pts.push_back(Vec3(c->radius * sp * ca, c->radius * sp * sa, side * (0.5 * c->length + c->radius * cp)));
        }
      }
    }
    if (c->length == 0.0) pts.resize(pts.size() - kAround);  // the two equators coincide
    return FromPoints(pts, origin, "capsule");
  }
  if (const auto* c = std::get_if<CylinderShape>(&shape)) {
    std::vector<Vec3> pts;
    constexpr int kAround = 32;
    for (int side : {+1, -1}) {
      for (int k = 0; k < kAround; ++k) {
        double sa, ca;
        DetSinCos(2.0 * kPi * k / kAround, &sa, &ca);
        pts.push_back(Vec3(c->radius * ca, c->radius * sa, side * 0.5 * c->length));
      }
    }
    return FromPoints(pts, origin, "cylinder");
  }
  if (const auto* h = std::get_if<ConvexShape>(&shape)) {
    return FromTriangles(h->hull->vertices, h->hull->triangles, origin);
  }
  return Status::Error(std::string(ShapeTypeName(shape)) + ": has no convex polyhedron (overlap volumes need convex solids)");
}

void TransformPolyhedron(const ConvexPolyhedron& in, const Pose& X, ConvexPolyhedron* out) {
  const Mat3 R = X.q.toRotationMatrix();
  out->faces = in.faces;
  out->points.resize(in.points.size());
  out->normals.resize(in.normals.size());
  out->offsets.resize(in.offsets.size());
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (std::size_t i = 0; i < in.points.size(); ++i) {
    const Vec3 x = R * in.points[i] + X.p;
    out->points[i] = x;
    lo = lo.cwiseMin(x);
    hi = hi.cwiseMax(x);
  }
  out->lo = lo;
  out->hi = hi;
  for (std::size_t f = 0; f < in.normals.size(); ++f) {
    out->normals[f] = R * in.normals[f];
    out->offsets[f] = in.offsets[f] + out->normals[f].dot(X.p);
  }
}

void ClipPolyhedron(const ConvexPolyhedron& in, const Vec3& n, double d, int cap_origin, ConvexPolyhedron* out,
                    std::vector<Vec3>* cap, std::vector<std::pair<double, int>>* cap_order) {
  out->clear();
  cap->clear();
  for (std::size_t fi = 0; fi < in.faces.size(); ++fi) {
    const ConvexPolyhedron::Face& f = in.faces[fi];
    const int start = static_cast<int>(out->points.size());
    // Whole faces on one side skip the edge walk.
    bool all_in = true, all_out = true;
    for (int i = 0; i < f.count; ++i) {
      const double dv = n.dot(in.points[f.first + i]) - d;
      all_in = all_in && dv <= 0.0;
      all_out = all_out && dv > 0.0;
    }
    if (all_out) continue;
    if (all_in) {
      out->points.insert(out->points.end(), in.points.begin() + f.first, in.points.begin() + f.first + f.count);
    } else {
      for (int i = 0; i < f.count; ++i) {
        const Vec3& p = in.points[f.first + i];
        const Vec3& q = in.points[f.first + (i + 1) % f.count];
        const double dp = n.dot(p) - d, dq = n.dot(q) - d;
        if (dp <= 0.0) out->points.push_back(p);
        if ((dp <= 0.0) != (dq <= 0.0)) {
          // The same cut for this edge in both of its faces (header).
          const Vec3 x = LexLess(p, q) ? Vec3(p + (dp / (dp - dq)) * (q - p)) : Vec3(q + (dq / (dq - dp)) * (p - q));
          out->points.push_back(x);
          cap->push_back(x);
        }
      }
    }
    const int count = static_cast<int>(out->points.size()) - start;
    if (count < 3) {
      out->points.resize(start);
      continue;
    }
    out->faces.push_back({start, count, f.origin});
    out->normals.push_back(in.normals[fi]);
    out->offsets.push_back(in.offsets[fi]);
  }
  if (out->faces.empty()) return;
  std::sort(cap->begin(), cap->end(), LexLess);
  cap->erase(std::unique(cap->begin(), cap->end()), cap->end());
  if (cap->size() < 3) return;
  // Counter-clockwise about n seen from outside (+n side): sort by angle in
  // the basis (t1, t2) with t1 x t2 = n, around the points' mean.
  Vec3 t1, t2;
  TangentBasis(n, &t1, &t2);
  Vec3 mean = Vec3::Zero();
  for (const Vec3& x : *cap) mean += x;
  mean /= static_cast<double>(cap->size());
  std::vector<std::pair<double, int>>& order = *cap_order;
  order.resize(cap->size());
  for (std::size_t i = 0; i < cap->size(); ++i) {
    const Vec3 r = (*cap)[i] - mean;
    order[i] = {DetAtan2(r.dot(t2), r.dot(t1)), static_cast<int>(i)};
  }
  std::sort(order.begin(), order.end());
  const int start = static_cast<int>(out->points.size());
  for (const auto& [angle, i] : order) out->points.push_back((*cap)[i]);
  out->faces.push_back({start, static_cast<int>(order.size()), cap_origin});
  out->normals.push_back(n);
  out->offsets.push_back(d);
}

void PolyhedronVolume(const ConvexPolyhedron& p, double* volume, Vec3* centroid) {
  Vec3 o = Vec3::Zero();
  for (const Vec3& x : p.points) o += x;
  if (!p.points.empty()) o /= static_cast<double>(p.points.size());
  double six_v = 0.0;
  Vec3 moment = Vec3::Zero();
  for (const ConvexPolyhedron::Face& f : p.faces) {
    const Vec3 a = p.points[f.first] - o;
    for (int i = 1; i + 1 < f.count; ++i) {
      const Vec3 b = p.points[f.first + i] - o, c = p.points[f.first + i + 1] - o;
      const double v6 = a.dot(b.cross(c));
      six_v += v6;
      moment += v6 * (a + b + c);
    }
  }
  *volume = six_v / 6.0;
  *centroid = six_v > 0.0 ? Vec3(o + moment / (4.0 * six_v)) : o;
}

}  // namespace grasplab
