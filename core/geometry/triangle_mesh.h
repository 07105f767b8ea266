// A triangle mesh for static, possibly non-convex bodies (a workbench, a
// shelf), with a bounding-volume hierarchy over its triangles so the narrow
// phase only looks at triangles near the other body.
//
// The BVH is a binary tree of AABBs built top-down: each node splits its
// triangles at the median centroid along the widest axis, down to leaves of
// at most kLeafSize triangles. Nodes live in one flat array (children of a
// node are found by index), so a query is a short loop with a small stack.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/geometry/aabb.h"
#include "core/math/types.h"

namespace grasplab {

// Mesh size bound (triangles) for assets and scenes.
inline constexpr int kMaxMeshTriangles = 2'000'000;

class TriangleMesh {
 public:
  // Validates (finite vertices, indices in range, at least one triangle,
  // at most kMaxMeshTriangles; degenerate triangles are dropped) and builds
  // the BVH. `field` names the mesh in messages.
  static StatusOr<std::shared_ptr<const TriangleMesh>> Create(std::vector<Vec3> vertices,
                                                              std::vector<std::array<int, 3>> triangles,
                                                              const std::string& field);

  const std::vector<Vec3>& vertices() const { return vertices_; }
  const std::vector<std::array<int, 3>>& triangles() const { return triangles_; }
  const Aabb& bounds() const { return nodes_[0].box; }

  // Indices of the triangles whose boxes overlap `box` (mesh frame), in
  // tree order (deterministic).
  void Query(const Aabb& box, std::vector<int>* out) const;

 private:
  static constexpr int kLeafSize = 4;
  struct Node {
    Aabb box;
    int first = 0;  // leaf: first index into order_; inner: left child (right = left + 1)
    int count = 0;  // leaf: number of triangles; inner: 0
  };
  void BuildInto(int index, int begin, int end);

  std::vector<Vec3> vertices_;
  std::vector<std::array<int, 3>> triangles_;
  std::vector<Aabb> tri_boxes_;
  std::vector<int> order_;
  std::vector<Node> nodes_;
};

}  // namespace grasplab
