// Convex polyhedra as face lists, and their clipping by half-spaces: the
// geometry behind the overlap volume of the penalty contact model (Zechmair
// & Morel, ../shared/papers/002, section II-B, "bool_intersect" of their
// Algorithm 1), which for two convex solids is exact: the intersection of
// convex A and B is A clipped by every face plane of B.
//
// Curved shapes become polyhedra here, once per shape (PolyhedronOfShape):
//   sphere    geodesic icosphere, 320 triangles (the icosahedron's 20,
//             subdivided twice), scaled so its volume is the sphere's;
//   capsule   two hemispheres of 8 rings x 16 vertices joined at the equators;
//   cylinder  a 32-gon prism;
//   box, convex hull (dynamic meshes are simulated as their hull) exact.
// The volume-preserving scale keeps a resting sphere's buoyant-like volume
// and its mass consistent; a facet is about 7 mm across on a 30 mm sphere,
// so at sub-millimetre overlap a sphere touches like a slightly flattened ball.
//
// Every face keeps an `origin` tag: which solid's surface it lies on. After
// clipping A by B's planes, A's surviving faces carry A's tag and the new
// caps B's, which is how Algorithm 1 splits the overlap surface into the
// sub-meshes tri_A and tri_B.
#pragma once

#include <vector>

#include "core/base/status.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct ConvexPolyhedron {
  struct Face {
    int first = 0;   // into points
    int count = 0;   // >= 3, counter-clockwise seen from outside
    int origin = 0;  // which solid's surface the face lies on (caller's tag)
  };
  std::vector<Vec3> points;  // the faces' vertices, face after face (shared vertices repeated)
  std::vector<Face> faces;
  // Outward unit normal n and offset d of each face's plane n . x = d.
  std::vector<Vec3> normals;
  std::vector<double> offsets;
  // Bounding box of the points, set by TransformPolyhedron (a quick reject).
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();

  bool empty() const { return faces.empty(); }
  void clear() {
    points.clear();
    faces.clear();
    normals.clear();
    offsets.clear();
  }
};

// The shape as a closed convex polyhedron in its own frame, every face
// tagged `origin`. Planes, meshes and compounds have none (an error naming
// the shape type; compounds are handled piece by piece by the caller).
StatusOr<ConvexPolyhedron> PolyhedronOfShape(const Shape& shape, int origin);

// out = X applied to every point and normal of in (out must not alias in),
// with its bounding box.
void TransformPolyhedron(const ConvexPolyhedron& in, const Pose& X, ConvexPolyhedron* out);

// Keeps the part of `in` with n . x <= d (n unit): faces are clipped
// (Sutherland-Hodgman), and the cut closes with one cap face on the plane,
// tagged cap_origin, outward normal n. An edge shared by two faces is cut at
// the same point in both (computed from its lexicographically smaller end),
// so the result is watertight bit for bit. `cap` and `cap_order` are
// scratch (kept by the caller: no allocation once they are large enough).
void ClipPolyhedron(const ConvexPolyhedron& in, const Vec3& n, double d, int cap_origin, ConvexPolyhedron* out,
                    std::vector<Vec3>* cap, std::vector<std::pair<double, int>>* cap_order);

// Volume (m^3) and volume centroid of a closed polyhedron with outward faces,
// by the divergence theorem: tetrahedra from the vertex mean to each fan
// triangle. Volume 0 (and centroid the vertex mean) when empty.
void PolyhedronVolume(const ConvexPolyhedron& p, double* volume, Vec3* centroid);

}  // namespace grasplab
