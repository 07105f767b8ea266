// What the grasplab program's commands share: errors, numbers, where the
// assets are, and reading a scene argument (a file, a share link or a
// bundled scene's name).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/scene/scene_json.h"

namespace grasplab::cli {

// Prints "grasplab: message" on stderr; returns the exit code 2.
int Fail(const std::string& message);

// The whole of `text` as a number.
bool ParseDouble(std::string_view text, double* out);

// The program's path (argv[0]), for finding the assets beside it.
void SetProgramPath(const char* argv0);

// The repository's assets/ for scenes that come from a link: beside the
// program's build tree (build/native/grasplab -> assets/), else ./assets;
// empty when neither exists.
std::string AssetRoot();

// A scene argument's text and where its assets are read from.
struct SceneSource {
  std::string text;
  SceneLoadOptions options;
  std::string label;  // prefixes errors: the path, or "link"
};

// A scene file or a share link. A file inside an assets/ folder reads its
// assets from there, any other from AssetRoot().
StatusOr<SceneSource> ReadSceneSource(const std::string& arg);
// A bundled scene by name (assets/scenes/index.json).
StatusOr<SceneSource> ReadBundledSceneSource(const std::string& name);

// The scene itself; errors start with the label. A scene file outside any
// assets/ folder reads "assets/..." from the repository's (AssetRoot()).
StatusOr<Scene> LoadSceneSource(const SceneSource& source);
StatusOr<Scene> LoadSceneArg(const std::string& arg);
StatusOr<Scene> LoadBundledScene(const std::string& name);

// `grasplab run --set PATH=VALUE ...`: sets fields of the scene's JSON text
// before it loads, in order, the text parsed and written once. PATH is a
// dotted chain of object keys ("solver.substeps", "timestep",
// "sleep.enabled"; objects missing on the way are created), VALUE a JSON
// value (4, 0.01, true, "pgs", [0, 0, -9.81]). The loader then checks each
// field as it checks a file's, with the same message ("solver.substeps:
// must be ..."). Errors here name the assignment: "--set
// solver.substeps=four: the value is not JSON ...".
Status ApplySceneSettings(const std::vector<std::string>& assignments, SceneSource* source);

}  // namespace grasplab::cli
