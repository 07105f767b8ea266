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
