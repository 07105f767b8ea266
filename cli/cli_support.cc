#include "cli/cli_support.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/scene_link.h"

namespace grasplab::cli {
namespace {

std::string g_argv0 = "grasplab";

}  // namespace

int Fail(const std::string& message) {
  std::cerr << "grasplab: " << message << "\n";
  return 2;
}

bool ParseDouble(std::string_view text, double* out) {
  std::string s(text);
  char* end = nullptr;
  *out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

void SetProgramPath(const char* argv0) { g_argv0 = argv0 ? argv0 : "grasplab"; }

std::string AssetRoot() {
  const std::size_t slash = g_argv0.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : g_argv0.substr(0, slash);
  for (const std::string& candidate : {dir + "/../../assets", std::string("assets")}) {
    if (std::ifstream(candidate + "/scenes/index.json")) return candidate;
  }
  return "";
}

StatusOr<SceneSource> ReadSceneSource(const std::string& arg) {
  SceneSource source;
  if (IsSceneLink(arg)) {
    auto text = DecodeSceneLink(arg);
    if (!text.ok()) return text.status();
    source.text = std::move(text).value();
    source.options.asset_root = AssetRoot();
    source.label = "link";
    return source;
  }
  std::ifstream in(arg, std::ios::binary);
  if (!in) return Status::Error(arg + ": cannot open file");
  std::ostringstream buf;
  buf << in.rdbuf();
  source.text = buf.str();
  const std::size_t at = arg.rfind("assets/");
  source.options.asset_root = at != std::string::npos ? arg.substr(0, at + 6) : AssetRoot();
  source.label = arg;
  return source;
}

StatusOr<SceneSource> ReadBundledSceneSource(const std::string& name) {
  const std::string root = AssetRoot();
  if (root.empty()) return Status::Error("--scene: cannot find the assets/ folder (assets/scenes/index.json)");
  std::ifstream in(root + "/scenes/index.json", std::ios::binary);
  const nlohmann::json index = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  std::string known;
  if (index.is_object() && index.contains("scenes") && index["scenes"].is_array()) {
    for (const nlohmann::json& entry : index["scenes"]) {
      if (!entry.is_object() || !entry.contains("file") || !entry["file"].is_string()) continue;
      std::string file = entry["file"].get<std::string>();
      if (file.size() > 5 && file.compare(file.size() - 5, 5, ".json") == 0) file.resize(file.size() - 5);
      if (file == name) return ReadSceneSource(root + "/scenes/" + file + ".json");
      known += (known.empty() ? "" : ", ") + file;
    }
  }
  return Status::Error("--scene: no bundled scene \"" + name + "\" (assets/scenes/index.json lists: " + known + ")");
}

namespace {

// One PATH=VALUE into doc (ApplySceneSettings).
Status ApplySceneSetting(const std::string& assignment, nlohmann::ordered_json* doc) {
  const std::string what = "--set " + assignment;
  const std::size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) return Status::Error(what + ": needs PATH=VALUE, e.g. solver.substeps=4");
  const std::string path = assignment.substr(0, eq);
  const nlohmann::ordered_json value = nlohmann::ordered_json::parse(assignment.substr(eq + 1), nullptr, false);
  if (value.is_discarded()) {
    return Status::Error(what + ": the value is not JSON (a number, true, false, \"text\" in quotes, [...] or {...})");
  }
  nlohmann::ordered_json* node = doc;
  std::string walked;
  for (std::size_t start = 0;;) {
    const std::size_t dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (key.empty()) return Status::Error(what + ": \"" + path + "\" has an empty key");
    walked += (walked.empty() ? "" : ".") + key;
    if (dot == std::string::npos) {
      (*node)[key] = value;
      break;
    }
    nlohmann::ordered_json& next = (*node)[key];
    if (next.is_null()) next = nlohmann::ordered_json::object();
    if (!next.is_object()) return Status::Error(what + ": \"" + walked + "\" is not an object in the scene");
    node = &next;
    start = dot + 1;
  }
  return Status::Ok();
}

}  // namespace

Status ApplySceneSettings(const std::vector<std::string>& assignments, SceneSource* source) {
  if (assignments.empty()) return Status::Ok();
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(source->text, nullptr, false);
  if (!doc.is_object()) return Status::Error("--set " + assignments[0] + ": the scene is not a JSON object");
  for (const std::string& assignment : assignments) GL_TRY(ApplySceneSetting(assignment, &doc));
  source->text = doc.dump();
  return Status::Ok();
}

StatusOr<Scene> LoadSceneSource(const SceneSource& source) {
  auto scene = LoadSceneJson(source.text, source.options);
  if (!scene.ok()) return Status::Error(source.label + ": " + scene.status().message());
  return scene;
}

StatusOr<Scene> LoadSceneArg(const std::string& arg) {
  auto source = ReadSceneSource(arg);
  if (!source.ok()) return source.status();
  return LoadSceneSource(source.value());
}

StatusOr<Scene> LoadBundledScene(const std::string& name) {
  auto source = ReadBundledSceneSource(name);
  if (!source.ok()) return source.status();
  return LoadSceneSource(source.value());
}

}  // namespace grasplab::cli
