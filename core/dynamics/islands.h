// Islands (Miller & Christensen, section 4, step 9): dynamic bodies connected
// by a joint or a contact, each solved alone. Static bodies do not connect
// islands (a floor would otherwise join everything).
#pragma once

#include <span>
#include <utility>
#include <vector>

namespace grasplab {

struct Island {
  std::vector<int> bodies;       // world body ids, ascending
  std::vector<int> contacts;     // indices into the world's contact list, ascending
  std::vector<int> joints;       // indices into the world's joint list, ascending
};

// The islands of a step, kept from step to step: Build reuses the islands'
// vectors and its own scratch, so once a scene has had its most and largest
// islands, building them allocates nothing.
class IslandList {
 public:
  // `links` are (body a, body b) of every contact and of every joint;
  // `is_static` marks bodies that do not connect. Every dynamic body ends in
  // exactly one island; islands are ordered by their smallest body id
  // (deterministic).
  void Build(int body_count, std::span<const unsigned char> is_static,
             std::span<const std::pair<int, int>> contact_links, std::span<const std::pair<int, int>> joint_links);

  int size() const { return count_; }
  Island& operator[](int i) { return islands_[i]; }
  const Island& operator[](int i) const { return islands_[i]; }
  const Island* begin() const { return islands_.data(); }
  const Island* end() const { return islands_.data() + count_; }
  Island* begin() { return islands_.data(); }
  Island* end() { return islands_.data() + count_; }

 private:
  std::vector<Island> islands_;  // the first count_ are this step's; the rest keep their capacity
  int count_ = 0;
  std::vector<int> parent_, island_of_;
};

// The same into a fresh list (tests).
std::vector<Island> BuildIslands(int body_count, std::span<const unsigned char> is_static,
                                 std::span<const std::pair<int, int>> contact_links,
                                 std::span<const std::pair<int, int>> joint_links);

}  // namespace grasplab
