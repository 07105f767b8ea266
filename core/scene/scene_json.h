// The JSON scene format, version 1 (docs/scene-format.md): one file or link
// describes a whole scene. Scenes are untrusted input: loading is strict.
// Every error names the JSON path and the problem
// ("bodies[3].mass: must be a finite number > 0, got -1"); unknown fields are
// refused, with a suggestion for near misses; names must be unique and
// references must resolve; sizes are bounded.
//
// Conventions: SI units, world z-up, quaternions [w, x, y, z]. A body's
// position is its centre of mass, except for "convex" shapes, whose points
// are given in the body frame: the body is placed so that the hull's
// centroid lands where the points put it.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/base/status.h"
#include "core/scene/builtin_scenes.h"

namespace grasplab {

inline constexpr int kMaxSceneBodies = 10000;
inline constexpr int kMaxSceneJoints = 10000;
inline constexpr int kMaxSceneTextBytes = 64 * 1024 * 1024;

struct SceneLoadOptions {
  // Directory that assets ("assets/...": meshes, robot models) are read
  // from (the repository's assets/). Empty and no read_asset: scenes that
  // need an asset are refused.
  std::string asset_root;
  // Overrides asset_root: returns the bytes of "assets/..." (the browser
  // serves assets it fetched beforehand).
  std::function<StatusOr<std::string>(const std::string& path)> read_asset;
};

// Parses and validates a scene. On error nothing is returned; the caller
// keeps whatever scene it had.
StatusOr<Scene> LoadSceneJson(std::string_view text, const SceneLoadOptions& options = {});

// Reads a file (native builds), with the asset root defaulting to the
// "assets" folder that contains it, if any.
StatusOr<Scene> LoadSceneFile(const std::string& path);

}  // namespace grasplab
