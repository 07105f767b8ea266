// 3D convex hull of a point set (Quickhull, Barber, Dobkin & Huhdanpaa 1996)
// and the mass properties of the solid it bounds.
//
// Shapes built from points (the scene's "convex" shape, and dynamic meshes,
// which are simulated as their hull by default) keep only the hull's
// vertices and triangles. Because a dynamic body's frame is at its centre of
// mass, the hull is stored relative to its volume centroid: `centroid` is
// where that centre lies in the frame the points were given in, and a loader
// places the body at X_WB = X_W(given) * translate(centroid).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

struct ConvexHull {
  std::vector<Vec3> vertices;                // m, relative to the centroid
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
  Vec3 centroid = Vec3::Zero();              // m, in the input points' frame
  double volume = 0.0;                       // m^3
  Mat3 unit_inertia = Mat3::Zero();          // m^2: inertia about the centroid per kg
  Vec3 bounds_min = Vec3::Zero();            // m, local bounding box of the vertices
  Vec3 bounds_max = Vec3::Zero();
  double bounding_radius = 0.0;              // m, max |vertex|
  // Vertex adjacency along the triangles' edges, in compressed rows: the
  // neighbours of vertex i are neighbors[neighbor_offsets[i] ..
  // neighbor_offsets[i + 1]), ascending. With axis_extremes (the first
  // vertex of largest x, -x, y, -y, z, -z) it is the graph the hill-climbing
  // support walks (hull_support.h). Empty on a hull not built here: the
  // support then scans every vertex.
  std::vector<int> neighbor_offsets;
  std::vector<int> neighbors;
  std::array<int, 6> axis_extremes{};
  // Where the climb starts (hull_support.h, BuildSupportStartMap): for each
  // of the six cube faces a kSupportStartCells^2 grid of directions, the
  // support vertex of each cell's centre. Only a start: the climb returns
  // the scan's vertex from any start, so a map that does not fit the
  // vertices (empty, or stale after an edit) costs steps, never the answer.
  std::vector<int> support_start;
};

// Largest number of input points accepted (a scanned mesh's vertices).
inline constexpr int kMaxHullInputPoints = 1'000'000;

// Builds the hull. Fails, naming `field`, on fewer than 4 distinct points,
// non-finite coordinates, or points that are (nearly) coplanar: a solid
// needs volume.
StatusOr<std::shared_ptr<const ConvexHull>> BuildConvexHull(const std::vector<Vec3>& points, const std::string& field);

}  // namespace grasplab
