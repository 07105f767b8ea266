// A nested dissection of an island's contacts for a parallel Gauss-Seidel
// sweep (issue 19; solvers/pgs_cone_solver.cc, SolveSubsteps).
//
// The island's bodies are bisected kLevels times, each time at the median
// of their centres along the axis of the part's largest extent, into
// 2^kLevels leaf parts of equal body counts. A contact whose dynamic bodies
// lie in one leaf belongs to that leaf; a contact between two leaves
// belongs to the separator of the smallest part holding both (the node
// where their bisections diverge). The sweep visits
//
//   stage 0: the leaves' contacts, 2^kLevels groups,
//   stage 1: the separators one level up, 2^(kLevels - 1) groups, ...
//   stage kLevels: the top separator, one group,
//
// and each group's contacts in the island's own order. Groups of a stage
// touch disjoint bodies (disjoint parts), so their Gauss-Seidel updates
// commute: a stage's groups shared among any number of workers give the
// same bits as one worker visiting them in turn (WASM, small islands).
//
// Why not graph colouring (Box2D v3's constraint graph, tried first): a
// colour holds one contact of almost every body, so the sweep visits the
// pile colour by colour (13 colours on the 1,000-body pile), losing the
// order in which the island lists its contacts; with one sweep a substep
// the pile then kept rocking (a box turning at 4.6 rad/s after 8 s, where
// in the island's order the fastest body moved at 0.78 mm/s; docs/benchmarks.md,
// stop 50). Here each part is swept
// in the island's order and only the separators (~5 % of the pile's
// contacts) come later; a stage needs one barrier, not one per colour.
//
// Determinism: bodies sorted by (centre coordinate, index), contacts
// grouped by a stable counting sort; the result depends only on the
// island, never on the number of workers. Memory is kept between builds.
#pragma once

#include <utility>
#include <vector>

#include "core/math/types.h"

namespace grasplab {

class ContactPartition {
 public:
  // 2 leaf parts: the 2-core machines the pile is measured on. More levels
  // would feed more workers at the cost of more contacts in separators.
  static constexpr int kLevels = 1;
  static constexpr int kStages = kLevels + 1;

  // bodies[c]: contact c's island body indices (a, b), -1 when static;
  // centres[i]: island body i's centre (m).
  void Build(const std::vector<std::pair<int, int>>& bodies, const std::vector<Vec3>& centres);

  // Groups in stage s (2^(kLevels - s)).
  static int groups(int stage) { return 1 << (kLevels - stage); }
  // The contacts of group g of stage s, as positions in contact_order():
  // [group_begin(s, g), group_begin(s, g + 1)).
  int group_begin(int stage, int g) const { return start_[StageOffset(stage) + g]; }
  // Position p of the sweep order holds the island's contact contact_order()[p].
  const std::vector<int>& contact_order() const { return contact_order_; }

 private:
  // The flat index of stage s's first group: stages 0 .. s - 1 hold
  // 2^L + 2^(L-1) + ... groups.
  static int StageOffset(int stage) { return (1 << (kLevels + 1)) - (1 << (kLevels + 1 - stage)); }
  static constexpr int kGroups = (1 << (kLevels + 1)) - 1;
  void Bisect(const std::vector<Vec3>& centres, int begin, int end, int depth, int node);

  std::vector<int> leaf_;           // per body, its leaf part
  std::vector<int> sorted_;         // body indices, bisected in place
  std::vector<int> group_;          // per contact
  std::vector<int> start_;          // kGroups + 1 offsets
  std::vector<int> contact_order_;  // contacts by group
};

}  // namespace grasplab
