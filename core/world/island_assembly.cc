#include "core/world/island_assembly.h"

#include <algorithm>
#include <cmath>

#include "core/solvers/contact_target.h"
#include "core/world/joint_kinematics.h"

namespace grasplab {

void IslandAssembler::BuildIslands(const WorldModel& model, const WorldState& state, IslandList* islands,
                                   const PadStage* pads) {
  contact_links_.resize(state.contacts.size());
  for (std::size_t c = 0; c < state.contacts.size(); ++c) {
    contact_links_[c] = {state.contacts[c].body_a, state.contacts[c].body_b};
  }
  // Joint links, then one extra link per coupled joint (child to its
  // master's child): a coupling row spans both joints, so their islands must
  // be one. The extra links' indices (>= joint_count) are not joints.
  joint_links_.clear();
  for (const JointDef& d : model.joints) joint_links_.push_back({d.parent, d.child});
  for (const JointDef& d : model.joints) {
    if (d.coupled_to >= 0) joint_links_.push_back({d.child, model.joints[d.coupled_to].child});
  }
  if (pads) pads->AppendIslandLinks(model, state, &joint_links_);
  if (model.settings.single_island) {
    int first = -1;
    for (int i = 0; i < model.body_count(); ++i) {
      if (model.is_static[i]) continue;
      if (first >= 0) joint_links_.push_back({first, i});
      else first = i;
    }
  }
  islands->Build(model.body_count(), model.is_static, contact_links_, joint_links_);
  for (Island& island : *islands) {
    std::erase_if(island.joints, [&](int j) { return j >= model.joint_count(); });
  }
}

void IslandAssembler::Assemble(const Island& island, const WorldModel& model, WorldState* mutable_state,
                               const JointControllers& controllers, const WarmStartStore* warm, double h,
                               std::vector<VelocityBody>* bodies, IslandSystem* sys,
                               std::span<const std::uint8_t> tree_joints, PadStage* pads) {
  const WorldState& state = *mutable_state;
  const WorldSettings& settings = model.settings;
  const std::vector<Pose>& X = state.X_WB;
  sys->Clear();
  local_.resize(model.body_count(), -1);
  for (std::size_t i = 0; i < island.bodies.size(); ++i) {
    local_[island.bodies[i]] = static_cast<int>(i);
    sys->bodies.push_back(&(*bodies)[island.bodies[i]]);
  }
  for (int c : island.contacts) {
    Contact& ct = mutable_state->contacts[c];  // the solver writes its impulses
    sys->contacts.push_back(&ct);
    sys->contact_bodies.push_back({local_[ct.body_a], local_[ct.body_b]});
  }
  row_range_.assign(island.joints.size(), {0, 0});
  limit_of_.clear();
  bounded_of_.clear();
  sys->warm_start = warm != nullptr;
  // Equality rows, joints in reverse order (header).
  for (std::size_t kk = 0; kk < island.joints.size(); ++kk) {
    const std::size_t k = island.joints.size() - 1 - kk;
    const JointId j = island.joints[k];
    const JointDef& d = model.joints[j];
    const JointFrames& f = state.joint_frames[j];
    const int P = local_[d.parent], C = local_[d.child];
    const int first = static_cast<int>(sys->joint_rows.size());
    const bool in_tree = !tree_joints.empty() && tree_joints[j];
    if (!in_tree) {
      AppendJointRows(d, f, X[d.parent], X[d.child], P, C, h, settings.error_reduction, &sys->joint_rows,
                      &sys->joint_targets);
    }
    const MountTwist& mount = state.mount_twist[j];
    if (!in_tree && d.type == JointType::kFixed && (mount.v.squaredNorm() > 0.0 || mount.w.squaredNorm() > 0.0)) {
      // A moving mount: its rows (3 linear along world axes, then 3
      // angular) follow its twist.
      double* e = &sys->joint_targets[sys->joint_targets.size() - 6];
      for (int a = 0; a < 3; ++a) e[a] += mount.v[a], e[3 + a] += mount.w[a];
    }
    if (d.coupled_to >= 0) {
      const JointDef& m = model.joints[d.coupled_to];
      JacobianRow row = JointRateRow(d, f, X[d.parent], X[d.child], P, C);
      const JacobianRow mrow = JointRateRow(m, state.joint_frames[d.coupled_to], X[m.parent], X[m.child],
                                            local_[m.parent], local_[m.child]);
      for (int b = 0; b < mrow.count; ++b) row.Add(mrow.body[b], -d.coupling_ratio * mrow.J[b]);
      const double error = state.joints[j].position - d.coupling_ratio * state.joints[d.coupled_to].position;
      sys->joint_rows.push_back(row);
      sys->joint_targets.push_back(-settings.error_reduction * error / h);
    }
    row_range_[k] = {first, static_cast<int>(sys->joint_rows.size())};
  }
  // Bounded and limit rows, joints in order.
  for (std::size_t k = 0; k < island.joints.size(); ++k) {
    const JointId j = island.joints[k];
    const JointDef& d = model.joints[j];
    const JointFrames& f = state.joint_frames[j];
    const int P = local_[d.parent], C = local_[d.child];
    if (d.coulomb_friction > 0.0 && d.type != JointType::kFixed) {
      sys->friction_rows.push_back(JointRateRow(d, f, X[d.parent], X[d.child], P, C));
      sys->friction_limits.push_back(d.coulomb_friction * h);
      bounded_of_.push_back({j, JointRowSlot::kFriction});
    }
    if (controllers[j].enabled) {
      const PdMotorRow motor = MotorRow(controllers[j], state.joints[j].position, h);
      sys->friction_rows.push_back(JointRateRow(d, f, X[d.parent], X[d.child], P, C));
      sys->friction_limits.push_back(motor.bound);
      sys->friction_targets.resize(sys->friction_rows.size(), 0.0);
      sys->friction_compliance.resize(sys->friction_rows.size(), 0.0);
      sys->friction_targets.back() = motor.target_velocity;
      sys->friction_compliance.back() = motor.compliance;
      bounded_of_.push_back({j, JointRowSlot::kMotor});
    }
    if (d.has_limits && d.type != JointType::kFixed) {
      const double thr = d.type == JointType::kRevolute ? settings.joint_limit_angle : settings.joint_limit_distance;
      // Speculative like contacts, except in the contact-time search mode,
      // where a limit is a row only once within its threshold.
      const double travel = settings.contact_time_mode == ContactTimeMode::kErrorCorrection
                                ? 2.0 * h * std::abs(JointRate(model, state, *bodies, j))
                                : 0.0;
      const double q = state.joints[j].position;
      const JacobianRow rate = JointRateRow(d, f, X[d.parent], X[d.child], P, C);
      for (int side : {+1, -1}) {
        const double gap = side > 0 ? q - d.lower : d.upper - q;
        if (gap >= thr + travel) continue;
        JacobianRow row = rate;
        for (int b = 0; b < row.count; ++b) row.J[b] *= side;
        sys->limit_rows.push_back(row);
        sys->limit_targets.push_back(ContactTargetVelocity(gap, h, thr, settings.error_reduction));
        limit_of_.push_back({j, side > 0 ? JointRowSlot::kLowerLimit : JointRowSlot::kUpperLimit});
      }
    }
  }
  if (warm) {
    for (const auto& [j, slot] : limit_of_) sys->limit_support.push_back(warm->joint_support(j, slot));
    for (const auto& [j, slot] : bounded_of_) sys->friction_support.push_back(warm->joint_support(j, slot));
  }
  if (pads) pads->AppendRows(model, state, local_, h, sys);
  for (int b : island.bodies) local_[b] = -1;
}

void IslandAssembler::Store(const Island& island, const IslandSystem& sys, const IslandImpulses& impulses, double h,
                            WorldState* state, JointControllers* controllers, WarmStartStore* warm) {
  if (warm) {
    for (JointId j : island.joints) warm->ClearJoint(j);
    for (std::size_t i = 0; i < limit_of_.size(); ++i) {
      warm->set_joint_support(limit_of_[i].first, limit_of_[i].second, sys.limit_support[i]);
    }
    for (std::size_t i = 0; i < bounded_of_.size(); ++i) {
      warm->set_joint_support(bounded_of_[i].first, bounded_of_[i].second, sys.friction_support[i]);
    }
  }
  for (std::size_t i = 0; i < bounded_of_.size(); ++i) {
    if (bounded_of_[i].second == JointRowSlot::kMotor) controllers->SetEffort(bounded_of_[i].first, impulses.bounded[i] / h);
  }
  for (std::size_t k = 0; k < island.joints.size(); ++k) {
    double sq = 0.0;
    for (int i = row_range_[k].first; i < row_range_[k].second; ++i) sq += impulses.joint[i] * impulses.joint[i];
    state->joints[island.joints[k]].impulse = std::sqrt(sq);
    state->joints[island.joints[k]].limit_impulse = 0.0;
  }
  for (std::size_t i = 0; i < limit_of_.size(); ++i) state->joints[limit_of_[i].first].limit_impulse += impulses.limit[i];
}

}  // namespace grasplab
