// Sort-and-sweep against the all-pairs answer (core/collision/broad_phase).
#include <catch2/catch.hpp>
#include <algorithm>
#include <random>
#include <vector>

#include "core/collision/broad_phase.h"

using namespace grasplab;

namespace {

std::vector<BodyPair> BruteForce(const std::vector<Aabb>& boxes, const std::vector<std::uint8_t>& is_static,
                                 const std::vector<BodyPair>& excluded) {
  std::vector<BodyPair> out;
  for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
    for (int j = i + 1; j < static_cast<int>(boxes.size()); ++j) {
      if (is_static[i] && is_static[j]) continue;
      if (std::binary_search(excluded.begin(), excluded.end(), BodyPair{i, j})) continue;
      if (boxes[i].Overlaps(boxes[j])) out.push_back({i, j});
    }
  }
  return out;
}

// n random boxes with centres in [0, spread]^2 x [0, 0.2 spread] and half
// extents in [0.01, max_half]; every static_every-th box static.
void RandomBoxes(std::mt19937& rng, int n, double spread, double max_half, int static_every, std::vector<Aabb>* boxes,
                 std::vector<std::uint8_t>* is_static) {
  std::uniform_real_distribution<double> pos(0.0, spread), size(0.01, max_half);
  boxes->resize(n);
  is_static->assign(n, 0);
  for (int i = 0; i < n; ++i) {
    const Vec3 c(pos(rng), pos(rng), pos(rng) * 0.2);
    const Vec3 e(size(rng), size(rng), size(rng));
    (*boxes)[i] = {c - e, c + e};
    (*is_static)[i] = (i % static_every == 0);
  }
}

}  // namespace

TEST_CASE("Sort-and-sweep finds exactly the overlapping pairs, step after step", "[collision][broad_phase]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> jitter(-0.01, 0.01);
  const int n = 400;
  std::vector<Aabb> boxes;
  std::vector<std::uint8_t> is_static;
  RandomBoxes(rng, n, 2.0, 0.15, 10, &boxes, &is_static);
  const std::vector<BodyPair> excluded = {{1, 2}, {3, 4}, {5, 9}};
  BroadPhase bp;
  std::vector<BodyPair> pairs;
  for (int step = 0; step < 5; ++step) {
    bp.FindPairs(boxes, is_static, excluded, &pairs);
    const auto expected = BruteForce(boxes, is_static, excluded);
    CHECK(pairs == expected);
    CHECK(!pairs.empty());
    for (Aabb& b : boxes) {
      const Vec3 d(jitter(rng), jitter(rng), jitter(rng));
      b.min += d;
      b.max += d;
    }
  }
  // Small motion keeps the order nearly sorted: few insertion-sort moves.
  CHECK(bp.last_sort_moves() < 4 * n);
}

TEST_CASE("Above the tree threshold the AABB tree finds exactly the same pairs", "[collision][broad_phase]") {
  std::mt19937 rng(9);
  const int n = 1500;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<Aabb> boxes;
  std::vector<std::uint8_t> is_static;
  RandomBoxes(rng, n, 3.0, 0.12, 13, &boxes, &is_static);
  boxes[7] = {Vec3::Constant(-inf), Vec3::Constant(inf)};  // a ground plane
  is_static[7] = 1;
  const std::vector<BodyPair> excluded = {{1, 2}, {3, 4}, {5, 9}};
  BroadPhase bp;
  std::vector<BodyPair> pairs;
  bp.FindPairs(boxes, is_static, excluded, &pairs);
  CHECK(pairs == BruteForce(boxes, is_static, excluded));
  CHECK(pairs.size() > static_cast<std::size_t>(n));
}

TEST_CASE("An unbounded plane pairs with every dynamic body", "[collision][broad_phase]") {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<Aabb> boxes = {{Vec3::Constant(-inf), Vec3::Constant(inf)},
                             {Vec3(0, 0, 0), Vec3(1, 1, 1)},
                             {Vec3(5, 5, 5), Vec3(6, 6, 6)},
                             {Vec3(9, 0, 0), Vec3(10, 1, 1)}};
  std::vector<std::uint8_t> is_static = {1, 0, 0, 1};
  BroadPhase bp;
  std::vector<BodyPair> pairs;
  bp.FindPairs(boxes, is_static, {}, &pairs);
  CHECK(pairs == std::vector<BodyPair>{{0, 1}, {0, 2}});
}
