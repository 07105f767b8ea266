// Support mappings of convex shapes, the geometric primitive of GJK/EPA and
// of contact-region construction.
//
// A convex shape is treated as a "core" swept by a sphere of radius
// CoreRadius: a sphere is a point core, a capsule a segment core, boxes and
// cylinders have radius 0. GJK on the cores is exact for round shapes (no
// polytope approximation of curved surfaces), and the distance between the
// shapes is the core distance minus both radii.
//
// All directions and points here are in the shape (body) frame.
#pragma once

#include <vector>

#include "core/geometry/hull_support.h"
#include "core/geometry/planar_hull.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

// A cylinder cap's feature is a 12-gon inscribed in its rim: vertex k at
// (r cos, r sin) of k * 30 degrees. UnitCircle12 gives that cos and sin from
// sqrt only (no C library trigonometry on the state path: it may differ in
// the last bit between glibc and musl).
inline constexpr int kCapVertices = 12;
void UnitCircle12(int k, double* c, double* s);

// Radius of the sphere swept over the core (m).
double CoreRadius(const Shape& shape);

// A point of the core maximising d . x (d need not be unit; d != 0).
Vec3 CoreSupport(const Shape& shape, const Vec3& d);

// A point of the full shape maximising d . x (core support + radius d/|d|).
Vec3 FullSupport(const Shape& shape, const Vec3& d);

// The support feature of the full shape in direction d: the surface points
// that stay supporting when d tilts by up to the angle whose sine is
// `sin_tolerance` (a sine, so no trigonometry runs on the state path), i.e.
// the vertex (1 point), edge (2 points) or face (a convex polygon, counter-
// clockwise seen from outside along d) that faces d. A cylinder's cap is a
// 12-gon inscribed in its rim. Planes have no finite feature (empty).
//
// For polytopes given by points (convex hulls, triangles) a vertex also has
// to lie within `height_band` (m) of the support plane: on a finely faceted
// hull, neighbouring faces tilted less than the angle tolerance would
// otherwise join the feature and, projected, enclose the real footprint.
// Vertices farther than the contact margin (plus any penetration depth)
// below the plane cannot touch anyway.
std::vector<Vec3> SupportFeature(const Shape& shape, const Vec3& d, double sin_tolerance,
                                 double height_band = 1e300);

// The same into *out (emptied first) with the caller's working memory: no
// allocation once both have held the largest feature.
struct SupportFeatureScratch {
  std::vector<Vec3> near;
  std::vector<Eigen::Vector2d> projected;
  std::vector<int> hull;
  PlanarHullScratch planar;
  HullWalkScratch walk;         // convex hulls: the band's vertices by adjacency
  std::vector<int> candidates;
};
void SupportFeature(const Shape& shape, const Vec3& d, double sin_tolerance, double height_band,
                    SupportFeatureScratch* scratch, std::vector<Vec3>* out);

}  // namespace grasplab
