#include "core/collision/broad_phase.h"

#include <algorithm>

namespace grasplab {

namespace {

bool Unbounded(const Aabb& b) { return !IsFinite(b.min) || !IsFinite(b.max); }

}  // namespace

void BroadPhase::FindPairs(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                           std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs) {
  pairs->clear();
  if (static_cast<int>(boxes.size()) > kTreeThreshold) {
    TreeQueries(boxes, is_static, excluded, pairs);
  } else {
    SweepAndPrune(boxes, is_static, excluded, pairs);
  }
  std::sort(pairs->begin(), pairs->end());
}

void BroadPhase::TreeQueries(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                             std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs) {
  const int n = static_cast<int>(boxes.size());
  last_sort_moves_ = 0;
  std::vector<int>& bounded = bounded_;
  std::vector<int>& unbounded = unbounded_;
  bounded.clear();
  unbounded.clear();
  for (int i = 0; i < n; ++i) (Unbounded(boxes[i]) ? unbounded : bounded).push_back(i);
  tree_.Build(boxes, bounded);
  auto emit = [&](int i, int j) {
    if (i == j || (is_static[i] && is_static[j])) return;
    const BodyPair p = i < j ? BodyPair{i, j} : BodyPair{j, i};
    if (!std::binary_search(excluded.begin(), excluded.end(), p)) pairs->push_back(p);
  };
  // Every overlapping pair of bounded boxes once (the tree against itself).
  overlaps_.clear();
  tree_.SelfOverlaps(&overlaps_);
  for (const auto& [i, j] : overlaps_) emit(i, j);
  for (int u : unbounded) {
    for (int i = 0; i < n; ++i) {
      if (i != u && (!Unbounded(boxes[i]) || i > u) && boxes[u].Overlaps(boxes[i])) emit(u, i);
    }
  }
}

void BroadPhase::SweepAndPrune(std::span<const Aabb> boxes, std::span<const std::uint8_t> is_static,
                               std::span<const BodyPair> excluded, std::vector<BodyPair>* pairs) {
  const int n = static_cast<int>(boxes.size());
  // Keep the previous order when the body set is unchanged; otherwise restart.
  if (static_cast<int>(order_.size()) != n) {
    order_.resize(n);
    for (int i = 0; i < n; ++i) order_[i] = i;
  }
  auto less = [&](int a, int b) {
    const double xa = boxes[a].min.x(), xb = boxes[b].min.x();
    return xa < xb || (xa == xb && a < b);
  };
  last_sort_moves_ = 0;
  for (int i = 1; i < n; ++i) {
    const int v = order_[i];
    int j = i - 1;
    while (j >= 0 && less(v, order_[j])) {
      order_[j + 1] = order_[j];
      --j;
      ++last_sort_moves_;
    }
    order_[j + 1] = v;
  }

  active_.clear();
  for (int k = 0; k < n; ++k) {
    const int i = order_[k];
    const Aabb& bi = boxes[i];
    // Drop boxes that end before this one starts (order of active_ is kept).
    active_.erase(std::remove_if(active_.begin(), active_.end(),
                                 [&](int j) { return boxes[j].max.x() < bi.min.x(); }),
                  active_.end());
    for (int j : active_) {
      if (is_static[i] && is_static[j]) continue;
      const Aabb& bj = boxes[j];
      if (bi.min.y() > bj.max.y() || bj.min.y() > bi.max.y() || bi.min.z() > bj.max.z() || bj.min.z() > bi.max.z()) {
        continue;
      }
      const BodyPair p = i < j ? BodyPair{i, j} : BodyPair{j, i};
      if (std::binary_search(excluded.begin(), excluded.end(), p)) continue;
      pairs->push_back(p);
    }
    active_.push_back(i);
  }
}

}  // namespace grasplab
