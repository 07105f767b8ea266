// The AABB tree (core/geometry/aabb_tree): a query returns exactly the boxes
// a brute-force test does, on a seeded random set.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/geometry/aabb_tree.h"

using namespace grasplab;

TEST_CASE("AABB tree queries equal brute force on 500 random boxes", "[aabb]") {
  std::uint64_t state = 12345;
  auto uniform = [&] {  // a fixed LCG: the same boxes everywhere
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  std::vector<Aabb> boxes(500);
  for (Aabb& b : boxes) {
    const Vec3 c(uniform(), uniform(), uniform());
    const Vec3 h(0.02 * uniform(), 0.02 * uniform(), 0.02 * uniform());
    b = {c - h, c + h};
  }
  AabbTree tree;
  tree.Build(boxes);
  for (int q = 0; q < 200; ++q) {
    const Vec3 c(uniform(), uniform(), uniform());
    const Aabb query{c - Vec3::Constant(0.05), c + Vec3::Constant(0.05)};
    std::vector<int> got, want;
    tree.Query(query, &got);
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
      if (boxes[i].Overlaps(query)) want.push_back(i);
    }
    std::sort(got.begin(), got.end());
    CHECK(got == want);
  }
  // The root bounds every box.
  for (const Aabb& b : boxes) CHECK((tree.bounds().Union(b).min == tree.bounds().min));
}

TEST_CASE("AABB tree self-overlaps are exactly the overlapping pairs, each once", "[aabb]") {
  std::uint64_t state = 987654321;
  auto uniform = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  // 700 boxes, some large (they overlap whole subtrees), some duplicated
  // exactly and some touching face to face (Overlaps counts touching).
  std::vector<Aabb> boxes;
  for (int i = 0; i < 700; ++i) {
    const Vec3 c(uniform(), uniform(), uniform());
    const double s = i % 50 == 0 ? 0.3 : 0.03;
    const Vec3 h(s * uniform(), s * uniform(), s * uniform());
    boxes.push_back({c - h, c + h});
    if (i % 97 == 0) boxes.push_back(boxes.back());
    if (i % 89 == 0) boxes.push_back({Vec3(c.x() + h.x(), c.y() - h.y(), c.z() - h.z()), c + 3.0 * h});
  }
  // A subset, as the broad phase passes only its bounded boxes.
  std::vector<int> items;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    if (i % 13 != 5) items.push_back(i);
  }
  AabbTree tree;
  tree.Build(boxes, items);
  std::vector<std::pair<int, int>> got, want;
  tree.SelfOverlaps(&got);
  for (std::size_t a = 0; a < items.size(); ++a) {
    for (std::size_t b = a + 1; b < items.size(); ++b) {
      if (boxes[items[a]].Overlaps(boxes[items[b]])) want.emplace_back(items[a], items[b]);
    }
  }
  for (const auto& [i, j] : got) CHECK(i < j);
  const std::size_t found = got.size();
  std::sort(got.begin(), got.end());
  CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());  // each pair once
  CHECK(found == want.size());
  CHECK(got == want);
  REQUIRE(want.size() > 200);  // 291: the test has pairs to find
}
