// The bundled scenes that hold an object name it as their grasp, and their
// default runs end in force closure (a ball squeezed by three fingers, a
// hexagonal prism on a palm, the arm's hand on a ball): the page's grasp
// panel then reports a grasp instead of "no grasp in this scene".
#include <catch2/catch.hpp>

#include "core/scene/scene.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

TEST_CASE("The squeeze, prism and arm-hand scenes end their first 3 s in force closure", "[grasp]") {
  for (const char* name : {"finger-squeeze", "finger-prism", "arm-hand"}) {
    INFO(name);
    Scene scene = BundledScene(name);
    REQUIRE(scene.grasp.has_value());
    for (int k = 0; k < 1200; ++k) REQUIRE(StepScene(&scene, scene.timestep).ok());
    const GraspQuality q = EvaluateSceneGrasp(scene);
    CHECK(q.force_closure);
    CHECK(q.epsilon_l1 > 0.05);  // measured 0.17-0.25 (L1, unit total normal force)
    CHECK(q.contact_count >= 3);
  }
}

TEST_CASE("barrett-bunny starts clean, lifts the bunny 10 cm and holds it through the shake in force closure", "[grasp]") {
  // The scene's story (actions: dynamic auto-grasp at 0.2 s, lift 10 cm at
  // 1.7 s, shake +-2 cm at 2 Hz from 3 to 5 s), from a start without overlap.
  Scene scene = BundledScene("barrett-bunny");
  REQUIRE(scene.warnings.empty());
  const BodyId bunny = scene.world.FindBody("object");
  const BodyId palm = scene.world.FindBody("hand/palm");
  const double z0 = scene.world.pose(bunny).p.z();
  double worst_drift = 0.0, rel_lifted = 0.0;
  while (scene.world.time() < 6.0 - 1e-9) {
    REQUIRE(StepScene(&scene, scene.timestep).ok());
    const double t = scene.world.time();
    const double rel = scene.world.pose(bunny).p.z() - scene.world.pose(palm).p.z();
    if (std::abs(t - 2.75) < 1e-9) rel_lifted = rel;
    if (t > 2.75) worst_drift = std::max(worst_drift, std::abs(rel - rel_lifted));
  }
  CHECK(scene.world.pose(bunny).p.z() - z0 == Approx(0.1).margin(0.003));  // lifted with the hand
  CHECK(worst_drift < 1e-4);  // held within 0.1 mm of the palm through the shake (measured 15 nm)
  const GraspQuality q = EvaluateSceneGrasp(scene);
  CHECK(q.force_closure);
  CHECK(q.epsilon_l1 > 0.05);  // measured 0.20
}
