// Support queries on convex hulls by hill climbing over the hull's vertex
// adjacency (the narrow phase's GJK/EPA and contact-region stage call these
// through support.h for every "convex" shape and dynamic mesh).
//
// The reference is the linear scan: the support vertex in direction d is the
// FIRST vertex (lowest index) of largest d . v, with d . v computed as
// `vertices[i].dot(d)`. The climb returns exactly that vertex, ties included,
// so trajectories do not depend on which of the two ran:
//
//   1. start at the support vertex of a nearby direction, precomputed when
//      the hull is built (ConvexHull::support_start: the direction's cell
//      on the unit cube, 8 x 8 cells a face, each holding the scan's answer
//      for the cell's centre), or at the best of the six axis-extreme
//      vertices on a hull without that map (both fixed per hull:
//      stateless, so the answer cannot depend on earlier queries);
//   2. steepest ascent: move to the neighbour of largest d . v while one is
//      strictly larger; on a convex polytope a local maximum of a linear
//      function over the vertex graph is the global one;
//   3. the plateau: every vertex reachable from there through vertices with
//      d . v >= m - tol, m the climb's value. The vertices of a convex
//      polytope above any level c form a connected subgraph (from each of
//      them an increasing edge path leads to the maximum, the simplex
//      method's argument), so with tol above the rounding of d . v (a few
//      ulp of r |d|_1, r the bounding radius) and above the hull's own
//      non-convexity (Quickhull merges within 1e-10 of the extent), the
//      plateau holds every vertex whose computed d . v could equal or beat
//      m. Its largest, first by index, is the scan's answer. Usually no
//      neighbour is within tol and the plateau is the vertex alone; a face
//      turned exactly towards d gives its coplanar vertices.
//
// A plateau larger than kMaxPlateau vertices, a non-finite or zero d, or a
// hull without adjacency falls back to the scan, which is the definition.
// Cost: a division and the map lookup, then (steps + 1) * degree dot
// products instead of V. On barrett-bunny's 319-vertex hull (callgrind,
// 76,254 calls in 2,000 steps) a call took ~926 instructions from the six
// axis extremes and ~565 from the map's cell, whose centre lies within about
// 10 degrees of d; a 16 x 16 map took ~495 but cost more to build than it
// saved there (docs/benchmarks.md, issue 18).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/geometry/convex_hull.h"
#include "core/math/types.h"

namespace grasplab {

// The scan: the first index of largest points[i] . d (points non-empty).
int ScanSupportIndex(std::span<const Vec3> points, const Vec3& d);

// The same index as ScanSupportIndex(hull.vertices, d), by hill climbing.
int HullSupportIndex(const ConvexHull& hull, const Vec3& d);

// Cells per cube-face edge of ConvexHull::support_start.
inline constexpr int kSupportStartCells = 8;

// Fills hull->support_start from its vertices (6 * kSupportStartCells^2
// scans; the bunny's hull: 384 x 319 dot products, once per hull).
void BuildSupportStartMap(ConvexHull* hull);

// Working memory of HullVerticesAbove: a visit stamp per vertex.
struct HullWalkScratch {
  std::vector<std::uint32_t> stamp;
  std::uint32_t epoch = 0;
  std::vector<int> queue;
};

// Every vertex i with vertices[i] . d >= min_dot - tol (tol as above), in
// ascending index order, into *out, found by walking the graph from `top`
// (the support vertex in d). A superset of the vertices with
// vertices[i] . d >= min_dot, and the same set a scan with that threshold
// would keep. Returns false (out untouched) when the hull has no adjacency
// or the walk would visit most of the hull: the caller scans instead.
bool HullVerticesAbove(const ConvexHull& hull, const Vec3& d, int top, double min_dot, HullWalkScratch* scratch,
                       std::vector<int>* out);

}  // namespace grasplab
