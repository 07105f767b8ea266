// The narrow phase on worker threads (World::SetThreads,
// world/contact_finder.h, base/worker_pool.h): each pair's query writes to
// its worker's own list and the contact list is assembled in pair order
// afterwards, so the trajectory is the same bits on any number of threads.
// The golden hashes pin the one-thread trajectory (and WASM, which has no
// threads, equals it); this test pins the others to it.
#include <catch2/catch.hpp>

#include <array>
#include <cstring>

#include "core/world/world.h"
#include "tests/bench/pile_scene.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

bool SameBits(const Vec3& a, const Vec3& b) { return std::memcmp(a.data(), b.data(), sizeof(double) * 3) == 0; }
bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

}  // namespace

TEST_CASE("A pile steps to the same bits on one, two and three threads", "[threads]") {
  // 200 bodies of issue 19's pile (tests/bench/pile_scene.h) falling into
  // their bin at h = 10 ms: hundreds of candidate pairs a step once they land,
  // queried, reused (contact reuse is on by default) and given speculative
  // points (the step is large), with sleeping on so that settled pairs keep
  // their contacts.
  const PileContact contact{0.005, 1e-4, 0.0};
  std::array<World, 3> worlds = {Pile(200, true, 2, 20, 1e-7, contact), Pile(200, true, 2, 20, 1e-7, contact),
                                 Pile(200, true, 2, 20, 1e-7, contact)};
  for (int t = 0; t < 3; ++t) {
    worlds[t].SetThreads(t + 1);
    REQUIRE(worlds[t].threads() == t + 1);
  }
  int most_queries = 0, first_difference = -1;
  for (int k = 0; k < 150 && first_difference < 0; ++k) {
    for (World& w : worlds) REQUIRE(w.Step(0.01).ok());
    most_queries = std::max(most_queries, worlds[0].stats().pair_queries);
    for (int t = 1; t < 3; ++t) {
      if (worlds[t].StateHash() != worlds[0].StateHash() ||
          worlds[t].contacts().size() != worlds[0].contacts().size()) {
        first_difference = k;
      }
    }
  }
  INFO("first step that differs: " << first_difference << "; most pairs queried " << most_queries);
  CHECK(first_difference == -1);
  // The threaded path ran (from ContactFinder::kParallelJobs = 128 queries).
  CHECK(most_queries >= 2 * 128);
  // Every contact the same, field by field, impulses included.
  int differing = 0;
  for (int t = 1; t < 3; ++t) {
    const std::vector<Contact>& a = worlds[0].contacts();
    const std::vector<Contact>& b = worlds[t].contacts();
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      const bool same = a[i].body_a == b[i].body_a && a[i].body_b == b[i].body_b && SameBits(a[i].p_W, b[i].p_W) &&
                        SameBits(a[i].n_W, b[i].n_W) && SameBits(a[i].separation, b[i].separation) &&
                        SameBits(a[i].normal_impulse, b[i].normal_impulse) &&
                        SameBits(a[i].friction_impulse, b[i].friction_impulse) && SameBits(a[i].friction, b[i].friction);
      differing += !same;
    }
  }
  CHECK(differing == 0);
  CHECK(worlds[0].contacts().size() > 300);
}

TEST_CASE("World::SetThreads clamps and keeps its setting", "[threads]") {
  World world;
  CHECK(world.threads() == 1);
  world.SetThreads(4);
  CHECK(world.threads() == 4);
  world.SetThreads(-2);
  CHECK(world.threads() == 1);
  world.SetThreads(1000);
  CHECK(world.threads() == WorkerPool::kMaxThreads);
  world.SetThreads(0);
  CHECK(world.threads() == WorkerPool::HardwareThreads());
}

TEST_CASE("StepStats::pair_queries counts the pairs the narrow phase queried", "[threads]") {
  // A cube dropped 1 cm onto the ground, sleeping on, contact reuse off:
  // its one pair is queried on every step while it is awake, and not at all
  // once it is asleep (the step keeps every pair's contacts).
  WorldSettings s;
  s.sleep.enabled = true;
  s.contact_reuse_distance = 0.0;
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  REQUIRE(world.AddBody(UnitCube(Vec3(0, 0, kUnitCubeHalf + 0.01))).ok());
  REQUIRE(world.Step(0.0025).ok());
  CHECK(world.stats().pair_count == 1);
  CHECK(world.stats().pair_queries == 1);
  int steps = 0, unqueried = 0;
  while (world.stats().sleeping_bodies == 0 && steps < 4000) {
    unqueried += world.stats().pair_queries != 1;
    REQUIRE(world.Step(0.0025).ok());
    ++steps;
  }
  CHECK(unqueried == 0);
  REQUIRE(world.stats().sleeping_bodies == 1);
  REQUIRE(world.Step(0.0025).ok());
  CHECK(world.stats().pair_count == 1);
  CHECK(world.stats().pair_queries == 0);
}
