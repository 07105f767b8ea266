// The runs of the committed golden file (tests/golden/state_hashes.json):
// each bundled scene, its contact model ("scene": the file's own), its
// formulation ("scene" unless the run names "maximal" or "reduced") and its
// step count. The golden-hash test and the allocation test step the same
// runs.
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/teleop_json.h"
#include "core/scene/scene_teleop.h"
#include "tests/core/bundled_scene.h"

namespace grasplab {

struct GoldenRun {
  std::string scene, solver, hash, formulation = "scene";
  std::string teleop;  // a teleoperation session replayed (tests/golden/<file>), or empty
  int steps = 0;
};

inline std::vector<GoldenRun> GoldenRuns() {
  std::ifstream in(std::string(GRASPLAB_ASSETS_DIR) + "/../tests/golden/state_hashes.json");
  std::stringstream text;
  text << in.rdbuf();
  // Kept in a local: a range-for over parse(...).at("runs") would iterate a
  // reference into a temporary destroyed before the loop runs.
  const nlohmann::json golden = nlohmann::json::parse(text.str());
  std::vector<GoldenRun> runs;
  for (const nlohmann::json& run : golden.at("runs")) {
    GoldenRun r;
    r.scene = run.at("scene");
    r.solver = run.at("solver");
    r.hash = run.at("hash");
    r.steps = run.at("steps");
    if (run.contains("formulation")) r.formulation = run.at("formulation");
    if (run.contains("teleop")) r.teleop = run.at("teleop");
    runs.push_back(r);
  }
  return runs;
}

// The bundled scene with the run's contact model and formulation.
inline Scene GoldenRunScene(const std::string& scene, const std::string& solver,
                            const std::string& formulation = "scene") {
  Scene s = BundledScene(scene);
  if (solver != "scene") {
    ContactSolver cs;
    if (Status st = ParseContactSolver(solver, &cs); !st.ok()) {
      std::fprintf(stderr, "GoldenRunScene(%s): %s\n", solver.c_str(), st.message().c_str());
      std::abort();
    }
    s.world.set_contact_solver(cs);
  }
  if (formulation != "scene") {
    Formulation f;
    if (Status st = ParseFormulation(formulation, &f); !st.ok()) {
      std::fprintf(stderr, "GoldenRunScene(%s): %s\n", formulation.c_str(), st.message().c_str());
      std::abort();
    }
    s.world.set_formulation(f);
  }
  return s;
}

// Queues the run's teleoperation session, if it names one (aborts on error:
// the golden file is the project's own).
inline void QueueGoldenTeleop(const GoldenRun& run, Scene* s) {
  if (run.teleop.empty()) return;
  std::ifstream in(std::string(GRASPLAB_ASSETS_DIR) + "/../tests/golden/" + run.teleop);
  std::stringstream text;
  text << in.rdbuf();
  auto session = ParseTeleopSessionJson(text.str(), run.teleop);
  Status st = session.ok() ? QueueTeleopCommands(s, session.value()) : session.status();
  if (!st.ok()) {
    std::fprintf(stderr, "QueueGoldenTeleop(%s): %s\n", run.teleop.c_str(), st.message().c_str());
    std::abort();
  }
}

}  // namespace grasplab
