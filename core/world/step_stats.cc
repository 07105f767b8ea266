#include "core/world/step_stats.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else
#include <chrono>
#endif

namespace grasplab {

double NowSeconds() {
#ifdef __EMSCRIPTEN__
  return 1e-3 * emscripten_get_now();
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

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
  timed_ = period_ > 0 && phase_ == 0;
  stats_->stages_timed = timed_;
  phase_ = phase_ + 1 < period_ ? phase_ + 1 : 0;
}

void StageClock::Enter(Stage stage) {
  if (!timed_) return;
  const double now = NowSeconds();
  if (depth_ > 0) stats_->stage_seconds[static_cast<int>(stack_[depth_ - 1])] += now - since_;
  // Deeper than kMaxDepth never happens (the stages nest at most twice);
  // the outermost entries would be overwritten, never read out of bounds.
  stack_[depth_ < kMaxDepth ? depth_ : kMaxDepth - 1] = stage;
  if (depth_ < kMaxDepth) ++depth_;
  since_ = now;
}

void StageClock::Leave() {
  if (!timed_) return;
  const double now = NowSeconds();
  if (depth_ == 0) return;
  --depth_;
  stats_->stage_seconds[static_cast<int>(stack_[depth_])] += now - since_;
  since_ = now;
}

void StageAverager::Add(const StepStats& stats) {
  if (!stats.stages_timed) return;
  for (int i = 0; i < kStageCount; ++i) sum_[i] += stats.stage_seconds[i];
  ++steps_;
}

void StageAverager::Take(const StepStats& last, double* out) {
  for (int i = 0; i < kStageCount; ++i) {
    out[i] = steps_ > 0 ? sum_[i] / steps_ : last.stages_timed ? last.stage_seconds[i] : previous_[i];
    previous_[i] = out[i];
  }
  sum_.fill(0.0);
  steps_ = 0;
}

}  // namespace grasplab
