// Scenes compiled into the binary, so `grasplab run` and the web page work
// with no file. (The JSON scene format replaces these with assets/scenes/.)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/scene/scene.h"

namespace grasplab {


// "falling-sphere": a 0.2 kg sphere of radius 5 cm dropped from 0.5 m onto a
// static ground plane.
// "shapes": one of each convex shape (box, sphere, capsule, cylinder, and a
// convex hull of 20 points) dropped onto the ground in different poses.
// "finger-squeeze": three motor-driven hinged fingers on a static palm
// squeeze and hold a 0.2 kg ball against gravity.
// "finger-prism": the same hand on a hexagonal prism standing on the palm
// (a statically indeterminate grasp, about 12 contacts).
// "arm-hand": a 6-joint arm carrying that hand, holding a ball.
std::vector<std::string> BuiltinSceneNames();
StatusOr<Scene> MakeBuiltinScene(std::string_view name);

}  // namespace grasplab
