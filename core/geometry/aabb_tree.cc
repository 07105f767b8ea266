#include "core/geometry/aabb_tree.h"

#include <algorithm>
#include <numeric>

namespace grasplab {

void AabbTree::Build(std::span<const Aabb> boxes, std::span<const int> items) {
  boxes_ = boxes;
  if (items.empty()) {
    order_.resize(boxes.size());
    std::iota(order_.begin(), order_.end(), 0);
  } else {
    order_.assign(items.begin(), items.end());
  }
  nodes_.clear();
  if (order_.empty()) return;
  nodes_.reserve(2 * (order_.size() / kLeafSize + 1) + 1);
  nodes_.push_back({});
  BuildInto(0, 0, static_cast<int>(order_.size()));
}

void AabbTree::BuildInto(int index, int begin, int end) {
  Aabb box = boxes_[order_[begin]];
  for (int i = begin + 1; i < end; ++i) {
    box.min = box.min.cwiseMin(boxes_[order_[i]].min);
    box.max = box.max.cwiseMax(boxes_[order_[i]].max);
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
  auto centre = [&](int t) { return boxes_[t].min[axis] + boxes_[t].max[axis]; };
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

void AabbTree::Query(const Aabb& box, std::vector<int>* out) const {
  if (nodes_.empty()) return;
  int stack[64];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& node = nodes_[stack[--top]];
    if (!node.box.Overlaps(box)) continue;
    if (node.count > 0) {
      for (int i = node.first; i < node.first + node.count; ++i) {
        if (boxes_[order_[i]].Overlaps(box)) out->push_back(order_[i]);
      }
    } else {
      // Median splits keep the depth near log2(n / 4), far below 64.
      stack[top++] = node.first + 1;
      stack[top++] = node.first;
    }
  }
}

}  // namespace grasplab
