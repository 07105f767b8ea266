#include "core/scene/scene_json.h"

#include <fstream>
#include <memory>
#include <sstream>
#include <utility>

namespace grasplab {

StatusOr<Scene> LoadSceneJson(std::string_view text, const SceneLoadOptions& options) {
  auto spec = ParseSceneSpec(text, options);
  if (!spec.ok()) return spec.status();
  return BuildScene(std::make_shared<const SceneSpec>(std::move(spec).value()));
}

StatusOr<Scene> LoadSceneFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot open file");
  std::ostringstream buf;
  buf << in.rdbuf();
  SceneLoadOptions options;
  // The assets root: the "assets" directory on the file's path, if any.
  const std::size_t at = path.rfind("assets/");
  if (at != std::string::npos) options.asset_root = path.substr(0, at + 6);
  auto scene = LoadSceneJson(buf.str(), options);
  if (!scene.ok()) return Status::Error(path + ": " + scene.status().message());
  return scene;
}

}  // namespace grasplab
