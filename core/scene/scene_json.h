// Loading a scene in the JSON scene format, version 1 (docs/scene-format.md):
// parse into an immutable SceneSpec (scene/scene_parse.h: strict, every error
// names the JSON path and the problem), then build a live Scene from it
// (scene/scene_build.h). On error nothing is returned; the caller keeps
// whatever scene it had.
#pragma once

#include <string>
#include <string_view>

#include "core/base/status.h"
#include "core/scene/scene.h"
#include "core/scene/scene_build.h"
#include "core/scene/scene_parse.h"

namespace grasplab {

StatusOr<Scene> LoadSceneJson(std::string_view text, const SceneLoadOptions& options = {});

// Reads a file (native builds), with the asset root defaulting to the
// "assets" folder that contains it, if any. Errors start with the path.
StatusOr<Scene> LoadSceneFile(const std::string& path);

}  // namespace grasplab
