// Stage: the island reduction (solvers/reduced_island.cc,
// reduced_island_trees.cc), the free-body part H W H^T of the coupling G.
#include "core/solvers/block_gram.h"

#include <algorithm>
#include <cstddef>

namespace grasplab {
namespace {

bool SameBodies(const JacobianRow& x, const JacobianRow& y) {
  if (x.count != y.count) return false;
  for (int a = 0; a < x.count; ++a) {
    if (x.body[a] != y.body[a]) return false;
  }
  return true;
}

}  // namespace

void BlockGramLower(const std::vector<JacobianRow>& rows, const std::vector<Vec6>& WH, double* G,
                    BlockGramScratch* scratch) {
  constexpr int kB = JacobianRow::kMaxBlocks;
  const int mh = static_cast<int>(rows.size());
  // Each row's body list: the previous row's (rows come in runs), else a
  // list seen before, else a new one.
  std::vector<int>& list = scratch->list;
  std::vector<int>& first = scratch->first;
  std::vector<int>& runs = scratch->runs;
  list.resize(mh);
  first.clear();
  runs.clear();
  for (int r = 0; r < mh; ++r) {
    int l = -1;
    if (r > 0 && SameBodies(rows[r], rows[r - 1])) {
      l = list[r - 1];
    } else {
      for (int p = 0; p < static_cast<int>(first.size()); ++p) {
        if (SameBodies(rows[r], rows[first[p]])) {
          l = p;
          break;
        }
      }
      if (l < 0) {
        l = static_cast<int>(first.size());
        first.push_back(r);
      }
    }
    list[r] = l;
    if (runs.empty() || runs.back() != l) {
      if (!runs.empty()) runs[runs.size() - 2] = r;
      runs.insert(runs.end(), {r, mh, l});
    }
  }
  // The block pairs on one body of each pair of lists, in the per-entry
  // loop's order: a over row i's blocks, b over row k's.
  const int nl = static_cast<int>(first.size());
  std::vector<int>& match = scratch->match;
  std::vector<int>& pairs = scratch->pairs;
  match.resize(static_cast<std::size_t>(nl) * nl * 2);
  pairs.clear();
  for (int li = 0; li < nl; ++li) {
    const JacobianRow& ri = rows[first[li]];
    for (int lk = 0; lk < nl; ++lk) {
      const JacobianRow& rk = rows[first[lk]];
      const std::size_t m = (static_cast<std::size_t>(li) * nl + lk) * 2;
      match[m] = static_cast<int>(pairs.size());
      for (int a = 0; a < ri.count; ++a) {
        for (int b = 0; b < rk.count; ++b) {
          if (ri.body[a] == rk.body[b]) pairs.insert(pairs.end(), {a, b});
        }
      }
      match[m + 1] = (static_cast<int>(pairs.size()) - match[m]) / 2;
    }
  }
  for (int i = 0; i < mh; ++i) {
    double* gi = G + static_cast<std::size_t>(i) * mh;
    const JacobianRow& ri = rows[i];
    const int* row_match = &match[static_cast<std::size_t>(list[i]) * nl * 2];
    for (std::size_t run = 0; run < runs.size(); run += 3) {
      const int k0 = runs[run];
      if (k0 > i) break;
      const int k1 = std::min(runs[run + 1], i + 1);
      const int* m = row_match + 2 * runs[run + 2];
      const int* pr = pairs.data() + m[0];
      const int np = m[1];
      if (np == 0) {
        std::fill(gi + k0, gi + k1, 0.0);
      } else if (np == 1) {
        // One shared body (a contact on a free body against a static one
        // or a tree: the common case): one dot product per entry.
        const Vec6& h = ri.J[pr[0]];
        const Vec6* wk = &WH[static_cast<std::size_t>(k0) * kB + pr[1]];
        for (int k = k0; k < k1; ++k, wk += kB) {
          double s = 0.0;
          s += h.dot(*wk);
          gi[k] = s;
        }
      } else {
        for (int k = k0; k < k1; ++k) {
          const Vec6* wk = &WH[static_cast<std::size_t>(k) * kB];
          double s = 0.0;
          for (int p = 0; p < np; ++p) s += ri.J[pr[2 * p]].dot(wk[pr[2 * p + 1]]);
          gi[k] = s;
        }
      }
    }
  }
}

}  // namespace grasplab
