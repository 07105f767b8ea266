// Contact determination for one touching pair: the points bounding the
// contact region (Miller & Christensen, section 3.2: "in the case of a planar
// contact, it finds the planar convex hull of the contact set and removes any
// interior contact points").
//
// Given the pair's contact normal n (from B to A), each body's support
// feature facing the other (vertex, edge or face; geometry/support.h) is
// projected onto the contact plane and the two are clipped against each
// other: vertex -> 1 point, edge x edge -> their overlap (2 points) or
// crossing (1), edge x face -> the edge clipped to the face (<= 2), face x
// face -> the overlap polygon (Sutherland-Hodgman). Each resulting point is
// lifted back onto both features to get its own separation; points within
// the margin are kept and reduced to their planar convex hull.
//
// So a box resting on a plane gives 4 points, a box on an offset box the 4
// corners of the overlap rectangle, a cylinder or capsule on its side 2, a
// sphere 1.
#pragma once

#include <vector>

#include "core/geometry/planar_hull.h"
#include "core/geometry/shape.h"
#include "core/math/types.h"

namespace grasplab {

struct ContactPoint {
  Vec3 p_W;           // midway between the two surfaces
  double separation;  // m, signed, along n
};

// A feature of a shape in world coordinates: 1 point, 2 (a segment), or a
// convex polygon; `infinite_plane` for a plane body (the feature is the whole
// plane through points[0] with normal `plane_normal`).
struct WorldFeature {
  std::vector<Vec3> points;
  bool infinite_plane = false;
  Vec3 plane_normal = Vec3::UnitZ();
};

// BuildContactRegion's and ReduceToPlanarHull's working memory, kept by the
// narrow phase between pairs and steps (no allocation once it has held the
// largest region).
struct ContactRegionScratch {
  std::vector<ContactPoint> region, reduced;
  std::vector<Eigen::Vector2d> a2, b2, clipped, clip_in, projected, sorted;
  std::vector<int> by_depth, hull;
  PlanarHullScratch planar;
};

// A contact region is the planar hull of the points where the two surfaces
// meet, and a curved surface's deepest point can lie inside that hull: a
// convex hull's lowest vertex amid the band of vertices around it (the
// support feature, geometry/support.h), or the lowest of the points a
// tessellated floor's triangles give. Dropped as interior, it left the
// region's points shallower than the pair: a convex bunny (auto_grasp_test's)
// on the ground plane sank 0.16-0.27 mm below its contact set, which eq. 19
// pushed up at the hull vertices around the sunken point, tilting the bunny
// onto the next ones: it rocked at up to 0.75 rad/s for as long as it lay
// there. So when every kept point is shallower than `deepest` (m, the
// pair's separation) by more than kDeepestInside, each takes `deepest`:
// the region is the flat patch at the pair's depth, and its position
// correction lifts the body evenly. A region with its deepest point on the
// hull (a box's face or edge) is unchanged.
//
// Applied where the deepest separation is exact: against a plane (the
// lowest vertex by FullSupport), a hull against a box's face or a mesh
// triangle (narrow_phase.cc, HullOnFace: GJK's distance or EPA's depth to
// an exact plane), and by ReduceToPlanarHull (the deepest of the points it
// reduces). Not applied to every convex pair with the GJK/EPA separation:
// tried, it left 4 of 5 60-body piles (tests/bench/pile_scene.h, seeds
// 4-8, no slop) moving at 2.6-26 mm/s after 3.5 s, against none before.
inline constexpr double kDeepestInside = 1e-9;  // m: differences below this are rounding
void HoldAtDeepest(double deepest, std::vector<ContactPoint>* region);

// Appends the region's points to *out. `witness_A`/`witness_B` are the
// closest (or deepest) surface points from GJK/EPA, used when a feature is a
// single point and for the crossing of two edges. Points with separation >=
// `margin` are dropped.
void BuildContactRegion(const WorldFeature& feature_A, const WorldFeature& feature_B, const Vec3& n_BA,
                        const Vec3& witness_A, const Vec3& witness_B, double margin,
                        std::vector<ContactPoint>* out);
void BuildContactRegion(const WorldFeature& feature_A, const WorldFeature& feature_B, const Vec3& n_BA,
                        const Vec3& witness_A, const Vec3& witness_B, double margin, std::vector<ContactPoint>* out,
                        ContactRegionScratch* scratch);

// Removes points interior to (or on an edge of) the planar convex hull of
// `points` projected on the plane with normal n; keeps the hull's vertices in
// counter-clockwise order about n, starting from the lowest (t1, t2). When
// the deepest point was interior, the kept ones take its separation
// (HoldAtDeepest).
void ReduceToPlanarHull(const Vec3& n, std::vector<ContactPoint>* points);
// The same with the caller's scratch (whose `reduced` it swaps with *points,
// so neither may be the other).
void ReduceToPlanarHull(const Vec3& n, std::vector<ContactPoint>* points, ContactRegionScratch* scratch);

}  // namespace grasplab
