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
  mesh->order_.resize(n);
  for (int t = 0; t < n; ++t) {
    const auto& tri = mesh->triangles_[t];
    Aabb box{mesh->vertices_[tri[0]], mesh->vertices_[tri[0]]};
    for (int k = 1; k < 3; ++k) {
      box.min = box.min.cwiseMin(mesh->vertices_[tri[k]]);
      box.max = box.max.cwiseMax(mesh->vertices_[tri[k]]);
    }
    mesh->tri_boxes_[t] = box;
    mesh->order_[t] = t;
  }
  mesh->nodes_.reserve(2 * (n / kLeafSize + 1) + 1);
  mesh->nodes_.push_back({});
  mesh->BuildInto(0, 0, n);
  return std::shared_ptr<const TriangleMesh>(std::move(mesh));
}

void TriangleMesh::BuildInto(int index, int begin, int end) {
  Aabb box = tri_boxes_[order_[begin]];
  for (int i = begin + 1; i < end; ++i) {
    box.min = box.min.cwiseMin(tri_boxes_[order_[i]].min);
    box.max = box.max.cwiseMax(tri_boxes_[order_[i]].max);
  }
  nodes_[index].box = box;
  if (end - begin <= kLeafSize) {
    nodes_[index].first = begin;
    nodes_[index].count = end - begin;
    return;
  }
  int axis;
  (box.max - box.min).maxCoeff(&axis);
  const int mid = begin + (end - begin) / 2;
  auto centre = [&](int t) { return tri_boxes_[t].min[axis] + tri_boxes_[t].max[axis]; };
  std::nth_element(order_.begin() + begin, order_.begin() + mid, order_.begin() + end,
                   [&](int a, int b) { return centre(a) < centre(b) || (centre(a) == centre(b) && a < b); });
  // Children are allocated as a pair so that right = left + 1.
  const int left = static_cast<int>(nodes_.size());
  nodes_[index].first = left;
  nodes_[index].count = 0;
  nodes_.push_back({});
  nodes_.push_back({});
  BuildInto(left, begin, mid);
  BuildInto(left + 1, mid, end);
}

void TriangleMesh::Query(const Aabb& box, std::vector<int>* out) const {
  int stack[64];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& node = nodes_[stack[--top]];
    if (!node.box.Overlaps(box)) continue;
    if (node.count > 0) {
      for (int i = node.first; i < node.first + node.count; ++i) {
        if (tri_boxes_[order_[i]].Overlaps(box)) out->push_back(order_[i]);
      }
    } else {
      // Depth is about log2(n / 4) < 64 for any mesh within the size bound.
      stack[top++] = node.first + 1;
      stack[top++] = node.first;
    }
  }
}

}  // namespace grasplab
