// Stage timing (core/world/step_stats): exclusive nesting, names, means.
#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/world/step_stats.h"

using namespace grasplab;

namespace {
void Busy(double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
  }
}
}  // namespace

TEST_CASE("Stage names are distinct camelCase words in the paper's order", "[stats]") {
  std::set<std::string> names;
  for (int s = 0; s < kStageCount; ++s) names.insert(StageName(static_cast<Stage>(s)));
  CHECK(names.size() == static_cast<std::size_t>(kStageCount));
  CHECK(std::string(StageName(Stage::kIntegratePositions)) == "integratePositions");
  CHECK(std::string(StageName(Stage::kSolveIslands)) == "solveIslands");
}

TEST_CASE("StageClock times a stage run inside another exclusively", "[stats]") {
  StepStats stats;
  StageClock clock;
  const auto t0 = std::chrono::steady_clock::now();
  clock.Begin(&stats);
  clock.Enter(Stage::kContactTime);
  Busy(0.004);
  clock.Enter(Stage::kNarrowPhase);  // pauses kContactTime
  Busy(0.006);
  clock.Leave();
  Busy(0.004);
  clock.Leave();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double outer = stats.stage_seconds[static_cast<int>(Stage::kContactTime)];
  const double inner = stats.stage_seconds[static_cast<int>(Stage::kNarrowPhase)];
  // Busy-waits are lower bounds; the machine may add (loaded CI), never remove.
  CHECK(inner >= 0.006);
  CHECK(outer >= 0.008);
  // Exclusive slices partition the elapsed time: counted twice, the inner
  // 6 ms would make the two sum to more than the wall time.
  CHECK(outer + inner <= wall);
  clock.Begin(&stats);  // a new step starts from zero
  CHECK(stats.stage_seconds[static_cast<int>(Stage::kContactTime)] == 0.0);
}

TEST_CASE("StageAverager gives the mean over the steps added, then starts over", "[stats]") {
  StageAverager mean;
  StepStats a, b;
  a.stage_seconds[0] = 1e-3;
  b.stage_seconds[0] = 3e-3;
  a.stage_seconds[5] = 2e-3;
  mean.Add(a);
  mean.Add(b);
  double out[kStageCount];
  mean.Take(b, out);
  CHECK(out[0] == Approx(2e-3).margin(1e-18));
  CHECK(out[5] == Approx(1e-3).margin(1e-18));
  // Nothing added since: the last step's own times.
  mean.Take(b, out);
  CHECK(out[0] == 3e-3);
  CHECK(out[5] == 0.0);
}

TEST_CASE("StageClock with a period times every p-th step and the averager skips the others", "[stats]") {
  StageClock clock;
  clock.set_period(3);
  CHECK(clock.period() == 3);
  StageAverager mean;
  StepStats stats;
  std::vector<bool> timed;
  double timed_sum = 0.0;
  for (int step = 0; step < 7; ++step) {
    clock.Begin(&stats);
    clock.Enter(Stage::kNarrowPhase);
    Busy(0.002);
    clock.Leave();
    timed.push_back(stats.stages_timed);
    const double t = stats.stage_seconds[static_cast<int>(Stage::kNarrowPhase)];
    // Timed steps measured at least the 2 ms busy-wait; the others read no
    // clock and report exactly zero.
    if (stats.stages_timed) {
      CHECK(t >= 0.002);
      timed_sum += t;
    } else {
      CHECK(t == 0.0);
    }
    mean.Add(stats);
  }
  // Steps 0, 3 and 6 of 0..6: the first Begin is timed, then every third.
  CHECK(timed == std::vector<bool>{true, false, false, true, false, false, true});
  double out[kStageCount];
  mean.Take(stats, out);
  // The mean over the 3 timed steps, not diluted by the 4 untimed zeros
  // (a mean over all 7 steps would be 3/7 of it).
  CHECK(out[static_cast<int>(Stage::kNarrowPhase)] == Approx(timed_sum / 3).epsilon(1e-12));
  // Nothing timed since the last Take and the last step untimed: the
  // previous means again, not zeros.
  const double previous = out[static_cast<int>(Stage::kNarrowPhase)];
  clock.Begin(&stats);
  CHECK(!stats.stages_timed);
  mean.Add(stats);
  mean.Take(stats, out);
  CHECK(out[static_cast<int>(Stage::kNarrowPhase)] == previous);
  // Period 0: no step is timed (and its stage times are exactly zero),
  // however many steps run; period 1 again: the next step is timed.
  clock.set_period(0);
  CHECK(clock.period() == 0);
  for (int step = 0; step < 5; ++step) {
    clock.Begin(&stats);
    clock.Enter(Stage::kNarrowPhase);
    Busy(0.001);
    clock.Leave();
    CHECK(!stats.stages_timed);
    CHECK(stats.stage_seconds[static_cast<int>(Stage::kNarrowPhase)] == 0.0);
  }
  clock.set_period(1);
  clock.Begin(&stats);
  clock.Enter(Stage::kNarrowPhase);
  Busy(0.001);
  clock.Leave();
  CHECK(stats.stages_timed);
  CHECK(stats.stage_seconds[static_cast<int>(Stage::kNarrowPhase)] >= 0.001);
}
