#include "core/io/scene_description.h"

#include <variant>
#include <vector>

#include "core/geometry/convex_hull.h"
#include "core/geometry/triangle_mesh.h"
#include "core/solvers/contact_solver_type.h"

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
  // Polyhedra go out as flat vertex and index arrays, once per scene load.
  nlohmann::ordered_json operator()(const ConvexShape& c) const {
    return Polyhedron("convex", c.hull->vertices, c.hull->triangles);
  }
  nlohmann::ordered_json operator()(const MeshShape& m) const {
    return Polyhedron("mesh", m.mesh->vertices(), m.mesh->triangles());
  }
  nlohmann::ordered_json operator()(const TriangleShape& t) const {
    return Polyhedron("triangle", {t.a, t.b, t.c}, {{0, 1, 2}});
  }
  // Pieces with their poses in the body frame: position, [w, x, y, z].
  nlohmann::ordered_json operator()(const CompoundShape& c) const {
    nlohmann::ordered_json pieces = nlohmann::ordered_json::array();
    for (const CompoundPiece& piece : *c.pieces) {
      const Pose& X = piece.X_BS;
      pieces.push_back({{"shape", std::visit(*this, piece.shape)},
                        {"position", {X.p.x(), X.p.y(), X.p.z()}},
                        {"orientation", {X.q.w(), X.q.x(), X.q.y(), X.q.z()}}});
    }
    return {{"type", "compound"}, {"pieces", std::move(pieces)}};
  }
  static nlohmann::ordered_json Polyhedron(const char* type, const std::vector<Vec3>& vertices,
                                           const std::vector<std::array<int, 3>>& triangles) {
    std::vector<double> v;
    for (const Vec3& p : vertices) v.insert(v.end(), {p.x(), p.y(), p.z()});
    std::vector<int> idx;
    for (const auto& t : triangles) idx.insert(idx.end(), t.begin(), t.end());
    return {{"type", type}, {"vertices", v}, {"triangles", idx}};
  }
};

}  // namespace

nlohmann::ordered_json DescribeBodies(const World& world) {
  nlohmann::ordered_json bodies = nlohmann::ordered_json::array();
  for (BodyId i = 0; i < world.body_count(); ++i) {
    const BodyDef& d = world.body_def(i);
    bodies.push_back({{"name", d.name},
                      {"static", d.is_static},
                      {"mass", d.is_static ? 0.0 : d.mass},
                      {"shape", std::visit(ShapeJson{}, d.shape)}});
  }
  return {{"bodies", std::move(bodies)}};
}

nlohmann::ordered_json DescribeScene(const Scene& scene) {
  nlohmann::ordered_json d = DescribeBodies(scene.world);
  d["robots"] = nlohmann::ordered_json::array();
  for (const SceneRobot& r : scene.robots) d["robots"].push_back(r.robot.name);
  d["warnings"] = scene.warnings;
  d["robotBodies"] = nlohmann::ordered_json::object();
  for (const SceneRobot& r : scene.robots) d["robotBodies"][r.robot.name] = r.robot.link_body;
  d["grasp"] = nullptr;
  if (scene.grasp) d["grasp"] = {{"object", scene.grasp->object}, {"robot", scene.grasp->robot}};
  return d;
}

nlohmann::ordered_json DescribeRobotJoints(const Scene& scene, const std::string& robot) {
  using J = nlohmann::ordered_json;
  const int r = FindRobot(scene, robot);
  if (r < 0) return nullptr;
  const Robot& rb = scene.robots[r].robot;
  const World& w = scene.world;
  J out = J::array();
  for (std::size_t d = 0; d < rb.dofs.size(); ++d) {
    const RobotDof& dof = rb.dofs[d];
    J j;
    j["name"] = dof.name;
    j["position"] = rb.Position(w, static_cast<int>(d));
    j["velocity"] = w.joint_velocity(dof.joint);
    j["target"] = w.has_joint_controller(dof.joint) ? J(w.joint_target(dof.joint) + dof.q0) : J(nullptr);
    j["lower"] = dof.has_limits ? J(dof.lower) : J(nullptr);
    j["upper"] = dof.has_limits ? J(dof.upper) : J(nullptr);
    j["maxEffort"] = dof.max_effort;
    j["effort"] = w.joint_motor_effort(dof.joint);
    out.push_back(std::move(j));
  }
  return out;
}

nlohmann::ordered_json DescribeSettings(const Scene& scene) {
  const WorldSettings& ws = scene.world.settings();
  nlohmann::ordered_json j;
  j["timestep"] = scene.timestep;
  j["gravity"] = {ws.gravity.x(), ws.gravity.y(), ws.gravity.z()};
  j["solver"] = {{"type", ContactSolverName(ws.contact_solver)},
                 {"frictionEdges", ws.friction_directions},
                 {"errorReduction", ws.error_reduction},
                 {"torsionalFrictionRadius", ws.torsional_friction_radius},
                 {"rollingResistance", ws.rolling_resistance},
                 {"contactHertz", ws.contact_hertz},
                 {"contactDampingRatio", ws.contact_damping_ratio},
                 {"substeps", ws.substeps},
                 {"contactTime", ws.contact_time_mode == ContactTimeMode::kBisection ? "bisection" : "errorCorrection"},
                 {"iterations", ws.pgs_iterations},
                 {"tolerance", ws.pgs_tolerance},
                 {"warmStart", ws.warm_start},
                 {"frictionAnchors", ws.friction_anchors}};
  j["dynamics"] = {{"formulation", FormulationName(ws.formulation)}};
  j["contact"] = {{"threshold", ws.contact_threshold},
                  {"slipThreshold", ws.slip_threshold},
                  {"reuseDistance", ws.contact_reuse_distance},
                  {"slop", ws.contact_slop}};
  j["sleep"] = {{"enabled", ws.sleep.enabled}, {"time", ws.sleep.time}, {"linear", ws.sleep.linear}, {"angular", ws.sleep.angular}};
  return j;
}

}  // namespace grasplab
