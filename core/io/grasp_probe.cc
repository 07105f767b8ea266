#include "core/io/grasp_probe.h"

#include <cmath>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/grasp/grasp_quality.h"
#include "core/io/grasp_json.h"

namespace grasplab {
namespace {

constexpr int kMaxProbeContacts = 64;

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
  if (j["contacts"].size() > kMaxProbeContacts) return Error("contacts: at most 64");
  std::vector<GraspContact> contacts;
  for (std::size_t i = 0; i < j["contacts"].size(); ++i) {
    const nlohmann::json& c = j["contacts"][i];
    const std::string at = "contacts[" + std::to_string(i) + "]";
    if (!c.is_object()) return Error(at + ": must be an object");
    GraspContact g;
    if (!Vector(c.value("position", nlohmann::json()), at + ".position", 1e4, &g.p_W, &err)) return Error(err);
    if (!Vector(c.value("normal", nlohmann::json()), at + ".normal", 1e4, &g.n_W, &err)) return Error(err);
    if (!(g.n_W.norm() > 1e-12)) return Error(at + ".normal: must not be zero");
    g.n_W.normalize();
    if (!Number(c.value("friction", nlohmann::json()), at + ".friction", 0.0, 100.0, &g.friction, &err)) return Error(err);
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
    if (!e.is_number_integer() || (e != 4 && e != 6 && e != 8 && e != 12 && e != 16)) {
      return Error("frictionEdges: must be 4, 6, 8, 12 or 16");
    }
    settings.friction_edges = e.get<int>();
  }
  const GraspQuality q = EvaluateGrasp(contacts, center, rho, settings);
  nlohmann::ordered_json out = GraspQualityJson(q);
  out["wrenchSpace"] = WrenchSpaceJson(q);
  return out.dump();
}

}  // namespace grasplab
