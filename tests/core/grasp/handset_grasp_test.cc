// The phone-handset grasp of Miller & Christensen section 6 and Figure 3,
// on the bundled scene assets/scenes/barrett-handset.json: the Barrett-like
// hand, held by the Puma-like arm above a handset on a workbench. A static
// auto-grasp touches only the handset's underside and is not force
// closure; the dynamic auto-grasp pulls the handset up into the hand and
// ends in force closure.
#include <catch2/catch.hpp>

#include "core/grasp/auto_grasp.h"
#include "core/scene/scene_json.h"

using namespace grasplab;

namespace {

Scene Load() {
  auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/barrett-handset.json");
  REQUIRE(scene.ok());
  return std::move(scene.value());
}

constexpr double kBenchTop = 0.4;  // m

}  // namespace

TEST_CASE("Figure 3: a static auto-grasp of the handset touches only its underside, no force closure", "[grasp][figure3]") {
  Scene s = Load();
  const Robot& hand = s.robots[1].robot;
  auto r = AutoGraspStatic(&s.world, hand);
  REQUIRE(r.ok());
  // The three fingers stop on the handset, not at their limits.
  for (std::size_t d = 0; d < hand.dofs.size(); ++d) {
    if (hand.dofs[d].closes) CHECK(r.value().touching[d]);
  }
  const std::vector<GraspContact> contacts = GraspContacts(s);
  REQUIRE(contacts.size() >= 3);
  const double handle_bottom = kBenchTop + 0.055;
  for (const GraspContact& c : contacts) {
    CHECK(c.n_W.z() > 0.3);                              // pushing the handset up
    CHECK(c.p_W.z() == Approx(handle_bottom).margin(2e-4));  // at the handle's bottom
  }
  const GraspQuality q = EvaluateSceneGrasp(s);
  CHECK_FALSE(q.force_closure);
  CHECK(q.epsilon_l1 == 0.0);
}

TEST_CASE("Figure 3: the dynamic auto-grasp lifts the handset into the hand and ends in force closure", "[grasp][figure3]") {
  Scene s = Load();
  const BodyId handset = s.world.FindBody("handset");
  const double z0 = s.world.pose(handset).p.z();
  const Robot& hand = s.robots[1].robot;
  const Vec3 palm0 = s.world.pose(hand.root_body).p;
  // The paper's setting: the two finger joints have half the thumb's limit.
  const int thumb = hand.FindDof("thumb_proximal_joint");
  CHECK(hand.dofs[hand.FindDof("finger1_proximal_joint")].max_effort == 0.5 * hand.dofs[thumb].max_effort);
  CHECK(hand.dofs[hand.FindDof("finger2_proximal_joint")].max_effort == 0.5 * hand.dofs[thumb].max_effort);
  bool closure_seen = false;
  for (int k = 0; k < 1200; ++k) {  // 3 s
    REQUIRE(StepScene(&s, s.timestep).ok());
    if (k == 200) CHECK_FALSE(EvaluateSceneGrasp(s).force_closure);  // 0.5 s: still closing
    closure_seen = closure_seen || EvaluateSceneGrasp(s).force_closure;
  }
  CHECK(closure_seen);
  const GraspQuality q = EvaluateSceneGrasp(s);
  CHECK(q.force_closure);
  CHECK(q.epsilon_l1 > 0.01);
  // Lifted off the bench: no contact left with it, and raised by over 1 cm.
  CHECK(s.world.pose(handset).p.z() > z0 + 0.01);
  for (const Contact& c : s.world.contacts()) {
    const bool bench = s.world.body_name(c.body_a) == "workbench" || s.world.body_name(c.body_b) == "workbench";
    CHECK_FALSE((bench && (c.body_a == handset || c.body_b == handset) && c.normal_impulse > 0.0));
  }
  // The arm's PD controllers held the wrist: the palm moved less than 5 mm.
  CHECK((s.world.pose(hand.root_body).p - palm0).norm() < 5e-3);
  CHECK(s.world.stats().lcp_failures == 0);
  CHECK(s.world.stats().nonfinite_events == 0);
}
