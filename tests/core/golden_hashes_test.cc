// The committed golden hashes (tests/golden/state_hashes.json): every bundled
// scene, run natively through the same path as `grasplab run`, ends in the
// state whose hash the file records. A change that moves a trajectory must
// update the file in the same commit (scripts/update-golden-hashes.mjs).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/math/state_hash.h"
#include "core/scene/scene_json.h"

using namespace grasplab;

namespace {

nlohmann::json ReadJson(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

}  // namespace

TEST_CASE("Every bundled scene ends on its golden state hash", "[golden]") {
  const std::string assets = GRASPLAB_ASSETS_DIR;
  const nlohmann::json golden = ReadJson(assets + "/../tests/golden/state_hashes.json");
  for (const nlohmann::json& run : golden.at("runs")) {
    const std::string scene_name = run.at("scene"), solver = run.at("solver"), hash = run.at("hash");
    const int steps = run.at("steps");
    DYNAMIC_SECTION(scene_name << " (" << solver << ", " << steps << " steps)") {
      auto scene = LoadSceneFile(assets + "/scenes/" + scene_name + ".json");
      REQUIRE(scene.ok());
      Scene& s = scene.value();
      if (solver != "scene") {
        ContactSolver cs;
        REQUIRE(ParseContactSolver(solver, &cs).ok());
        s.world.set_contact_solver(cs);
      }
      for (int k = 0; k < steps; ++k) REQUIRE(StepScene(&s, s.timestep).ok());
      CHECK(HashToHex(s.world.StateHash()) == hash);
    }
  }
}

TEST_CASE("Every scene of assets/scenes/index.json has a golden hash with its own solver", "[golden]") {
  const std::string assets = GRASPLAB_ASSETS_DIR;
  const nlohmann::json golden = ReadJson(assets + "/../tests/golden/state_hashes.json");
  std::set<std::string> covered;
  for (const nlohmann::json& run : golden.at("runs")) {
    if (run.at("solver") == "scene") covered.insert(run.at("scene").get<std::string>());
  }
  for (const nlohmann::json& entry : ReadJson(assets + "/scenes/index.json").at("scenes")) {
    const std::string file = entry.at("file");
    CHECK(covered.count(file.substr(0, file.size() - 5)) == 1);
  }
}
