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

// `links` are (body a, body b) of every contact followed by every joint, in
// that order; `is_static` marks bodies that do not connect. Every dynamic
// body ends in exactly one island; islands are ordered by their smallest
// body id (deterministic).
std::vector<Island> BuildIslands(int body_count, std::span<const unsigned char> is_static,
                                 std::span<const std::pair<int, int>> contact_links,
                                 std::span<const std::pair<int, int>> joint_links);

}  // namespace grasplab
