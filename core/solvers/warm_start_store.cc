#include "core/solvers/warm_start_store.h"

#include <algorithm>
#include <utility>

namespace grasplab {

int WarmStartStore::MatchContacts(std::span<Contact> contacts, Carry carry) {
  // The index is sorted by the unordered pair (lower id first), which is
  // the order the contact finder emits contacts in (its pairs are sorted),
  // so the sort is usually skipped; the match still requires the same
  // (body_a, body_b).
  auto key = [](const Contact& c) { return std::pair<BodyId, BodyId>(std::minmax(c.body_a, c.body_b)); };
  by_pair_.resize(previous_.size());
  for (std::size_t i = 0; i < by_pair_.size(); ++i) by_pair_[i] = static_cast<int>(i);
  auto before = [&](int i, int j) {
    const auto ki = key(previous_[i]), kj = key(previous_[j]);
    return ki != kj ? ki < kj : i < j;
  };
  if (!std::is_sorted(by_pair_.begin(), by_pair_.end(), before)) std::sort(by_pair_.begin(), by_pair_.end(), before);
  int matched = 0;
  for (Contact& c : contacts) {
    const Contact* best = nullptr;
    double best_d2 = kMatchDistance * kMatchDistance;
    const auto kc = key(c);
    auto it = std::lower_bound(by_pair_.begin(), by_pair_.end(), kc,
                               [&](int i, const std::pair<BodyId, BodyId>& k) { return key(previous_[i]) < k; });
    for (; it != by_pair_.end() && key(previous_[*it]) == kc; ++it) {
      const Contact& p = previous_[*it];
      if (p.body_a != c.body_a || p.body_b != c.body_b) continue;
      const double d2 = (p.p_W - c.p_W).squaredNorm();
      if (d2 < best_d2) best_d2 = d2, best = &p;
    }
    if (!best) continue;
    if (carry.impulses) {
      c.normal_impulse = best->normal_impulse;
      c.friction_impulse = best->friction_impulse - best->friction_impulse.dot(c.n_W) * c.n_W;
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
  previous_.assign(contacts.begin(), contacts.end());
}

}  // namespace grasplab
