// What a viewer needs to draw a world, sent once per scene load (not per
// frame): body names, static flags, masses (kg, 0 for static) and shapes with their dimensions.
#pragma once

#include <nlohmann/json.hpp>

#include "core/scene/scene.h"
#include "core/world/world.h"

namespace grasplab {

// {"bodies": [{"name", "static", "mass", "shape": {"type", ...dimensions}}], "timestep"...}
nlohmann::ordered_json DescribeBodies(const World& world);

// DescribeBodies of the scene's world, and the scene's robots: "robots"
// [name], "robotBodies" {name: [link body ids]}, "warnings" [string] and
// "grasp" {object, robot} or null.
nlohmann::ordered_json DescribeScene(const Scene& scene);

// The driven joints of a robot: [{name, position, velocity, target (null
// without a PD controller), lower, upper (null without limits), maxEffort,
// effort}], URDF values (rad or m); null for an unknown robot.
nlohmann::ordered_json DescribeRobotJoints(const Scene& scene, const std::string& robot);

// The settings in force for a scene, defaults included, in the scene
// format's names (docs/scene-format.md): {"timestep", "gravity", "solver":
// {type, frictionEdges, errorReduction, torsionalFrictionRadius,
// rollingResistance, contactTime, iterations, tolerance, warmStart,
// frictionAnchors}, "dynamics": {formulation}, "contact": {threshold,
// slipThreshold, reuseDistance}, "sleep": {enabled, time, linear, angular}}.
// The page's parameters form starts from these, not from copies in JavaScript.
nlohmann::ordered_json DescribeSettings(const Scene& scene);

}  // namespace grasplab
