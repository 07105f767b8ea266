#include "core/geometry/triangle_mesh.h"

#include <algorithm>

namespace grasplab {

StatusOr<std::shared_ptr<const TriangleMesh>> TriangleMesh::Create(std::vector<Vec3> vertices,
                                                                   std::vector<std::array<int, 3>> triangles,
                                                                   const std::string& field) {
  if (static_cast<long long>(triangles.size()) > kMaxMeshTriangles) {
    return Status::Error(field + ": at most " + std::to_string(kMaxMeshTriangles) + " triangles, got " +
                         std::to_string(triangles.size()));
  }
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    if (!IsFinite(vertices[i])) return Status::Error(field + ": vertex " + std::to_string(i) + " is not finite");
  }
  const int nv = static_cast<int>(vertices.size());
  std::vector<std::array<int, 3>> kept;
  for (std::size_t t = 0; t < triangles.size(); ++t) {
    for (int v : triangles[t]) {
      if (v < 0 || v >= nv) {
        return Status::Error(field + ": triangle " + std::to_string(t) + " uses vertex " + std::to_string(v) +
                             ", but there are " + std::to_string(nv) + " vertices");
      }
    }
    const auto& [a, b, c] = triangles[t];
    if ((vertices[b] - vertices[a]).cross(vertices[c] - vertices[a]).squaredNorm() > 0.0) kept.push_back(triangles[t]);
  }
  if (kept.empty()) return Status::Error(field + ": the mesh has no triangle with area");
  auto mesh = std::shared_ptr<TriangleMesh>(new TriangleMesh());
  mesh->vertices_ = std::move(vertices);
  mesh->triangles_ = std::move(kept);
  const int n = static_cast<int>(mesh->triangles_.size());
  mesh->tri_boxes_.resize(n);
  for (int t = 0; t < n; ++t) {
    const auto& tri = mesh->triangles_[t];
    Aabb box{mesh->vertices_[tri[0]], mesh->vertices_[tri[0]]};
    for (int k = 1; k < 3; ++k) {
      box.min = box.min.cwiseMin(mesh->vertices_[tri[k]]);
      box.max = box.max.cwiseMax(mesh->vertices_[tri[k]]);
    }
    mesh->tri_boxes_[t] = box;
  }
  mesh->tree_.Build(mesh->tri_boxes_);
  return std::shared_ptr<const TriangleMesh>(std::move(mesh));
}

}  // namespace grasplab
