// A bundled scene (assets/scenes/NAME.json) for tests and benchmarks: the
// same files the CLI's --scene, the page and the golden hashes use.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/scene/scene_json.h"

namespace grasplab {

inline Scene BundledScene(const std::string& name) {
  auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/" + name + ".json");
  if (!scene.ok()) {
    std::fprintf(stderr, "BundledScene(%s): %s\n", name.c_str(), scene.status().message().c_str());
    std::abort();
  }
  return std::move(scene).value();
}

}  // namespace grasplab
