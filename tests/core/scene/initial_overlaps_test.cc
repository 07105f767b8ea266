// Bodies that start inside each other (core/scene/initial_overlaps): the
// depth found is the geometric one, the world is left as it was, and no
// bundled scene starts in overlap.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

#include "core/scene/initial_overlaps.h"
#include "core/scene/scene_json.h"

using namespace grasplab;

TEST_CASE("A sphere 4 mm into the ground is found with its depth, and the world is not touched", "[scene]") {
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{0.05};
  ball.mass = 0.2;
  ball.X_WB.p = Vec3(0.1, 0.0, 0.046);  // 4 mm below resting
  REQUIRE(world.AddBody(ball).ok());
  BodyDef far = ball;
  far.name = "far";
  far.X_WB.p = Vec3(1.0, 0.0, 0.05 + 0.02e-3);  // 0.02 mm above: not an overlap
  REQUIRE(world.AddBody(far).ok());
  const auto hash = world.StateHash();
  const auto overlaps = FindInitialOverlaps(world, 1e-4);
  REQUIRE(overlaps.size() == 1);
  CHECK(overlaps[0].a == 0);
  CHECK(overlaps[0].b == 1);
  CHECK(overlaps[0].depth == Approx(0.004).margin(1e-12));
  CHECK(DescribeOverlap(world, overlaps[0]).rfind("bodies \"ground\" and \"ball\" start 4.00 mm inside each other", 0) == 0);
  CHECK(world.contacts().empty());
  CHECK(world.StateHash() == hash);
  CHECK(FindInitialOverlaps(world, 0.005).empty());  // within a 5 mm tolerance
}

TEST_CASE("No bundled scene but the bunny starts with bodies more than 0.1 mm inside each other", "[scene]") {
  // barrett-bunny: two distal links start 11.7 mm inside the ground, and its
  // grasp lifts the bunny only because of it: none of 60 placements without
  // overlap (hand 0.15-0.18 m up, proximal joints -0.6 to -0.1 rad, tips
  // touching the ground) lifts it (issue 22). The scene warns about it; this
  // test fails once it no longer overlaps, so the exception is removed then.
  const std::string assets = GRASPLAB_ASSETS_DIR;
  std::ifstream in(assets + "/scenes/index.json");
  const nlohmann::json index = nlohmann::json::parse(in);
  for (const auto& entry : index.at("scenes")) {
    const std::string file = entry.at("file").get<std::string>();
    INFO(file);
    auto scene = LoadSceneFile(assets + "/scenes/" + file);
    REQUIRE(scene.ok());
    const auto overlaps = FindInitialOverlaps(scene.value().world, 1e-4);
    if (file == "barrett-bunny.json") {
      REQUIRE(overlaps.size() == 2);
      CHECK(overlaps[0].depth == Approx(0.01169).margin(1e-5));
      CHECK(scene.value().warnings.size() >= 2);  // the user is told
      continue;
    }
    for (const InitialOverlap& o : overlaps) FAIL_CHECK(DescribeOverlap(scene.value().world, o));
  }
}
