// Islands (core/dynamics/islands): a known graph's partition.
#include <catch2/catch.hpp>
#include <utility>
#include <vector>

#include "core/dynamics/islands.h"

using namespace grasplab;

TEST_CASE("Islands: contacts and joints join dynamic bodies; a static floor joins nothing", "[islands]") {
  // Bodies: 0 floor (static), 1-2 a stack on it, 3-4-5 a jointed chain, 6 alone, 7 on the floor.
  const std::vector<unsigned char> is_static = {1, 0, 0, 0, 0, 0, 0, 0};
  const std::vector<std::pair<int, int>> contacts = {{0, 1}, {1, 2}, {0, 7}, {0, 3}};
  const std::vector<std::pair<int, int>> joints = {{3, 4}, {5, 4}};
  const auto islands = BuildIslands(8, is_static, contacts, joints);
  REQUIRE(islands.size() == 4);
  CHECK(islands[0].bodies == std::vector<int>{1, 2});
  CHECK(islands[0].contacts == std::vector<int>{0, 1});
  CHECK(islands[1].bodies == std::vector<int>{3, 4, 5});
  CHECK(islands[1].contacts == std::vector<int>{3});
  CHECK(islands[1].joints == std::vector<int>{0, 1});
  CHECK(islands[2].bodies == std::vector<int>{6});
  CHECK(islands[2].contacts.empty());
  CHECK(islands[3].bodies == std::vector<int>{7});
  CHECK(islands[3].contacts == std::vector<int>{2});
  // Every dynamic body in exactly one island.
  int count = 0;
  for (const Island& island : islands) count += static_cast<int>(island.bodies.size());
  CHECK(count == 7);
}
