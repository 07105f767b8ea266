#include "core/world/island_sleep.h"

#include <algorithm>

namespace grasplab {

void IslandSleep::AddBody() {
  asleep_.push_back(0);
  still_time_.push_back(0.0);
  fast_time_.push_back(0.0);
  still_from_.push_back(Pose{});
  sleep_island_.push_back(-1);
}

void IslandSleep::WakeIslandOf(int body) {
  const int id = sleep_island_[body];
  if (id < 0) return;
  for (std::size_t b = 0; b < asleep_.size(); ++b) {
    if (sleep_island_[b] != id) continue;
    asleep_[b] = 0;
    still_time_[b] = 0.0;
    fast_time_[b] = 0.0;
    sleep_island_[b] = -1;
  }
}

void IslandSleep::WakeAll() {
  std::fill(asleep_.begin(), asleep_.end(), 0);
  std::fill(still_time_.begin(), still_time_.end(), 0.0);
  std::fill(fast_time_.begin(), fast_time_.end(), 0.0);
  std::fill(sleep_island_.begin(), sleep_island_.end(), -1);
}

int IslandSleep::WakeTouched(const IslandList& islands, std::vector<VelocityBody>* velocity_bodies) {
  // A sleeping island keeps its contacts, so it lies whole inside one of
  // this step's islands; an island with an awake body wakes every sleeping
  // island inside it. The sleeping islands to wake are marked on the body
  // they are named by (asleep_ = 2), then one pass over the bodies wakes
  // them all: O(bodies) per step, where waking them one by one
  // (WakeIslandOf) cost O(bodies) per sleeping island woken. The pass runs
  // down the ids: an island's name is its smallest body id, so the name
  // (and its mark) is cleared after every other member. Repeated until
  // nothing changes (once, unless a sleeping island was split across two
  // of this step's islands).
  int woken = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const Island& island : islands) {
      int sleeping = 0;
      for (int b : island.bodies) sleeping += asleep_[b] != 0;
      if (sleeping == 0 || sleeping == static_cast<int>(island.bodies.size())) continue;
      for (int b : island.bodies) {
        if (asleep_[b]) asleep_[sleep_island_[b]] = 2, changed = true;
      }
    }
    for (std::size_t b = asleep_.size(); b-- > 0;) {
      if (sleep_island_[b] < 0 || asleep_[sleep_island_[b]] != 2) continue;
      asleep_[b] = 0;
      still_time_[b] = 0.0;
      fast_time_[b] = 0.0;
      sleep_island_[b] = -1;
      ++woken;
    }
  }
  island_asleep_.assign(islands.size(), 0);
  for (int k = 0; k < islands.size(); ++k) {
    const Island& island = islands[k];
    if (!asleep_[island.bodies.front()]) continue;
    island_asleep_[k] = 1;
    for (int b : island.bodies) (*velocity_bodies)[b].v_W.setZero(), (*velocity_bodies)[b].w_W.setZero();
  }
  return woken;
}

void IslandSleep::FallAsleep(const IslandList& islands, const WorldModel& model, const JointControllers& controllers,
                             const DragSpring& drag, std::span<const std::uint8_t> tree_joints, double h,
                             WorldState* state) {
  const SleepSettings& s = model.settings.sleep;
  for (int k = 0; k < islands.size(); ++k) {
    if (island_asleep_[k]) continue;
    const Island& island = islands[k];
    bool commanded = std::find(island.bodies.begin(), island.bodies.end(), drag.body) != island.bodies.end();
    for (int j : island.joints) {
      const MountTwist& m = state->mount_twist[j];
      commanded = commanded || controllers[j].enabled || state->joints[j].effort != 0.0 ||
                  m.v.squaredNorm() > 0.0 || m.w.squaredNorm() > 0.0 || (!tree_joints.empty() && tree_joints[j]);
    }
    // The displacement allowances (m, rad) and the longest spurt over the
    // velocity thresholds (s) a still body may have (header).
    const double reach = s.linear * s.time, turn = s.angular * s.time;
    const double spurt = kFastFraction * s.time * (1.0 + 1e-9);  // the sum of h may overshoot by an ulp
    double still = s.time;
    for (int b : island.bodies) {
      const bool slow = state->v_WB[b].norm() <= s.linear && state->w_WB[b].norm() <= s.angular;
      fast_time_[b] = slow ? 0.0 : fast_time_[b] + h;
      bool is_still = slow;
      if (!slow && still_time_[b] > 0.0 && fast_time_[b] <= spurt) {
        const Pose& from = still_from_[b];
        const Pose& X = state->X_WB[b];
        const Quat dq = X.q * from.q.conjugate();  // 2 |vec(dq)| = 2 sin(theta / 2), the chord of the turn
        is_still = (X.p - from.p).squaredNorm() <= reach * reach && 4.0 * dq.vec().squaredNorm() <= turn * turn;
      }
      if (commanded || !is_still) {
        still_time_[b] = 0.0;
        fast_time_[b] = 0.0;
      } else {
        if (still_time_[b] == 0.0) still_from_[b] = state->X_WB[b];
        still_time_[b] += h;
      }
      still = std::min(still, still_time_[b]);
    }
    if (commanded || still < s.time) continue;
    for (int b : island.bodies) {
      asleep_[b] = 1;
      sleep_island_[b] = island.bodies.front();
      state->v_WB[b].setZero();
      state->w_WB[b].setZero();
    }
    for (int j : island.joints) state->joints[j].velocity = 0.0;
  }
}

SleepCounts IslandSleep::Count(const IslandList& islands) const {
  SleepCounts c;
  for (const Island& island : islands) {
    const int n = static_cast<int>(island.bodies.size());
    if (asleep_[island.bodies.front()]) {
      ++c.sleeping_islands, c.sleeping_bodies += n;
    } else {
      ++c.awake_islands, c.awake_bodies += n;
    }
  }
  return c;
}

}  // namespace grasplab
