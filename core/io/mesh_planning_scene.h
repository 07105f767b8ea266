// A planning scene for any mesh (grasplab plan --mesh, docs/planning.md):
// the ground, the object, and a hand. The object is the convex hull of the
// mesh's vertices (scaled, each position once) given inline, so the scene
// and a grasp set planned in it need no asset but the hand's model; it
// rests 0.2 mm above the ground, its hull's centre of mass over the
// origin. The mesh must bound a solid (geometry/mesh_io.h CheckClosedMesh).
#pragma once

#include <string>

#include "core/base/status.h"
#include "core/geometry/mesh_io.h"

namespace grasplab {

struct MeshSceneOptions {
  std::string hand = "barrett";  // a bundled robot: assets/robots/<hand>.urdf
  double scale = 1.0;            // mesh units per m (0.001 for millimetres)
  double mass = 0.2;             // kg
  double static_friction = 1.0;  // rubber on rubber, as the bundled grasp scenes
  double kinetic_friction = 0.9;
};

// The scene's JSON text; errors name `name` (the mesh file) and the problem.
StatusOr<std::string> MeshPlanningSceneJson(const MeshData& mesh, const std::string& name,
                                            const MeshSceneOptions& options);

}  // namespace grasplab
