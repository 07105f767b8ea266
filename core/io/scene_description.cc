#include "core/io/scene_description.h"

#include <variant>

namespace grasplab {
namespace {

struct ShapeJson {
  nlohmann::ordered_json operator()(const PlaneShape&) const { return {{"type", "plane"}}; }
  nlohmann::ordered_json operator()(const SphereShape& s) const {
    return {{"type", "sphere"}, {"radius", s.radius}};
  }
  nlohmann::ordered_json operator()(const BoxShape& b) const {
    const Vec3 size = 2.0 * b.half_extents;
    return {{"type", "box"}, {"size", {size.x(), size.y(), size.z()}}};
  }
  nlohmann::ordered_json operator()(const CapsuleShape& c) const {
    return {{"type", "capsule"}, {"radius", c.radius}, {"length", c.length}};
  }
  nlohmann::ordered_json operator()(const CylinderShape& c) const {
    return {{"type", "cylinder"}, {"radius", c.radius}, {"length", c.length}};
  }
};

}  // namespace

nlohmann::ordered_json DescribeBodies(const World& world) {
  nlohmann::ordered_json bodies = nlohmann::ordered_json::array();
  for (BodyId i = 0; i < world.body_count(); ++i) {
    const BodyDef& d = world.body_def(i);
    bodies.push_back({{"name", d.name}, {"static", d.is_static}, {"shape", std::visit(ShapeJson{}, d.shape)}});
  }
  return {{"bodies", std::move(bodies)}};
}

}  // namespace grasplab
