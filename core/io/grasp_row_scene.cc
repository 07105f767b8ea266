#include "core/io/grasp_row_scene.h"

#include "core/io/grasp_batch.h"
#include "core/planning/grasp_verification.h"

namespace grasplab {
namespace {

// A verification default action (auto-grasp, lift or shake) in the scene
// format (docs/scene-format.md).
nlohmann::ordered_json DefaultActionJson(const ActionSpec& a) {
  nlohmann::ordered_json j;
  j["at"] = a.at;
  j["type"] = ActionTypeName(a.type);  // "autograsp", "lift", "shake"
  j["robot"] = a.robot;
  if (a.type == ActionType::kAutoGraspDynamic) j["mode"] = "dynamic";
  j["duration"] = a.duration;
  if (a.type == ActionType::kLift) j["height"] = a.height;
  if (a.type == ActionType::kShake) {
    j["axis"] = {a.axis.x(), a.axis.y(), a.axis.z()};
    j["amplitude"] = a.amplitude;
    j["frequency"] = a.frequency;
  }
  return j;
}

}  // namespace

StatusOr<std::string> GraspRowSceneJson(const GraspSetHeader& header, const SceneLoadOptions& options,
                                        const nlohmann::ordered_json& row) {
  using Json = nlohmann::ordered_json;
  auto spec = GraspSetScene(header, options);
  if (!spec.ok()) return spec.status();
  GraspRow parsed;
  GL_TRY(ParseGraspRow(row, "row", header, &parsed));
  if (!parsed.error.empty()) {
    return Status::Error("row " + std::to_string(parsed.index) + " was not planned: " + parsed.error);
  }
  Json scene = Json::parse(header.scene_text, nullptr, /*allow_exceptions=*/false);
  if (!scene.is_object() || !scene.contains("robots") || !scene["robots"].is_array()) {
    return Status::Error("the set's scene text is not a scene object");
  }
  for (Json& r : scene["robots"]) {
    if (!r.is_object() || !r.contains("name") || r["name"] != header.robot) continue;
    r["position"] = row["position"];
    r["orientation"] = row["orientation"];
    r["joints"] = row["pregrasp"];
  }
  if (!SceneVerifiesGrasp(*spec.value(), header.robot)) {
    // The verification's default sequence (planning/grasp_verification.h)
    // in place of the hand's own actions, written from its ActionSpecs.
    Json actions = Json::array();
    if (scene.contains("actions") && scene["actions"].is_array()) {
      for (const Json& a : scene["actions"]) {
        if (!(a.is_object() && a.contains("robot") && a["robot"] == header.robot)) actions.push_back(a);
      }
    }
    for (const ActionSpec& a : VerificationActions(*spec.value(), header.robot)) {
      if (a.robot == header.robot) actions.push_back(DefaultActionJson(a));
    }
    scene["actions"] = actions;
  }
  Json grasp = scene.contains("grasp") && scene["grasp"].is_object() && scene["grasp"].value("object", "") == header.object
                   ? scene["grasp"]
                   : Json::object();
  grasp["object"] = header.object;
  grasp["robot"] = header.robot;
  scene["grasp"] = grasp;
  scene["name"] = scene.value("name", std::string("scene")) + "-grasp-" + std::to_string(parsed.index);
  return scene.dump(1);
}

}  // namespace grasplab
