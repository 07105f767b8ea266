#include "core/io/grasp_probe.h"

#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/grasp/grasp_quality.h"
#include "core/io/grasp_json.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

constexpr int kMaxProbeContacts = 256;

std::string Error(const std::string& message) { return nlohmann::ordered_json{{"error", message}}.dump(); }

// A finite number in [lo, hi] at `path`, or an error message.
bool Number(const nlohmann::json& j, const std::string& path, double lo, double hi, double* out, std::string* err) {
  if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() < lo || j.get<double>() > hi) {
    *err = path + ": must be a finite number in [" + nlohmann::json(lo).dump() + ", " + nlohmann::json(hi).dump() + "]";
    return false;
  }
  *out = j.get<double>();
  return true;
}

bool Vector(const nlohmann::json& j, const std::string& path, double bound, Vec3* out, std::string* err) {
  if (!j.is_array() || j.size() != 3) {
    *err = path + ": must be [x, y, z]";
    return false;
  }
  for (int k = 0; k < 3; ++k) {
    if (!Number(j[k], path + "[" + std::to_string(k) + "]", -bound, bound, &(*out)[k], err)) return false;
  }
  return true;
}

}  // namespace

std::string EvaluateGraspProbeJson(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Error("probe: not a JSON object");
  std::string err;
  if (!j.contains("contacts") || !j["contacts"].is_array()) return Error("contacts: must be an array");
  if (j["contacts"].size() > kMaxProbeContacts) return Error("contacts: at most 256");
  std::vector<GraspContact> contacts;
  for (std::size_t i = 0; i < j["contacts"].size(); ++i) {
    const nlohmann::json& c = j["contacts"][i];
    const std::string at = "contacts[" + std::to_string(i) + "]";
    if (!c.is_object()) return Error(at + ": must be an object");
    GraspContact g;
    if (!Vector(c.value("position", nlohmann::json()), at + ".position", 1e4, &g.p_W, &err)) return Error(err);
    if (!Vector(c.value("normal", nlohmann::json()), at + ".normal", 1e4, &g.n_W, &err)) return Error(err);
    if (!(g.n_W.norm() > 1e-12)) return Error(at + ".normal: must not be zero");
    // Unit normals (a simulation's) are kept as given, so that a recorded
    // frame's probe is its live evaluation bit for bit.
    if (std::abs(g.n_W.squaredNorm() - 1.0) > 1e-12) g.n_W.normalize();
    if (!Number(c.value("friction", nlohmann::json()), at + ".friction", 0.0, 100.0, &g.friction, &err)) return Error(err);
    if (c.contains("torsionalRadius") &&
        !Number(c["torsionalRadius"], at + ".torsionalRadius", 0.0, 1.0, &g.torsional_radius, &err)) {
      return Error(err);
    }
    contacts.push_back(g);
  }
  Vec3 center;
  if (!Vector(j.value("center", nlohmann::json()), "center", 1e4, &center, &err)) return Error(err);
  double rho = 0.0;
  if (!Number(j.value("torqueScale", nlohmann::json()), "torqueScale", 1e-6, 1e4, &rho, &err)) return Error(err);
  GraspQualitySettings settings;
  settings.compute_linf = false;
  if (j.contains("frictionEdges")) {
    const nlohmann::json& e = j["frictionEdges"];
    if (!e.is_number_integer() || e < 4 || e > 16 || !ValidateFrictionDirections(e.get<int>(), "frictionEdges").ok()) {
      return Error("frictionEdges: must be 4, 6, 8, 12 or 16");
    }
    settings.friction_edges = e.get<int>();
  }
  if (j.contains("contactModel")) {
    const nlohmann::json& m = j["contactModel"];
    if (!m.is_string() || !GraspContactModelFromName(m.get<std::string>(), &settings.model)) {
      return Error("contactModel: must be point, frictionless or soft-finger");
    }
  }
  if (j.contains("space")) {
    const nlohmann::json& sp = j["space"];
    if (sp != "spatial" && sp != "planar") return Error("space: must be spatial or planar");
    settings.space = sp == "planar" ? GraspSpace::kPlanar : GraspSpace::kSpatial;
  }
  if (j.contains("torsionalRadius") &&
      !Number(j["torsionalRadius"], "torsionalRadius", 0.0, 1.0, &settings.torsional_radius, &err)) {
    return Error(err);
  }
  if (j.contains("linf")) {
    if (!j["linf"].is_boolean()) return Error("linf: must be true or false");
    settings.compute_linf = j["linf"].get<bool>();
  }
  const GraspQuality q = EvaluateGrasp(contacts, center, rho, settings);
  nlohmann::ordered_json out = GraspQualityJson(q);
  out["wrenchSpace"] = WrenchSpaceJson(q);
  return out.dump();
}

nlohmann::ordered_json GraspProbeInput(const Scene& scene) {
  if (!scene.grasp) return nullptr;
  const auto vec = [](const Vec3& v) { return nlohmann::ordered_json::array({v.x(), v.y(), v.z()}); };
  nlohmann::ordered_json contacts = nlohmann::ordered_json::array();
  for (const GraspContact& c : GraspContacts(scene)) {
    nlohmann::ordered_json o = {{"position", vec(c.p_W)}, {"normal", vec(c.n_W)}, {"friction", c.friction}};
    if (c.torsional_radius > 0.0) o["torsionalRadius"] = c.torsional_radius;  // a pad's (soft finger)
    contacts.push_back(std::move(o));
  }
  const GraspQualitySettings& st = scene.grasp->settings;
  const BodyId obj = scene.grasp->object;
  return {{"contacts", std::move(contacts)},
          {"center", vec(scene.world.pose(obj).p)},
          {"torqueScale", BoundingRadius(scene.world.body_def(obj).shape)},
          {"frictionEdges", st.friction_edges},
          {"contactModel", GraspContactModelName(st.model)},
          {"space", st.space == GraspSpace::kPlanar ? "planar" : "spatial"},
          {"torsionalRadius", st.torsional_radius}};
}

}  // namespace grasplab
