#include "core/world/step_stats.h"

namespace grasplab {

const char* StageName(Stage stage) {
  switch (stage) {
    case Stage::kIntegratePositions: return "integratePositions";
    case Stage::kContactTime: return "contactTime";
    case Stage::kBroadPhase: return "broadPhase";
    case Stage::kNarrowPhase: return "narrowPhase";
    case Stage::kExternalImpulses: return "externalImpulses";
    case Stage::kJointForces: return "jointForces";
    case Stage::kIslands: return "islands";
    case Stage::kAssembleRows: return "assembleRows";
    case Stage::kSolveIslands: return "solveIslands";
    case Stage::kStoreSolution: return "storeSolution";
    case Stage::kSensors: return "sensors";
    case Stage::kPads: return "pads";
    case Stage::kCount: break;
  }
  return "?";
}

void StageClock::Begin(StepStats* stats) {
  stats_ = stats;
  stats_->stage_seconds.fill(0.0);
  depth_ = 0;
}

void StageClock::Enter(Stage stage) {
  const Clock::time_point now = Clock::now();
  if (depth_ > 0) {
    stats_->stage_seconds[static_cast<int>(stack_[depth_ - 1])] += std::chrono::duration<double>(now - since_).count();
  }
  // Deeper than kMaxDepth never happens (the stages nest at most twice);
  // the outermost entries would be overwritten, never read out of bounds.
  stack_[depth_ < kMaxDepth ? depth_ : kMaxDepth - 1] = stage;
  if (depth_ < kMaxDepth) ++depth_;
  since_ = now;
}

void StageClock::Leave() {
  const Clock::time_point now = Clock::now();
  if (depth_ == 0) return;
  --depth_;
  stats_->stage_seconds[static_cast<int>(stack_[depth_])] += std::chrono::duration<double>(now - since_).count();
  since_ = now;
}

void StageAverager::Add(const StepStats& stats) {
  for (int i = 0; i < kStageCount; ++i) sum_[i] += stats.stage_seconds[i];
  ++steps_;
}

void StageAverager::Take(const StepStats& last, double* out) {
  for (int i = 0; i < kStageCount; ++i) out[i] = steps_ > 0 ? sum_[i] / steps_ : last.stage_seconds[i];
  sum_.fill(0.0);
  steps_ = 0;
}

}  // namespace grasplab
