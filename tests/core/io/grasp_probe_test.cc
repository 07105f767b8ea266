// Contacts placed by hand (io/grasp_probe.h): force closure as grasp theory
// says for a cube, and bad input named by its JSON path.
#include "core/io/grasp_probe.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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
