#include "core/solvers/warm_start_store.h"

#include <algorithm>
#include <utility>

namespace grasplab {

namespace {

std::pair<BodyId, BodyId> PairKey(const Contact& c) { return std::pair<BodyId, BodyId>(std::minmax(c.body_a, c.body_b)); }

}  // namespace

int WarmStartStore::MatchContacts(std::span<Contact> contacts, Carry carry) {
  const std::size_t n = by_pair_.size();
  int matched = 0;
  // The range of the last contact's pair in the index: the contact finder
  // emits contacts in pair order, so the next pair's range starts at or
  // after it and is found by walking on (O(n) over the step); a pair that
  // comes out of order is looked up by binary search.
  std::size_t lo = 0;
  std::pair<BodyId, BodyId> last_key(-1, -1);
  for (Contact& c : contacts) {
    const Contact* best = nullptr;
    double best_d2 = kMatchDistance * kMatchDistance;
    const auto kc = PairKey(c);
    if (kc < last_key) {
      lo = static_cast<std::size_t>(std::lower_bound(keys_.begin(), keys_.end(), kc) - keys_.begin());
    } else {
      while (lo < n && keys_[lo] < kc) ++lo;
    }
    last_key = kc;
    for (std::size_t i = lo; i < n && keys_[i] == kc; ++i) {
      const Contact& p = previous_[by_pair_[i]];
      if (p.body_a != c.body_a || p.body_b != c.body_b) continue;
      const double d2 = (p.p_W - c.p_W).squaredNorm();
      if (d2 < best_d2) best_d2 = d2, best = &p;
    }
    if (!best) continue;
    if (carry.impulses) {
      c.normal_impulse = best->normal_impulse;
      c.friction_impulse = best->friction_impulse - best->friction_impulse.dot(c.n_W) * c.n_W;
      c.torsional_impulse = best->torsional_impulse;
      c.rolling_impulse_W = best->rolling_impulse_W - best->rolling_impulse_W.dot(c.n_W) * c.n_W;
    }
    if (carry.support) c.lcp_support = best->lcp_support;
    if (carry.anchors) {
      c.anchored = best->anchored;
      c.anchor_A = best->anchor_A;
      c.anchor_B = best->anchor_B;
    }
    ++matched;
  }
  return matched;
}

void WarmStartStore::RememberContacts(std::span<const Contact> contacts) {
  // assign() from a range allocates exactly the new size when it outgrows
  // the capacity: a pile gaining a contact a step would allocate every step.
  // Grown geometrically instead, as push_back grows.
  if (contacts.size() > previous_.capacity()) previous_.reserve(std::max(contacts.size(), 2 * previous_.capacity()));
  previous_.assign(contacts.begin(), contacts.end());
  // The index, sorted by (unordered pair, index): already in that order
  // when the contacts follow the contact finder's pair order, so the sort
  // is usually skipped.
  const std::size_t n = previous_.size();
  keys_.resize(n);
  by_pair_.resize(n);
  bool sorted = true;
  for (std::size_t i = 0; i < n; ++i) {
    by_pair_[i] = static_cast<int>(i);
    keys_[i] = PairKey(previous_[i]);
    if (i > 0 && keys_[i] < keys_[i - 1]) sorted = false;
  }
  if (sorted) return;
  std::sort(by_pair_.begin(), by_pair_.end(), [&](int i, int j) {
    const auto ki = PairKey(previous_[i]), kj = PairKey(previous_[j]);
    return ki != kj ? ki < kj : i < j;
  });
  for (std::size_t i = 0; i < n; ++i) keys_[i] = PairKey(previous_[by_pair_[i]]);
}

}  // namespace grasplab
