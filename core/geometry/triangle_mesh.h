// A triangle mesh for static, possibly non-convex bodies (a workbench, a
// shelf), with a bounding-volume hierarchy over its triangles
// (geometry/aabb_tree.h) so the narrow phase only looks at triangles near
// the other body.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/geometry/aabb.h"
#include "core/geometry/aabb_tree.h"
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
  const Aabb& bounds() const { return tree_.bounds(); }

  // Indices of the triangles whose boxes overlap `box` (mesh frame), in
  // tree order (deterministic).
  void Query(const Aabb& box, std::vector<int>* out) const { tree_.Query(box, out); }

 private:
  std::vector<Vec3> vertices_;
  std::vector<std::array<int, 3>> triangles_;
  std::vector<Aabb> tri_boxes_;
  AabbTree tree_;
};

}  // namespace grasplab
