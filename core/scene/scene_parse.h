// Parsing a scene in the JSON scene format, version 1 (docs/scene-format.md),
// into a SceneSpec (scene/scene_spec.h). Scenes are untrusted input, so
// parsing is strict: the JSON itself (scene/json_reader.h: overflowing
// numbers, NaN and Infinity tokens, duplicate keys, depth), unknown fields
// (with a suggestion for near misses), types, ranges, unique names and
// references are checked, and every error names the JSON path and the
// problem ("bodies[3].mass: must be a finite number > 0, got -1"). Assets
// (meshes, robot models) are read and checked here too.
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
#include "core/scene/scene_spec.h"

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

StatusOr<SceneSpec> ParseSceneSpec(std::string_view text, const SceneLoadOptions& options = {});

}  // namespace grasplab
