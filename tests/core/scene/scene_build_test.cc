// Building a scene from its spec (core/scene/scene_build): the spec is kept
// and rebuilds the same world, actions are sorted by time (stably), and the
// errors that need the live model still name the JSON path.
#include <catch2/catch.hpp>
#include <memory>

#include "core/scene/scene_build.h"
#include "core/scene/scene_parse.h"

using namespace grasplab;

namespace {
const std::string kAssets = GRASPLAB_ASSETS_DIR;

std::shared_ptr<const SceneSpec> Parse(const std::string& text) {
  SceneLoadOptions options;
  options.asset_root = kAssets;
  auto spec = ParseSceneSpec(text, options);
  REQUIRE(spec.ok());
  return std::make_shared<const SceneSpec>(std::move(spec).value());
}

const std::string kJaw = R"({"format": "grasplab-scene", "version": 1,
  "bodies": [{"name": "ground", "static": true, "shape": {"type": "plane"}},
             {"name": "cube", "mass": 0.2, "shape": {"type": "box", "size": [0.05, 0.05, 0.05]}, "position": [0, 0, 0.02505]}],
  "robots": [{"name": "hand", "model": "assets/robots/parallel-jaw.urdf", "position": [0, 0, 0.2]}],
  "actions": [)";
}  // namespace

TEST_CASE("A spec builds the same world twice and is shared by the scenes", "[scene]") {
  auto spec = Parse(kJaw + R"({"at": 1.0, "type": "lift", "robot": "hand"},
                              {"at": 0.2, "type": "autograsp", "robot": "hand"},
                              {"at": 1.0, "type": "open", "robot": "hand"}]})");
  auto a = BuildScene(spec), b = BuildScene(spec);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.value().spec == spec);
  CHECK(a.value().world.StateHash() == b.value().world.StateHash());
  CHECK(a.value().world.body_count() == b.value().world.body_count());
  // Sorted by time; equal times keep file order (lift before open).
  const auto& actions = a.value().actions;
  REQUIRE(actions.size() == 3);
  CHECK(actions[0].type == ActionType::kAutoGraspDynamic);
  CHECK(actions[1].type == ActionType::kLift);
  CHECK(actions[2].type == ActionType::kOpen);
  CHECK(spec->actions[0].type == ActionType::kLift);  // the spec keeps file order
}

TEST_CASE("Build errors that need the live robot name the JSON path", "[scene]") {
  auto spec = Parse(kJaw + R"({"at": 0.5, "type": "joints", "robot": "hand", "joints": {"no_such_joint": 0.01}}]})");
  auto scene = BuildScene(spec);
  REQUIRE_FALSE(scene.ok());
  CHECK(scene.status().message() == "actions[0].joints.no_such_joint: robot \"hand\" has no driven joint of that name");
  CHECK(BuildScene(nullptr).status().message() == "scene: no spec to build from");
}
