#include "core/collision/overlap_volume.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grasplab {
namespace {

constexpr double kMinVolume = 1e-18;  // m^3
// Cutting planes are moved out by this much, so a face lying in a cutting
// plane (stacked cubes' side faces, up to round-off) stays a face of the
// clipped solid on both sides, instead of becoming a cap on one side by the
// sign of its round-off, which would tilt the gradient by depth / width.
constexpr double kCoplanar = 1e-10;  // m

// Volume, centroid, eq. 3's direction and the shadow area of a clipped
// overlap polyhedron (faces tagged 0 for A's surface, 1 for B's);
// face_areas is scratch.
bool Characterise(const ConvexPolyhedron& p, std::vector<double>* face_areas, Overlap* out) {
  PolyhedronVolume(p, &out->volume, &out->centroid);
  if (!(out->volume > kMinVolume)) return false;
  const Vec3 c = out->centroid;
  Vec3 s = Vec3::Zero(), g = Vec3::Zero();
  face_areas->resize(p.faces.size());
  for (std::size_t fi = 0; fi < p.faces.size(); ++fi) {
    const ConvexPolyhedron::Face& f = p.faces[fi];
    const double sign = f.origin == 0 ? 1.0 : -1.0;
    const Vec3& v0 = p.points[f.first];
    double face_area = 0.0;
    for (int i = 1; i + 1 < f.count; ++i) {
      const Vec3& v1 = p.points[f.first + i];
      const Vec3& v2 = p.points[f.first + i + 1];
      const double area = 0.5 * (v1 - v0).cross(v2 - v0).norm();
      const Vec3 n_i = c - (v0 + v1 + v2) / 3.0;
      const double w = area * n_i.norm() / 3.0;  // Algorithm 1, lines 7-8 and 13-14
      s += sign * w * n_i;
      face_area += area;
    }
    (*face_areas)[fi] = face_area;
    g -= sign * face_area * p.normals[fi];  // inward on A's faces, outward on B's
  }
  if (!IsFinite(s) || !IsFinite(g)) return false;
  out->direction = s;
  out->gradient = 0.5 * g;
  const double len = g.norm();
  if (!(len > 0.0)) return false;
  const Vec3 sn = g / len;
  double shadow = 0.0;
  for (std::size_t fi = 0; fi < p.faces.size(); ++fi) shadow += (*face_areas)[fi] * std::abs(p.normals[fi].dot(sn));
  out->area = 0.5 * shadow;
  return out->area > 0.0;
}

}  // namespace

bool ConvexOverlap(const ConvexPolyhedron& a, const ConvexPolyhedron& b, OverlapScratch* sc, Overlap* out) {
  *out = Overlap{};
  for (int k = 0; k < 3; ++k) {  // bounding boxes apart: no overlap
    if (a.lo[k] > b.hi[k] || b.lo[k] > a.hi[k]) return false;
  }
  // Clip the solid with more faces by the planes of the other.
  const bool clip_a = a.faces.size() >= b.faces.size();
  const ConvexPolyhedron& body = clip_a ? a : b;
  const ConvexPolyhedron& knife = clip_a ? b : a;
  const int cap_origin = clip_a ? 1 : 0;
  Vec3 mean = Vec3::Zero();
  for (const Vec3& x : body.points) mean += x;
  mean /= static_cast<double>(body.points.size());
  // Planes by how far the clipped solid's vertex mean lies outside them,
  // largest first; ties by index, so the order is deterministic.
  sc->order.resize(knife.faces.size());
  for (std::size_t f = 0; f < knife.faces.size(); ++f) {
    sc->order[f] = {-(knife.normals[f].dot(mean) - knife.offsets[f]), static_cast<int>(f)};
  }
  std::sort(sc->order.begin(), sc->order.end());
  const ConvexPolyhedron* current = &body;
  ConvexPolyhedron* next = &sc->a;
  for (const auto& [key, f] : sc->order) {
    // A plane with the whole current solid inside cuts nothing; one with it
    // all outside leaves nothing.
    double most = -std::numeric_limits<double>::infinity(), least = -most;
    const double d = knife.offsets[f] + kCoplanar;
    for (const Vec3& x : current->points) {
      const double dv = knife.normals[f].dot(x) - d;
      most = std::max(most, dv);
      least = std::min(least, dv);
    }
    if (most <= 0.0) continue;
    if (least > 0.0) return false;
    ClipPolyhedron(*current, knife.normals[f], d, cap_origin, next, &sc->cap, &sc->cap_order);
    if (next->empty()) return false;
    current = next;
    next = next == &sc->a ? &sc->b : &sc->a;
  }
  return Characterise(*current, &sc->face_areas, out);
}

bool HalfSpaceOverlap(const ConvexPolyhedron& a, const Vec3& n, double d, OverlapScratch* sc, Overlap* out) {
  *out = Overlap{};
  Vec3 corner;  // the bounding box's corner farthest along -n
  for (int k = 0; k < 3; ++k) corner[k] = n[k] > 0.0 ? a.lo[k] : a.hi[k];
  if (n.dot(corner) > d) return false;  // the box lies wholly outside the half-space
  ClipPolyhedron(a, n, d, 1, &sc->a, &sc->cap, &sc->cap_order);
  if (sc->a.empty()) return false;
  return Characterise(sc->a, &sc->face_areas, out);
}

}  // namespace grasplab
