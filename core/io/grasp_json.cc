#include "core/io/grasp_json.h"

namespace grasplab {

nlohmann::ordered_json GraspQualityJson(const GraspQuality& q) {
  nlohmann::ordered_json j;
  j["forceClosure"] = q.force_closure;
  j["epsilonL1"] = q.epsilon_l1;
  j["volumeL1"] = q.volume_l1;
  j["epsilonLinf"] = q.has_linf ? nlohmann::ordered_json(q.epsilon_linf) : nlohmann::ordered_json(nullptr);
  j["volumeLinf"] = q.has_linf ? nlohmann::ordered_json(q.volume_linf) : nlohmann::ordered_json(nullptr);
  j["contacts"] = q.contact_count;
  j["wrenches"] = q.wrench_count;
  j["rank"] = q.rank;
  j["torqueScale"] = q.torque_scale;
  j["note"] = q.note;
  return j;
}

nlohmann::ordered_json WrenchSpaceJson(const GraspQuality& q) {
  const int dim = q.wrench_count > 0 ? static_cast<int>(q.generators.size()) / q.wrench_count : 6;
  nlohmann::ordered_json j;
  j["dim"] = dim;
  j["torqueScale"] = q.torque_scale;
  j["forceClosure"] = q.force_closure;
  j["epsilonL1"] = q.epsilon_l1;
  nlohmann::ordered_json g = nlohmann::ordered_json::array();
  for (int i = 0; i < q.wrench_count; ++i) {
    g.push_back(std::vector<double>(q.generators.begin() + i * dim, q.generators.begin() + (i + 1) * dim));
  }
  j["generators"] = std::move(g);
  j["weakest"] = q.has_weakest ? nlohmann::ordered_json(std::vector<double>(q.weakest.begin(), q.weakest.begin() + dim))
                               : nlohmann::ordered_json(nullptr);
  j["margin"] = q.weakest_margin;
  j["joggle"] = q.joggle;
  j["note"] = q.note;
  return j;
}

}  // namespace grasplab
