// Broad phase: candidate pairs from overlapping AABBs by sort-and-sweep
// (Baraff 1992, as in Lee, Ruspini & Khatib section 5.1: "a sort and sweep
// algorithm requires only O(n log n) steps ... in subsequent simulation
// cycles, an insertion sort may be used").
//
// Boxes are kept sorted by their min x across steps; from the previous order
// an insertion sort costs O(n + swaps), nearly linear when bodies move a
// little per step. A sweep along x keeps the boxes whose x interval is open
// and tests y and z overlap against them. That is fast for small scenes, but
// a scene spread over x and y keeps about sqrt(n) boxes open, O(n sqrt n)
// tests; above kTreeThreshold bodies an AABB tree (geometry/aabb_tree.h) is
// rebuilt each step instead and traversed against itself for the
// overlapping pairs: O(n log n).
// Unbounded boxes (planes) pair with every dynamic body directly.
// Static-static pairs and excluded pairs (bodies joined by a joint) are never
// reported. Output pairs are (a, b) with a < b, sorted, so the narrow phase
// runs in a fixed order.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/geometry/aabb.h"
#include "core/geometry/aabb_tree.h"

namespace grasplab {

using BodyPair = std::pair<int, int>;

class BroadPhase {
 public:
  static constexpr int kTreeThreshold = 128;

  // `excluded` must be sorted with a < b in each pair.
  void FindPairs(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                 std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs);

  // Number of element moves the last insertion sort made (the coherence
  // measure reported by the benchmark).
  std::int64_t last_sort_moves() const { return last_sort_moves_; }

 private:
  void SweepAndPrune(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                     std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs);
  void TreeQueries(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                   std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs);

  std::vector<int> order_;  // indices sorted by (min x, index), kept between calls
  std::vector<int> active_;
  AabbTree tree_;
  std::vector<BodyPair> overlaps_;  // the tree's self-overlaps, kept between calls
  std::vector<int> bounded_, unbounded_;  // TreeQueries' split, kept between calls
  std::int64_t last_sort_moves_ = 0;
};

}  // namespace grasplab
