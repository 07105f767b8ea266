#include "core/io/run_summary.h"

#include "core/io/sensor_json.h"
#include "core/math/state_hash.h"

namespace grasplab {
namespace {

nlohmann::ordered_json ToJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
nlohmann::ordered_json ToJson(const Quat& q) { return {q.w(), q.x(), q.y(), q.z()}; }

}  // namespace

nlohmann::ordered_json RunSummary(const std::string& scene_name, const World& world) {
  nlohmann::ordered_json out;
  out["scene"] = scene_name;
  out["time"] = world.time();
  out["steps"] = world.step_count();
  out["stateHash"] = HashToHex(world.StateHash());
  nlohmann::ordered_json bodies = nlohmann::ordered_json::array();
  for (BodyId i = 0; i < world.body_count(); ++i) {
    nlohmann::ordered_json b;
    b["name"] = world.body_name(i);
    b["position"] = ToJson(world.pose(i).p);
    b["orientation"] = ToJson(world.pose(i).q);
    b["linearVelocity"] = ToJson(world.linear_velocity(i));
    b["angularVelocity"] = ToJson(world.angular_velocity(i));
    bodies.push_back(std::move(b));
  }
  out["bodies"] = std::move(bodies);
  nlohmann::ordered_json joints = nlohmann::ordered_json::array();
  for (JointId j = 0; j < world.joint_count(); ++j) {
    joints.push_back({{"name", world.joint_def(j).name},
                      {"type", JointTypeName(world.joint_def(j).type)},
                      {"position", world.joint_position(j)},
                      {"velocity", world.joint_velocity(j)},
                      {"effort", world.joint_effort(j)},
                      {"motorEffort", world.joint_motor_effort(j)}});
  }
  out["joints"] = std::move(joints);
  const StepStats& st = world.stats();
  out["contacts"] = st.contact_count;
  out["dynamics"] = {{"formulation", FormulationName(world.formulation())}, {"trees", world.trees().tree_count()}};
  out["solver"] = {{"type", ContactSolverName(world.settings().contact_solver)},
                   {"islands", st.island_count},
                   {"lcpSize", st.lcp_size},
                   {"lemkePivots", st.lemke_pivots},
                   {"lcpFailures", st.lcp_failures},
                   {"lemkePivotsTotal", st.lemke_pivots_total},
                   {"lcpIslandsTotal", st.lcp_islands_total},
                   {"lcpWarmIslandsTotal", st.lcp_warm_islands_total},
                   // Islands whose warm basis missed; of those, solved by Lemke from the
                   // previous basis (the rest cold from z = 0), and pivots per step.
                   {"lcpWarmMissesTotal", st.lcp_islands_total - st.lcp_warm_islands_total},
                   {"lcpWarmRepairedTotal", st.lcp_repaired_islands_total},
                   {"lcpColdTotal", st.lcp_islands_total - st.lcp_warm_islands_total - st.lcp_repaired_islands_total},
                   {"lcpPolishedTotal", st.lcp_polished_total},
                   {"lemkePivotsPerStep", world.step_count() > 0
                                              ? static_cast<double>(st.lemke_pivots_total) / world.step_count()
                                              : 0.0},
                   {"pgsSweeps", st.pgs_sweeps},
                   {"pgsUnconverged", st.pgs_unconverged}};
  if (world.settings().contact_solver == ContactSolver::kPenalty) {
    out["solver"]["penaltySubsteps"] = st.penalty_substeps_total;
    out["solver"]["penaltyRejected"] = st.penalty_rejected_total;
  }
  // Sleeping islands (world/island_sleep.h) after the last step.
  out["sleep"] = {{"enabled", world.settings().sleep.enabled},
                  {"awakeIslands", st.awake_islands},
                  {"sleepingIslands", st.sleeping_islands},
                  {"awakeBodies", st.awake_bodies},
                  {"sleepingBodies", st.sleeping_bodies}};
  out["nonfiniteEvents"] = st.nonfinite_events;
  if (world.sensor_count() > 0) out["sensors"] = SensorsJson(world, /*with_names=*/true);
  return out;
}

}  // namespace grasplab
