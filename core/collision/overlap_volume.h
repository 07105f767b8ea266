// The overlap of two convex solids as Zechmair & Morel's penalty model needs
// it (../shared/papers/002, section II-B and Algorithm 1): the overlap volume
// v, its centre c (the volume centroid: "the geometric center of the
// intersection mesh"), and the direction s_d of eq. 3,
//
//   s_d = sum_{i in tri_A} w_i n_i  -  sum_{i in tri_B} w_i n_i,
//   n_i = c - x_i,   w_i = (1/3) area_i |c - x_i|,
//
// over the triangles of the overlap surface (faces fanned into triangles),
// x_i a triangle's centre, tri_A the part of the surface that is A's
// boundary (inside B) and tri_B the part that is B's. w_i is the volume of
// the pyramid on the triangle with apex c when c lies over the triangle,
// and the paper's weight in general. Sign: s_d points the way A must move to
// leave B (for A resting on B, up), so the reaction on A is along +s_d.
//
// And the volume gradient: how the overlap shrinks when A moves by dx,
//   dv = -g . dx,   g = sum_{f in A} area_f (-n_f) = sum_{f in B} area_f n_f
// (n_f the face's outward normal of the overlap; the two sums are equal on
// a closed surface, and we average them). g is the direction in which
// moving A away from B reduces the overlap fastest, the goal the paper
// states for s_d. The penalty model uses g by default: eq. 3 taken
// literally weights the thin side slivers of a flat overlap by area times
// distance squared (and depends on how the faces are cut into triangles):
// for a 5 cm cube resting 27 um deep on a floor, tilted 10 urad about y,
// s_d points 71 degrees off vertical, across the tilt, and in a simulation
// the cube rocks itself to pieces within 0.2 s (tests/core/geometry/
// convex_polyhedron_test.cc, docs/contact-models.md).
//
// Also the contact area seen along g: the overlap's shadow on the plane
// normal to g, A_n = (1/2) sum_f area_f |n_f . g/|g|| (a closed surface
// covers its shadow twice). v / A_n is the mean overlap depth that the
// penalty model's gains act on.
#pragma once

#include <vector>

#include "core/geometry/convex_polyhedron.h"
#include "core/math/types.h"

namespace grasplab {

struct Overlap {
  double volume = 0.0;            // m^3, 0 when the solids do not overlap
  Vec3 centroid = Vec3::Zero();   // c, m
  Vec3 direction = Vec3::Zero();  // s_d of eq. 3, m^5 (only its direction is used)
  Vec3 gradient = Vec3::Zero();   // g = -dv/dx_A, m^2
  double area = 0.0;              // A_n, m^2
};

// Reused buffers, so an overlap query does not allocate once warm.
struct OverlapScratch {
  ConvexPolyhedron a, b;
  std::vector<Vec3> cap;
  std::vector<std::pair<double, int>> order, cap_order;
  std::vector<double> face_areas;
};

// Faces of `a` must be tagged 0 and faces of `b` 1 (world frame, with the
// bounding boxes of TransformPolyhedron). The solid
// with more faces is clipped by the other's planes, the most separating
// plane first, so a small contact shrinks the work at the first cut.
// Returns false when they do not overlap (volume <= 1e-18 m^3, a
// micrometre cube, or no valid direction).
bool ConvexOverlap(const ConvexPolyhedron& a, const ConvexPolyhedron& b, OverlapScratch* scratch, Overlap* out);

// Convex `a` (faces tagged 0) against the half-space n . x <= d of a static
// plane (tagged 1).
bool HalfSpaceOverlap(const ConvexPolyhedron& a, const Vec3& n, double d, OverlapScratch* scratch, Overlap* out);

}  // namespace grasplab
