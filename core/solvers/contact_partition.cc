#include "core/solvers/contact_partition.h"

#include <algorithm>
#include <bit>

namespace grasplab {

// Bodies sorted_[begin, end) are the part `node` at `depth`: at kLevels
// they are leaf `node`; else they are split at the median of their
// centres along the axis of the part's largest extent (ties by index),
// the lower half becoming child 2 node, the upper 2 node + 1.
void ContactPartition::Bisect(const std::vector<Vec3>& centres, int begin, int end, int depth, int node) {
  if (depth == kLevels) {
    for (int k = begin; k < end; ++k) leaf_[sorted_[k]] = node;
    return;
  }
  int axis = 0;
  if (end > begin) {
    Vec3 lo = centres[sorted_[begin]], hi = lo;
    for (int k = begin + 1; k < end; ++k) {
      lo = lo.cwiseMin(centres[sorted_[k]]);
      hi = hi.cwiseMax(centres[sorted_[k]]);
    }
    const Vec3 extent = hi - lo;
    if (extent[1] > extent[axis]) axis = 1;
    if (extent[2] > extent[axis]) axis = 2;
  }
  std::sort(sorted_.begin() + begin, sorted_.begin() + end, [&](int i, int j) {
    const double a = centres[i][axis], b = centres[j][axis];
    return a < b || (a == b && i < j);
  });
  const int mid = begin + (end - begin) / 2;
  Bisect(centres, begin, mid, depth + 1, 2 * node);
  Bisect(centres, mid, end, depth + 1, 2 * node + 1);
}

void ContactPartition::Build(const std::vector<std::pair<int, int>>& bodies, const std::vector<Vec3>& centres) {
  const int nb = static_cast<int>(centres.size());
  leaf_.assign(nb, 0);
  sorted_.resize(nb);
  for (int i = 0; i < nb; ++i) sorted_[i] = i;
  Bisect(centres, 0, nb, 0, 0);
  const int q = static_cast<int>(bodies.size());
  group_.resize(q);
  start_.assign(kGroups + 1, 0);
  for (int c = 0; c < q; ++c) {
    const auto [a, b] = bodies[c];
    if (a < 0 && b < 0) {  // no dynamic body: never in an island, kept in leaf 0
      group_[c] = 0;
      ++start_[1];
      continue;
    }
    const int la = a >= 0 ? leaf_[a] : leaf_[b];
    const int lb = b >= 0 ? leaf_[b] : la;
    int g = la;  // a leaf (stage 0)
    if (la != lb) {
      // They diverge below the node at depth L - 1 - hb, whose separator
      // is group la >> (hb + 1) of stage hb + 1.
      const int hb = std::bit_width(static_cast<unsigned>(la ^ lb)) - 1;
      g = StageOffset(hb + 1) + (la >> (hb + 1));
    }
    group_[c] = g;
    ++start_[g + 1];
  }
  for (int g = 0; g < kGroups; ++g) start_[g + 1] += start_[g];
  int fill[kGroups];  // a counting sort: stable, each group keeps the island's order
  for (int g = 0; g < kGroups; ++g) fill[g] = start_[g];
  contact_order_.resize(q);
  for (int c = 0; c < q; ++c) contact_order_[fill[group_[c]]++] = c;
}

}  // namespace grasplab
