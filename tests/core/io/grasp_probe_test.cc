// Contacts placed by hand (io/grasp_probe.h): force closure as grasp theory
// says for a cube, and bad input named by its JSON path.
#include "core/io/grasp_probe.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "core/io/grasp_json.h"
#include "core/scene/scene.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

namespace {

nlohmann::json Probe(const nlohmann::json& contacts, double mu) {
  nlohmann::json in = {{"contacts", nlohmann::json::array()}, {"center", {0, 0, 0}}, {"torqueScale", 0.0433}};
  for (const auto& c : contacts) in["contacts"].push_back({{"position", c[0]}, {"normal", c[1]}, {"friction", mu}});
  return nlohmann::json::parse(EvaluateGraspProbeJson(in.dump()));
}

// Contacts at the centres of a 5 cm cube's faces, pushing in.
const nlohmann::json kPlusX = {{0.025, 0, 0}, {-1, 0, 0}};
const nlohmann::json kMinusX = {{-0.025, 0, 0}, {1, 0, 0}};
const nlohmann::json kPlusY = {{0, 0.025, 0}, {0, -1, 0}};
const nlohmann::json kMinusZ = {{0, 0, -0.025}, {0, 0, 1}};

}  // namespace

TEST_CASE("Hand-placed contacts on a cube: closure needs friction and a third contact off the pinch axis", "[grasp]") {
  // Two antipodal point contacts cannot resist torque about their axis.
  auto two = Probe({kPlusX, kMinusX}, 0.5);
  CHECK(two["forceClosure"] == false);
  CHECK(std::abs(two["wrenchSpace"]["weakest"][3].get<double>()) == Approx(1.0).epsilon(1e-9));  // torque about x
  // A third contact on another face with friction adds that torque: closure.
  auto three = Probe({kPlusX, kMinusX, kPlusY}, 0.5);
  CHECK(three["forceClosure"] == true);
  CHECK(three["epsilonL1"].get<double>() > 0.0);
  // Without friction, four contacts can never be force closure (at least 7 in 3-D).
  auto frictionless = Probe({kPlusX, kMinusX, kPlusY, kMinusZ}, 0.0);
  CHECK(frictionless["forceClosure"] == false);
  CHECK(frictionless["wrenches"] == 4);  // one wrench, the normal, per frictionless contact
}

TEST_CASE("Grasp probes name the bad field", "[grasp]") {
  auto err = [](const std::string& text) { return nlohmann::json::parse(EvaluateGraspProbeJson(text))["error"].get<std::string>(); };
  CHECK(err("[") == "probe: not a JSON object");
  CHECK(err(R"({"contacts": 3})") == "contacts: must be an array");
  CHECK(err(R"({"contacts": [{"position": [0, 0], "normal": [1, 0, 0], "friction": 0.5}], "center": [0, 0, 0], "torqueScale": 1})") ==
        "contacts[0].position: must be [x, y, z]");
  CHECK(err(R"({"contacts": [{"position": [0, 0, 0], "normal": [0, 0, 0], "friction": 0.5}], "center": [0, 0, 0], "torqueScale": 1})") ==
        "contacts[0].normal: must not be zero");
  CHECK(err(R"({"contacts": [{"position": [0, 0, 0], "normal": [1, 0, 0], "friction": -1}], "center": [0, 0, 0], "torqueScale": 1})")
            .rfind("contacts[0].friction: must be a finite number in [0", 0) == 0);
  CHECK(err(R"({"contacts": [], "center": [0, 0, 0], "torqueScale": 0})").rfind("torqueScale: ", 0) == 0);
  CHECK(err(R"({"contacts": [], "center": [0, 0, 0], "torqueScale": 1, "frictionEdges": 7})") ==
        "frictionEdges: must be 4, 6, 8, 12 or 16");
}

TEST_CASE("A scene's probe input evaluates to its live grasp bit for bit (the page's recorded wrench space)", "[grasp]") {
  // The handset after its dynamic auto-grasp (the paper's Figure 3): many
  // contacts, force closure; and the planar/soft-finger settings round-trip.
  Scene scene = BundledScene("barrett-handset");
  for (int k = 0; k < 1200; ++k) REQUIRE(StepScene(&scene, scene.timestep).ok());
  const GraspQuality live = EvaluateSceneGraspLive(scene, false);
  REQUIRE(live.force_closure);
  nlohmann::ordered_json expected = GraspQualityJson(live);
  expected["wrenchSpace"] = WrenchSpaceJson(live);
  const nlohmann::ordered_json input = GraspProbeInput(scene);
  CHECK(input["contacts"].size() == static_cast<std::size_t>(live.contact_count));
  CHECK(EvaluateGraspProbeJson(input.dump()) == expected.dump());

  scene.grasp->settings.model = GraspContactModel::kSoftFinger;
  scene.grasp->settings.torsional_radius = 0.004;
  const GraspQuality soft = EvaluateSceneGraspLive(scene, false);
  nlohmann::ordered_json soft_json = GraspQualityJson(soft);
  soft_json["wrenchSpace"] = WrenchSpaceJson(soft);
  CHECK(EvaluateGraspProbeJson(GraspProbeInput(scene).dump()) == soft_json.dump());
  CHECK(soft.wrench_count > live.wrench_count);  // the soft finger adds torsion wrenches

  Scene none = BundledScene("falling-sphere");
  CHECK(GraspProbeInput(none).is_null());
}

TEST_CASE("Grasp probes name a bad contact model, space or torsional radius", "[grasp]") {
  auto err = [](const std::string& extra) {
    const std::string text = R"({"contacts": [], "center": [0, 0, 0], "torqueScale": 1, )" + extra + "}";
    return nlohmann::json::parse(EvaluateGraspProbeJson(text))["error"].get<std::string>();
  };
  CHECK(err(R"("contactModel": "hard")") == "contactModel: must be point, frictionless or soft-finger");
  CHECK(err(R"("space": 2)") == "space: must be spatial or planar");
  CHECK(err(R"("torsionalRadius": -1)").rfind("torsionalRadius: must be a finite number in [0", 0) == 0);
  CHECK(err(R"("linf": 1)") == "linf: must be true or false");
}

TEST_CASE("L-infinity epsilon of hand-placed contacts lies between epsilon L1 and n times it", "[grasp]") {
  // W_L1 = conv(union of the contacts' edge wrenches) and W_Linf = the
  // Minkowski sum of each contact's conv({0} and its edge wrenches) (normal
  // force at most 1 per contact). W_Linf holds each contact's set (the others
  // at 0), so their convex union W_L1 (in closure the origin is inside);
  // and W_Linf lies inside n W_L1 (a sum of n points of W_L1 is n times
  // their mean). So epsilon_L1 <= epsilon_Linf <= n epsilon_L1.
  nlohmann::json in = {{"contacts", nlohmann::json::array()}, {"center", {0, 0, 0}}, {"torqueScale", 0.0433}, {"linf", true}};
  for (const auto& c : {kPlusX, kMinusX, kPlusY}) {  // 9^3 candidate sums: within the L-infinity bound
    in["contacts"].push_back({{"position", c[0]}, {"normal", c[1]}, {"friction", 0.5}});
  }
  const auto q = nlohmann::json::parse(EvaluateGraspProbeJson(in.dump()));
  REQUIRE(q["forceClosure"] == true);
  REQUIRE(q["epsilonLinf"].is_number());
  const double e1 = q["epsilonL1"].get<double>(), einf = q["epsilonLinf"].get<double>();
  CHECK(einf >= e1 * (1 - 1e-9));
  CHECK(einf <= 3 * e1 * (1 + 1e-9));
  CHECK(einf > 1.5 * e1);  // strictly between here: the sum reaches further than one contact
  in["linf"] = false;
  CHECK(nlohmann::json::parse(EvaluateGraspProbeJson(in.dump()))["epsilonLinf"].is_null());
}
