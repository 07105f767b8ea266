#include "core/scene/builtin_scenes.h"

namespace grasplab {
namespace {

Scene FallingSphere() {
  Scene scene{"falling-sphere", 0.0025, World(WorldSettings{})};
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  BodyDef sphere;
  sphere.name = "sphere";
  sphere.shape = SphereShape{0.05};
  sphere.mass = 0.2;
  sphere.X_WB.p = Vec3(0.0, 0.0, 0.5);
  // Both definitions are valid by construction.
  (void)scene.world.AddBody(ground);
  (void)scene.world.AddBody(sphere);
  return scene;
}

}  // namespace

std::vector<std::string> BuiltinSceneNames() { return {"falling-sphere"}; }

StatusOr<Scene> MakeBuiltinScene(std::string_view name) {
  if (name == "falling-sphere") return FallingSphere();
  std::string known;
  for (const std::string& n : BuiltinSceneNames()) known += (known.empty() ? "" : ", ") + n;
  return Status::Error("scene: unknown built-in scene '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace grasplab
