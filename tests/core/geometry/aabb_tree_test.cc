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
