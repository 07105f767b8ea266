#include "core/dynamics/islands.h"

#include <algorithm>
#include <numeric>

namespace grasplab {
namespace {

int Find(std::vector<int>& parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

void Union(std::vector<int>& parent, int a, int b) {
  a = Find(parent, a);
  b = Find(parent, b);
  if (a != b) parent[std::max(a, b)] = std::min(a, b);  // root = smallest id: deterministic
}

}  // namespace

void IslandList::Build(int body_count, std::span<const unsigned char> is_static,
                       std::span<const std::pair<int, int>> contact_links,
                       std::span<const std::pair<int, int>> joint_links) {
  std::vector<int>& parent = parent_;
  parent.resize(body_count);
  std::iota(parent.begin(), parent.end(), 0);
  auto link = [&](const std::pair<int, int>& l) {
    if (l.first >= 0 && l.second >= 0 && !is_static[l.first] && !is_static[l.second]) Union(parent, l.first, l.second);
  };
  for (const auto& l : contact_links) link(l);
  for (const auto& l : joint_links) link(l);

  std::vector<int>& island_of = island_of_;
  island_of.assign(body_count, -1);
  count_ = 0;
  for (int i = 0; i < body_count; ++i) {
    if (is_static[i]) continue;
    const int root = Find(parent, i);
    if (island_of[root] < 0) {
      island_of[root] = count_;
      if (count_ == static_cast<int>(islands_.size())) islands_.emplace_back();
      Island& fresh = islands_[count_++];
      fresh.bodies.clear();
      fresh.contacts.clear();
      fresh.joints.clear();
    }
    island_of[i] = island_of[root];
    islands_[island_of[i]].bodies.push_back(i);
  }
  auto island_for = [&](const std::pair<int, int>& l) {
    const int a = l.first >= 0 && !is_static[l.first] ? l.first : l.second;
    return a >= 0 && !is_static[a] ? island_of[a] : -1;
  };
  for (int c = 0; c < static_cast<int>(contact_links.size()); ++c) {
    const int k = island_for(contact_links[c]);
    if (k >= 0) islands_[k].contacts.push_back(c);
  }
  for (int j = 0; j < static_cast<int>(joint_links.size()); ++j) {
    const int k = island_for(joint_links[j]);
    if (k >= 0) islands_[k].joints.push_back(j);
  }
}

std::vector<Island> BuildIslands(int body_count, std::span<const unsigned char> is_static,
                                 std::span<const std::pair<int, int>> contact_links,
                                 std::span<const std::pair<int, int>> joint_links) {
  IslandList list;
  list.Build(body_count, is_static, contact_links, joint_links);
  return std::vector<Island>(list.begin(), list.end());
}

}  // namespace grasplab
