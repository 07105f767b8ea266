// The parts of the scene parser (scene/scene_parse.h), one per concern of
// the format, each filling its part of the SceneSpec from the document's
// root. Private to core/scene/.
#pragma once

#include <string>

#include "core/geometry/shape.h"
#include "core/scene/json_node.h"
#include "core/scene/scene_parse.h"

namespace grasplab {

// scene_parse_settings.cc: name, gravity, timestep, solver, contact.
Status ParseSettings(const Node& root, SceneSpec* spec);
// scene_parse_shapes.cc: a body's "shape"; *centroid is where a convex hull's
// or compound's volume centroid sits in the frame its points were given in.
Status ParseShape(const Node& n, const SceneLoadOptions& options, Shape* shape, Vec3* centroid);
// The bytes of an asset named in field `key` of `parent`: a path inside
// assets/ without '..'.
StatusOr<std::string> ReadAssetBytes(const Node& parent, const std::string& key, const SceneLoadOptions& options,
                                     std::string* path_out = nullptr);
// scene_parse_bodies.cc: materials, frictionPairs, bodies, joints.
Status ParseMaterials(const Node& root, SceneSpec* spec);
Status ParseBodies(const Node& root, const SceneLoadOptions& options, SceneSpec* spec);
Status ParseJoints(const Node& root, SceneSpec* spec);
// scene_parse_robots.cc
Status ParseRobots(const Node& root, const SceneLoadOptions& options, SceneSpec* spec);
// scene_parse_actions.cc: actions and grasp.
Status ParseActions(const Node& root, SceneSpec* spec);
Status ParseGrasp(const Node& root, SceneSpec* spec);
// scene_parse_pads.cc: compliant pads (after bodies and robots).
Status ParsePads(const Node& root, SceneSpec* spec);
// scene_parse_sensors.cc: sensors (after robots and pads).
Status ParseSensors(const Node& root, SceneSpec* spec);
// scene_parse_teleop.cc: teleop (after robots).
Status ParseTeleop(const Node& root, SceneSpec* spec);

}  // namespace grasplab
