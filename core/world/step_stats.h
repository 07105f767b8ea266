// The stages of World::Step, in the order of Miller & Christensen section 4
// (seed 000), and what each step reports about itself (StepStats). The same
// list is in world/world.h's opening comment, docs/architecture.md and the
// page's diagnostics (exported by the WASM module, checked against
// web/src/protocol.js by a test).
#pragma once

#include <array>
#include <cstdint>

namespace grasplab {

enum class Stage : int {
  kIntegratePositions = 0,  // steps 1-2: q^{l+1} = q^l + h G v^l (eqs. 10-12); penalty: the Runge-Kutta combination
  kContactTime,             // step 3: the bisection search (contact-time mode "bisection" only)
  kBroadPhase,              // step 4: candidate pairs (sort and sweep)
  kNarrowPhase,             // steps 4-5: contact sets, mu by eq. 13; penalty: overlap volumes
  kExternalImpulses,        // step 6: gravity, the gyroscopic term, the drag spring
  kJointForces,             // steps 7-8: motor efforts and viscous joint friction
  kIslands,                 // step 9: bodies joined by joints or contacts
  kAssembleRows,            // step 10: each island's joint, limit, motor and contact rows; warm start
  kSolveIslands,            // step 10: the contact model's impulses and v^{l+1}
  kStoreSolution,           // v^{l+1}, joint rates and the impulses kept for the next step's warm start
  kSensors,                 // after the step: the declared sensors' readings (world/sensor_suite.h)
  kPads,                    // after the narrow phase and the free velocities: compliant pads' pressures,
                            // forces and rows (world/pad_stage.h); last in the list so the others keep their indices
  kCount
};
inline constexpr int kStageCount = static_cast<int>(Stage::kCount);

// "integratePositions", "contactTime", ... (camelCase, as the page and the
// CLI print them).
const char* StageName(Stage stage);

struct StepStats {
  // Seconds spent in each stage in the last step, exclusive of nested
  // stages (the contact-time search and the penalty model run other stages
  // inside theirs). All zero on a step the clock did not time
  // (stages_timed false, StageClock::set_period).
  std::array<double, kStageCount> stage_seconds{};
  bool stages_timed = true;       // the last step's stage_seconds were measured
  int contact_count = 0;
  int pair_count = 0;             // broad-phase pairs of the last step
  int pair_queries = 0;           // of those, queried by the narrow phase (not kept asleep, not reused)
  int island_count = 0;           // islands of the last step, awake and asleep
  int awake_islands = 0;          // after the last step (world/island_sleep.h); all islands when sleep is off
  int sleeping_islands = 0;
  int awake_bodies = 0;           // dynamic bodies in awake islands, after the last step
  int sleeping_bodies = 0;
  int bodies_woken = 0;           // sleeping bodies woken by contact or joint in the last step's kIslands
  int lcp_size = 0;               // sum of the islands' LCP sizes, last step
  int lcp_max_size = 0;           // the largest island LCP, last step
  int lemke_pivots = 0;           // sum over islands, last step
  int pgs_sweeps = 0;             // kPgs: sum over islands, last step
  int pgs_unconverged = 0;        // kPgs: islands that hit the sweep limit, last step
  int warm_started = 0;           // contacts matched to one of the previous step (warm start)
  int lcp_islands = 0;            // islands solved by the LCP, last step
  int lcp_warm_islands = 0;       // of those, solved on the previous step's support without pivoting
  int lcp_repaired_islands = 0;   // of the misses, solved by Lemke from the previous step's basis
  std::int64_t lemke_pivots_total = 0;      // since creation
  std::int64_t lcp_islands_total = 0;       // since creation
  std::int64_t lcp_warm_islands_total = 0;  // since creation
  std::int64_t lcp_repaired_islands_total = 0;  // since creation
  std::int64_t lcp_polished_total = 0;  // every Lemke attempt failed, Lemke from Gauss-Seidel's support solved it
  int impact_passes = 0;          // kImpulse: impulse problems solved, last step
  int penalty_substeps = 0;       // kPenalty: accepted Dormand-Prince steps, last step
  int penalty_rejected = 0;       // kPenalty: rejected trial steps, last step
  int penalty_forced = 0;         // kPenalty: steps accepted at min_step over the tolerance, last step
  double penalty_min_substep = 0.0;  // kPenalty: the shortest accepted step (s), last step
  std::int64_t penalty_substeps_total = 0;  // kPenalty: accepted steps since creation
  std::int64_t penalty_rejected_total = 0;  // kPenalty: rejected steps since creation
  double lcp_residual = 0.0;      // the largest island residual (N s), last step
  std::int64_t lcp_failures = 0;  // Lemke failures (fallback used) since creation
  double step_length = 0.0;       // s, the h actually taken (shorter after a contact-time search)
  int bisections = 0;             // contact-time search: halvings in the last step
  std::int64_t nonfinite_events = 0;  // bodies quarantined since creation
};

// Times stages into StepStats::stage_seconds, exclusively: entering a stage
// inside another pauses the outer one. Begin() zeroes the step's times.
// With a period p > 1 only every p-th Begin (the first included) is timed;
// the others read no clock and leave stage_seconds zero with
// stages_timed false; StageAverager's mean over the timed steps stays
// unbiased. A browser's performance.now() costs ~0.1-0.25 us (~25 readings
// per step were 4-26 % of a grasp step in Chromium, docs/benchmarks.md), but it is also
// clamped to 100 us in Chromium, so the page needs many timed steps per
// frame for a readable mean: the WASM module times every step while the
// page's Step diagnostics are open and none otherwise (wasm/bindings.cc,
// setStageTiming).
class StageClock {
 public:
  void Begin(StepStats* stats);
  void Enter(Stage stage);
  void Leave();
  // Steps per timed step: 1, the default, times every step; p > 1 every
  // p-th; 0 (or less) none: every step runs with stages_timed false and no
  // clock read (the WASM module while the page's Step diagnostics, the only
  // reader of its stage times, is closed; wasm/bindings.cc).
  void set_period(int steps) {
    period_ = steps > 0 ? steps : 0;
    phase_ = 0;
  }
  int period() const { return period_; }

 private:
  static constexpr int kMaxDepth = 8;
  StepStats* stats_ = nullptr;
  std::array<Stage, kMaxDepth> stack_{};
  int depth_ = 0;
  double since_ = 0.0;  // s, NowSeconds() at the last Enter or Leave
  int period_ = 1;      // 0: no step timed
  int phase_ = 0;       // Begins since the last timed one, mod period_
  bool timed_ = true;   // this step reads the clock
};

// Seconds of a monotonic clock (arbitrary origin). Natively
// std::chrono::steady_clock; in WASM emscripten_get_now() (the page's
// performance.now()) read directly: libc++'s steady_clock goes through
// clock_gettime, two JavaScript functions and a timespec written to the
// heap, and at ~25 readings per step that cost 2-3 % of a grasp step in
// Node (docs/benchmarks.md, "Where the WASM step lost against native").
double NowSeconds();

// The mean seconds per stage over the timed steps added since the last
// Take (steps with stages_timed false are skipped): a browser's clock ticks
// in 0.1-1 ms, so one step's stage times are mostly zero or one tick; the
// mean over many steps is unbiased.
class StageAverager {
 public:
  void Add(const StepStats& stats);
  // Writes kStageCount means into out and starts over. With no timed step
  // added since the last Take: the last step's times if it was timed, else
  // the means Take wrote last (zeros before any).
  void Take(const StepStats& last, double* out);

 private:
  std::array<double, kStageCount> sum_{};
  std::array<double, kStageCount> previous_{};
  int steps_ = 0;
};

// Runs `run` as one timed stage.
template <class F>
void RunStage(StageClock* clock, Stage stage, F&& run) {
  clock->Enter(stage);
  run();
  clock->Leave();
}

}  // namespace grasplab
