// A bounding-volume hierarchy of axis-aligned boxes, built top-down: each
// node splits its boxes at the median centre along its widest axis, down to
// leaves of at most kLeafSize boxes. Nodes live in one flat array (a node's
// children are adjacent), so a query is a short loop with a small stack.
// Used for a mesh's triangles and, rebuilt every step, for the broad phase
// of large scenes: O(n log n) to build, O(log n + k) per query.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "core/geometry/aabb.h"

namespace grasplab {

class AabbTree {
 public:
  // Builds over boxes[i] for i in `items` (or all boxes when items is empty);
  // queries report these indices. The boxes must outlive the tree. The
  // tree's arrays are kept: rebuilding over as many boxes allocates nothing.
  void Build(std::span<const Aabb> boxes, std::span<const int> items = {});

  // Appends the items whose boxes overlap `box`, in tree order (deterministic).
  void Query(const Aabb& box, std::vector<int>* out) const;

  // Appends every pair of distinct items whose boxes overlap, once each, as
  // (smaller item, larger item), in traversal order (deterministic): the
  // tree against itself, descending node pairs whose boxes overlap (the
  // upper levels are tested once for all items, where one query per item
  // repeats them n times and finds each pair twice).
  void SelfOverlaps(std::vector<std::pair<int, int>>* out);

  bool empty() const { return nodes_.empty(); }
  const Aabb& bounds() const { return nodes_[0].box; }

 private:
  static constexpr int kLeafSize = 4;
  struct Node {
    Aabb box;
    int first = 0;  // leaf: first index into order_; inner: left child (right = left + 1)
    int count = 0;  // leaf: number of items; inner: 0
  };
  void BuildInto(int index, int begin, int end);

  std::span<const Aabb> boxes_;
  std::vector<int> order_;
  std::vector<Node> nodes_;
  std::vector<std::pair<int, int>> node_pairs_;  // SelfOverlaps' stack, kept between calls
};

}  // namespace grasplab
