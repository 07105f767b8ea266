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

}  // namespace grasplab
