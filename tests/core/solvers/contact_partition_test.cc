// The nested dissection of an island's contacts for the parallel sweep
// (solvers/contact_partition.h): every contact once; the groups of a stage
// share no dynamic body (what makes the parallel sweep's bits independent
// of its workers); the leaves split the bodies at the median along the
// longest extent; each group keeps the island's order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "core/solvers/contact_partition.h"

using namespace grasplab;

TEST_CASE("ContactPartition: leaves split at the median of the longest extent, stages' groups share no body",
          "[solvers][pgs][substeps]") {
  // 101 bodies in a slab 1 m long in y, 0.2 m in x and z; contacts
  // between near neighbours and with the (static) floor.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const int nb = 101;
  std::vector<Vec3> centres(nb);
  for (Vec3& c : centres) c = Vec3(0.2 * u(rng), u(rng), 0.2 * u(rng));
  std::vector<std::pair<int, int>> bodies;
  for (int a = 0; a < nb; ++a) {
    if (centres[a].z() < 0.05) bodies.push_back({a, -1});
    for (int b = a + 1; b < nb; ++b) {
      if ((centres[a] - centres[b]).norm() < 0.12) {
        bodies.push_back({a, b});
        bodies.push_back({a, b});  // two contacts a pair, as a manifold
      }
    }
  }
  ContactPartition partition;
  partition.Build(bodies, centres);
  const std::vector<int>& order = partition.contact_order();
  REQUIRE(order.size() == bodies.size());
  std::vector<int> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i) REQUIRE(sorted[i] == static_cast<int>(i));  // each once

  REQUIRE(ContactPartition::kStages == ContactPartition::kLevels + 1);
  std::vector<double> y;
  for (const Vec3& c : centres) y.push_back(c.y());
  std::nth_element(y.begin(), y.begin() + nb / 2, y.end());
  const double median = y[nb / 2];  // the upper half's lowest centre (nb / 2 bodies below it)
  int separator_contacts = 0;
  for (int s = 0; s < ContactPartition::kStages; ++s) {
    std::vector<std::set<int>> seen(ContactPartition::groups(s));
    for (int g = 0; g < ContactPartition::groups(s); ++g) {
      int last = -1;
      for (int p = partition.group_begin(s, g); p < partition.group_begin(s, g + 1); ++p) {
        const int c = order[p];
        CHECK(c > last);  // the island's order within a group
        last = c;
        for (const int b : {bodies[c].first, bodies[c].second}) {
          if (b >= 0) seen[g].insert(b);
        }
        if (s == 0 && ContactPartition::kLevels == 1) {
          // Leaf 0: centres below the median along y (the longest extent).
          for (const int b : {bodies[c].first, bodies[c].second}) {
            if (b >= 0) CHECK((g == 0 ? centres[b].y() < median : centres[b].y() >= median));
          }
        }
        if (s > 0) ++separator_contacts;
      }
    }
    for (std::size_t g = 0; g < seen.size(); ++g) {
      for (std::size_t h = g + 1; h < seen.size(); ++h) {
        for (const int b : seen[g]) CHECK(seen[h].count(b) == 0);
      }
    }
  }
  // The separator holds the pairs across the cut, a few of them here.
  CHECK(separator_contacts > 0);
  CHECK(separator_contacts < static_cast<int>(bodies.size()) / 4);
  CHECK(partition.group_begin(ContactPartition::kStages - 1, 1) == static_cast<int>(bodies.size()));
}
