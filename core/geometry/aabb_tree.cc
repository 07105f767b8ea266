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

void AabbTree::SelfOverlaps(std::vector<std::pair<int, int>>* out) {
  if (nodes_.empty()) return;
  auto emit = [&](int i, int j) {
    const int a = order_[i], b = order_[j];
    if (boxes_[a].Overlaps(boxes_[b])) out->push_back(a < b ? std::pair{a, b} : std::pair{b, a});
  };
  std::vector<std::pair<int, int>>& stack = node_pairs_;
  stack.clear();
  stack.push_back({0, 0});
  while (!stack.empty()) {
    const auto [ia, ib] = stack.back();
    stack.pop_back();
    const Node& a = nodes_[ia];
    if (ia == ib) {
      if (a.count > 0) {
        for (int i = a.first; i < a.first + a.count; ++i) {
          for (int j = i + 1; j < a.first + a.count; ++j) emit(i, j);
        }
      } else {
        stack.push_back({a.first, a.first + 1});
        stack.push_back({a.first + 1, a.first + 1});
        stack.push_back({a.first, a.first});
      }
      continue;
    }
    const Node& b = nodes_[ib];
    if (!a.box.Overlaps(b.box)) continue;
    if (a.count > 0 && b.count > 0) {
      for (int i = a.first; i < a.first + a.count; ++i) {
        for (int j = b.first; j < b.first + b.count; ++j) emit(i, j);
      }
    } else if (b.count > 0 || (a.count == 0 && (a.box.max - a.box.min).sum() >= (b.box.max - b.box.min).sum())) {
      // Descend the inner node: a when b is a leaf, else the larger box.
      stack.push_back({a.first + 1, ib});
      stack.push_back({a.first, ib});
    } else {
      stack.push_back({ia, b.first + 1});
      stack.push_back({ia, b.first});
    }
  }
}

}  // namespace grasplab
