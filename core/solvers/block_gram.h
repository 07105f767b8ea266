// The free-body part of the rows' coupling, H W H^T, for the island
// reduction (solvers/reduced_island.h; ReduceIsland in the maximal
// formulation, ReduceIslandTrees on the free bodies' blocks Hf):
//   (H W H^T)_ik = sum over block pairs (a, b) on the same body,
//                  body_ia == body_kb, of  h_ia . (W h_kb),
// in 1/(kg) or 1/(kg m^2) times the rows' units (W = M^-1 per body).
//
// Rows on disjoint bodies couple through +0, and rows with the same body
// list (in the same order) meet the same pairs (a, b): the rows of one
// contact (normal, two tangents, torsion) share their two bodies, and the
// solver's rows come in runs of equal lists (the normals, then each
// contact's tangents). So the pairs are matched once per pair of distinct
// body lists instead of once per entry (comparing up to 16 body ids), and
// each entry is left with its dot products only. Each entry still sums
// the same products in the same order (a outer, b inner, from +0), so the
// bits are those of the per-entry loop.
#pragma once

#include <vector>

#include "core/base/jacobian_row.h"

namespace grasplab {

// Working memory of BlockGramLower, kept by the caller between steps.
struct BlockGramScratch {
  std::vector<int> list;    // per row: its body list's index
  std::vector<int> first;   // per body list: the first row that has it
  std::vector<int> runs;    // (first row, end row, list) of each run of rows with one list
  std::vector<int> match;   // per pair of lists (i's, k's): offset and count into pairs
  std::vector<int> pairs;   // (a, b) block pairs on one body, a outer, b inner
};

// Writes G's lower triangle, G_ik for k <= i (row-major, mh x mh with
// mh = rows.size()); the upper triangle is left alone. WH holds W h per
// block: WH[k * JacobianRow::kMaxBlocks + b] = W h_kb.
//   G_ik = ((+0 + h_ia0 . WH_kb0) + h_ia1 . WH_kb1) + ...
// over the matching pairs in the order a = 0.., b = 0.. (+0 without one).
void BlockGramLower(const std::vector<JacobianRow>& rows, const std::vector<Vec6>& WH, double* G,
                    BlockGramScratch* scratch);

}  // namespace grasplab
