// Stage timing (core/world/step_stats): exclusive nesting, names, means.
#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <string>
#include <thread>

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
