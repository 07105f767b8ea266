#include "core/io/frame_arrays.h"

#include <nlohmann/json.hpp>

#include "core/solvers/friction_directions.h"

namespace grasplab {

void WriteContactArray(const World& world, std::vector<double>* out) {
  const std::vector<Contact>& contacts = world.contacts();
  const double h = world.stats().step_length;
  const double inv_h = h > 0.0 ? 1.0 / h : 0.0;
  const int u = world.settings().friction_directions;
  out->assign(contacts.size() * kContactStride, 0.0);
  std::vector<Vec3> directions;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    double* r = out->data() + i * kContactStride;
    const Vec3 f_t = c.friction_impulse * inv_h;
    Vec3 dv = world.PointVelocity(c.body_a, c.p_W) - world.PointVelocity(c.body_b, c.p_W);
    dv -= dv.dot(c.n_W) * c.n_W;
    const double slip = dv.norm();
    directions.clear();
    FrictionDirections(c.n_W, u, &directions);
    for (int k = 0; k < 3; ++k) {
      r[k] = c.p_W[k];
      r[3 + k] = c.n_W[k];
      r[7 + k] = f_t[k];
      r[15 + k] = directions[0][k];
    }
    r[6] = c.normal_impulse * inv_h;
    r[10] = c.friction;
    r[11] = c.body_a;
    r[12] = c.body_b;
    r[13] = slip;
    r[14] = slip > world.settings().slip_threshold ? 1.0 : 0.0;
    r[18] = c.separation;
    r[19] = static_cast<double>(c.lcp_positive);
  }
}

void WriteJointArray(const World& world, std::vector<double>* out) {
  out->assign(static_cast<std::size_t>(world.joint_count()) * kJointStride, 0.0);
  for (JointId j = 0; j < world.joint_count(); ++j) {
    const JointDef& d = world.joint_def(j);
    double* r = out->data() + static_cast<std::size_t>(j) * kJointStride;
    const Vec3 anchor = world.JointAnchorWorld(j), axis = world.JointAxisWorld(j);
    r[0] = d.type == JointType::kRevolute ? 0.0 : d.type == JointType::kPrismatic ? 1.0 : 2.0;
    r[1] = d.parent;
    r[2] = d.child;
    for (int k = 0; k < 3; ++k) r[3 + k] = anchor[k], r[6 + k] = axis[k];
    r[9] = world.joint_position(j);
    r[10] = d.has_limits ? 1.0 : 0.0;
    r[11] = d.has_limits ? d.lower : 0.0;
    r[12] = d.has_limits ? d.upper : 0.0;
  }
}

void WriteStatsArray(const World& world, std::vector<double>* out) {
  const StepStats& s = world.stats();
  out->assign(kStatsSize, 0.0);
  double* r = out->data();
  for (int k = 0; k < kStageCount; ++k) r[k] = s.stage_seconds[k];
  auto slot = [&](StatsSlot k) -> double& { return r[kStatsCounters + static_cast<int>(k)]; };
  slot(StatsSlot::kContacts) = s.contact_count;
  slot(StatsSlot::kPairs) = s.pair_count;
  slot(StatsSlot::kIslands) = s.island_count;
  slot(StatsSlot::kLcpSize) = s.lcp_size;
  slot(StatsSlot::kLcpMax) = s.lcp_max_size;
  const ContactSolver solver = world.settings().contact_solver;
  const bool pgs = solver == ContactSolver::kPgs, penalty = solver == ContactSolver::kPenalty;
  slot(StatsSlot::kPivots) = pgs ? s.pgs_sweeps : penalty ? s.penalty_substeps : s.lemke_pivots;
  slot(StatsSlot::kResidual) = s.lcp_residual;
  slot(StatsSlot::kLcpFailures) = static_cast<double>(s.lcp_failures);
  slot(StatsSlot::kStepLength) = s.step_length;
  slot(StatsSlot::kQuarantined) = static_cast<double>(s.nonfinite_events);
  slot(StatsSlot::kFrictionDirections) = pgs || penalty ? 0.0 : world.settings().friction_directions;
  slot(StatsSlot::kLcpIslands) = s.lcp_islands;
  slot(StatsSlot::kLcpWarmIslands) = s.lcp_warm_islands;
  slot(StatsSlot::kWarmMissesTotal) = static_cast<double>(s.lcp_islands_total - s.lcp_warm_islands_total);
  slot(StatsSlot::kPivotsPerStep) =
      world.step_count() > 0 ? static_cast<double>(s.lemke_pivots_total) / static_cast<double>(world.step_count()) : 0.0;
  slot(StatsSlot::kWarmRepairedTotal) = static_cast<double>(s.lcp_repaired_islands_total);
  slot(StatsSlot::kAwakeIslands) = s.awake_islands;
  slot(StatsSlot::kSleepingIslands) = s.sleeping_islands;
  slot(StatsSlot::kAwakeBodies) = s.awake_bodies;
  slot(StatsSlot::kSleepingBodies) = s.sleeping_bodies;
}

std::string FrameLayoutJson() {
  nlohmann::ordered_json j;
  j["poseStride"] = 7;
  j["contactStride"] = kContactStride;
  j["jointStride"] = kJointStride;
  j["stageNames"] = nlohmann::ordered_json::array();
  for (int s = 0; s < kStageCount; ++s) j["stageNames"].push_back(StageName(static_cast<Stage>(s)));
  j["statsCounters"] = kStatsCounters;
  j["statsSize"] = kStatsSize;
  return j.dump();
}

}  // namespace grasplab
