#include "core/scene/scene_parse.h"

#include "core/scene/json_reader.h"
#include "core/scene/scene_parse_parts.h"

namespace grasplab {


StatusOr<SceneSpec> ParseSceneSpec(std::string_view text, const SceneLoadOptions& options) {
  if (text.size() > static_cast<std::size_t>(kMaxSceneTextBytes)) {
    return Status::Error("scene: larger than " + std::to_string(kMaxSceneTextBytes) + " bytes");
  }
  auto read = ReadJsonStrict(text);
  if (!read.ok()) return read.status();
  const Json& doc = read.value();
  if (!doc.is_object()) return Status::Error("scene: must be a JSON object");
  const Node root(doc, "");
  GL_TRY(root.ExpectObject({"format", "version", "name", "gravity", "timestep", "solver", "dynamics", "contact", "sleep", "materials",
                            "frictionPairs", "bodies", "joints", "robots", "actions", "grasp", "initialOverlap", "sensors", "teleop", "pads"}));
  std::string format;
  GL_TRY(String(root, "format", &format, true));
  if (format != "grasplab-scene") return Status::Error("format: must be \"grasplab-scene\", got \"" + format + "\"");
  if (!root.Has("version")) return Status::Error("version: required");
  double version = 0;
  if (!Number(root, "version", &version, true, 1, 1).ok()) {
    return Status::Error("version: this build reads version 1, got " + Describe(doc.at("version")));
  }
  SceneSpec spec;
  std::string overlap;
  GL_TRY(String(root, "initialOverlap", &overlap, false));
  if (overlap == "error") {
    spec.initial_overlap = InitialOverlapPolicy::kError;
  } else if (overlap == "resolve") {
    spec.initial_overlap = InitialOverlapPolicy::kResolve;
  } else if (!overlap.empty() && overlap != "warn") {
    return Status::Error("initialOverlap: must be \"warn\", \"error\" or \"resolve\", got \"" + overlap + "\"");
  }
  GL_TRY(ParseSettings(root, &spec));
  GL_TRY(ParseMaterials(root, &spec));
  GL_TRY(ParseBodies(root, options, &spec));
  GL_TRY(ParseJoints(root, &spec));
  GL_TRY(ParseRobots(root, options, &spec));
  GL_TRY(ParseActions(root, &spec));
  GL_TRY(ParseGrasp(root, &spec));
  GL_TRY(ParsePads(root, &spec));
  GL_TRY(ParseSensors(root, &spec));
  GL_TRY(ParseTeleop(root, &spec));
  return spec;
}

}  // namespace grasplab
