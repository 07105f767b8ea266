#include "core/io/mesh_planning_scene.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/base/format.h"
#include "core/scene/scene_parse.h"

namespace grasplab {

StatusOr<std::string> MeshPlanningSceneJson(const MeshData& mesh, const std::string& name,
                                            const MeshSceneOptions& options) {
  if (!(options.scale > 0.0) || !std::isfinite(options.scale)) {
    return Status::Error("--scale: must be a finite number > 0, got " + FormatNumber(options.scale));
  }
  if (!(options.mass > 0.0) || !std::isfinite(options.mass) || options.mass > 1000.0) {
    return Status::Error("--mass: must be in (0, 1000] kg, got " + FormatNumber(options.mass));
  }
  for (char c : options.hand) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) {
      return Status::Error("--hand: \"" + options.hand + "\" is not a bundled robot's name");
    }
  }
  GL_TRY(CheckClosedMesh(mesh, name));
  // Scaled vertices, each position once, in a fixed order.
  std::vector<Vec3> points;
  for (const Vec3& v : mesh.vertices) points.push_back(options.scale * v);
  std::sort(points.begin(), points.end(), LexicographicLess);
  points.erase(std::unique(points.begin(), points.end(), [](const Vec3& a, const Vec3& b) { return a == b; }),
               points.end());
  if (points.size() > 100000) {
    return Status::Error(name + ": " + std::to_string(points.size()) +
                         " distinct vertices; a scene's convex shape takes at most 100000 points (decimate the mesh)");
  }
  Vec3 lo = points.front(), hi = points.front();
  for (const Vec3& p : points) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  const double size = (hi - lo).maxCoeff();
  if (size < 0.005 || size > 1.0) {
    return Status::Error(name + ": the object is " + FormatNumber(size) + " m across at --scale " +
                         FormatNumber(options.scale) +
                         "; the bundled hands grasp objects of about 0.02 to 0.2 m (--scale 0.001 reads millimetres)");
  }
  using Json = nlohmann::ordered_json;
  Json pts = Json::array();
  // Centred over the origin in x and y, the lowest point 0.2 mm above the
  // ground (points are in the body frame; the position moves them).
  const Vec3 mid = 0.5 * (lo + hi);
  for (const Vec3& p : points) pts.push_back({p.x() - mid.x(), p.y() - mid.y(), p.z() - lo.z()});
  Json scene;
  scene["format"] = "grasplab-scene";
  scene["version"] = 1;
  std::string stem = name.substr(name.find_last_of('/') == std::string::npos ? 0 : name.find_last_of('/') + 1);
  scene["name"] = "plan-" + options.hand + "-" + stem;
  scene["timestep"] = 0.0025;
  scene["solver"] = {{"torsionalFrictionRadius", 0.005}};
  scene["materials"] = {{"rubber", {{"staticFriction", options.static_friction}, {"kineticFriction", options.kinetic_friction}}}};
  Json ground = {{"name", "ground"}, {"static", true}, {"shape", {{"type", "plane"}}}};
  Json object = {{"name", "object"}, {"mass", options.mass}, {"material", "rubber"},
                 {"shape", {{"type", "convex"}, {"points", pts}}}, {"position", {0.0, 0.0, 0.0002}}};
  scene["bodies"] = Json::array({ground, object});
  scene["robots"] = Json::array(
      {{{"name", "hand"}, {"model", "assets/robots/" + options.hand + ".urdf"}, {"position", {0.0, 0.0, 1.5}}}});
  scene["grasp"] = {{"object", "object"}, {"robot", "hand"}};
  return scene.dump(1);
}

}  // namespace grasplab
