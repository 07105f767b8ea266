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
#include "tests/core/golden_runs.h"

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
  const std::vector<GoldenRun> runs = GoldenRuns();
  REQUIRE(runs.size() >= 41);
  for (const GoldenRun& run : runs) {
    DYNAMIC_SECTION(run.scene << " (" << run.solver << ", " << run.formulation << ", " << run.steps << " steps"
                                << (run.teleop.empty() ? "" : ", teleop " + run.teleop) << ")") {
      Scene s = GoldenRunScene(run.scene, run.solver, run.formulation);
      QueueGoldenTeleop(run, &s);
      for (int k = 0; k < run.steps; ++k) REQUIRE(StepScene(&s, s.timestep).ok());
      CHECK(HashToHex(s.world.StateHash()) == run.hash);
    }
  }
}

TEST_CASE("Every scene of assets/scenes/index.json has a golden hash with its own solver", "[golden]") {
  const std::string assets = GRASPLAB_ASSETS_DIR;
  std::set<std::string> covered;
  for (const GoldenRun& run : GoldenRuns()) {
    if (run.solver == "scene" && run.formulation == "scene" && run.teleop.empty()) covered.insert(run.scene);
  }
  const nlohmann::json index = ReadJson(assets + "/scenes/index.json");  // a local: see golden_runs.h
  REQUIRE(index.at("scenes").size() >= 13);
  for (const nlohmann::json& entry : index.at("scenes")) {
    const std::string file = entry.at("file");
    CHECK(covered.count(file.substr(0, file.size() - 5)) == 1);
  }
}
