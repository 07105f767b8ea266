// Lemke kernel benchmark (not a test): the island LCPs of real simulations,
// recorded step by step (World::SetLcpObserver), solved again outside the
// simulation by Lemke from z = 0 (the paper's method), with the warm
// start of solvers/lcp_warm_start.h (the previous step's basis; cold Lemke
// when it does not fit), with Lemke from the previous basis on a miss
// (LemkeSolver::SolveFrom), as the island solver did it up to a04cce7 (the
// warm start, then on a miss block pivots on the support (RepairSupport),
// then Lemke from the previous basis, cold only when both fail) and as it
// does it now (a noise-level miss goes from the block pivots straight to
// cold: NoiseLevelMiss, solvers/lcp_warm_start.h); side by side in one run. Results go to
// docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_lemke [--quick] [--write DIR] [--only TEXT] [--steps N]
//
// --only TEXT (repeatable) keeps the sequences whose name contains a TEXT;
// --steps N records N steps instead of 200.
// --write DIR stores every recorded sequence as DIR/<name>.lcp (int32 n,
// then per LCP: int32 n, M row-major as n*n doubles, q as n doubles, the
// warm support as n bytes; little-endian), the input of the peer
// benchmark's Siconos run (scripts/bench-peers.sh).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tests/core/bundled_scene.h"
#include "tests/core/island_covering.h"
#include "core/base/heap.h"
#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "core/solvers/lcp_solver.h"
#include "core/solvers/lcp_warm_start.h"
#include "core/solvers/lemke.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {

struct Recorded {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  std::vector<std::uint8_t> support;
  // The island solver's settings for this LCP, read back from M once.
  LemkeSettings covering;
  std::vector<int> groups;
  int spd_rows = 0;
};


// Records the largest island LCP of each of `steps` steps after `settle`.
std::vector<Recorded> Record(Scene* scene, int settle, int steps) {
  for (int k = 0; k < settle; ++k) (void)StepScene(scene, scene->timestep);
  std::vector<Recorded> out;
  Recorded best;
  scene->world.SetLcpObserver([&](const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::vector<std::uint8_t>& s) {
    if (M.rows() > best.M.rows()) {
      best.M = M;
      best.q = q;
      best.support = s;
    }
  });
  for (int k = 0; k < steps; ++k) {
    best = {};
    (void)StepScene(scene, scene->timestep);
    if (best.M.rows() > 0) {
      best.covering = IslandCovering(best.M);
      best.groups = IslandGroups(best.M);
      best.spd_rows = IslandImpulseRows(best.M);
      out.push_back(best);
    }
  }
  scene->world.SetLcpObserver({});
  return out;
}

struct Timing {
  double mean_us = 0.0, max_us = 0.0;
  double pivots = 0.0;
  double worst_residual = 0.0;  // relative to 1 + max |q|
  int solved = 0;
  int warm = 0;      // hits: the previous basis solves it as it is
  int repaired = 0;  // misses solved without a cold start
  int block_repaired = 0;  // of those, by block pivots on the support
  int noise = 0;           // misses sent cold at once (NoiseLevelMiss)
};

// kCold: Lemke from z = 0; kWarm: the previous support, cold on a miss;
// kFrom: on a miss Lemke from the previous basis, cold when that fails;
// kRepair: on a miss block pivots on the support first (RepairSupport),
// then Lemke from the previous basis, then cold (the island solver up to
// a04cce7); kIsland: as the island solver does it now: the same, but a
// noise-level miss (NoiseLevelMiss) goes from the failed block pivots
// straight to cold. The warm modes factor the support as the island solver
// does (Cholesky on the impulse rows) and the block pivots use its groups.
enum class Mode { kCold, kWarm, kFrom, kRepair, kIsland };

// Solves every LCP of the sequence `repeat` times; per-LCP times are the
// minimum over the repeats (the machine is shared).
Timing Time(const std::vector<Recorded>& seq, Mode mode, int repeat);

// One function per mode, so that valgrind's callgrind counts each path's
// instructions apart (inclusive cost; the machine is shared, so the
// instruction counts are the stable figure):
//   valgrind --tool=callgrind build/native/grasplab_bench_lemke --only NAME
//   callgrind_annotate --inclusive=yes FILE | grep Time
[[gnu::noinline]] Timing TimeCold(const std::vector<Recorded>& s, int r) { return Time(s, Mode::kCold, r); }
[[gnu::noinline]] Timing TimeWarm(const std::vector<Recorded>& s, int r) { return Time(s, Mode::kWarm, r); }
[[gnu::noinline]] Timing TimeFrom(const std::vector<Recorded>& s, int r) { return Time(s, Mode::kFrom, r); }
[[gnu::noinline]] Timing TimeRepair(const std::vector<Recorded>& s, int r) { return Time(s, Mode::kRepair, r); }
[[gnu::noinline]] Timing TimeIsland(const std::vector<Recorded>& s, int r) { return Time(s, Mode::kIsland, r); }

Timing Time(const std::vector<Recorded>& seq, Mode mode, int repeat) {
  Timing t;
  std::vector<double> best(seq.size(), 1e300);
  LemkeSolver solver;  // its tableau kept from solve to solve, as in the island solver
  SupportSolveScratch scratch;
  std::vector<std::uint8_t> solved_support;
  for (int r = 0; r < repeat; ++r) {
    for (std::size_t i = 0; i < seq.size(); ++i) {
      const Recorded& rec = seq[i];
      Eigen::VectorXd z = Eigen::VectorXd::Zero(rec.q.size());
      LcpResult res;
      const LemkeSettings& covering = rec.covering;
      const std::vector<int>& groups = rec.groups;
      scratch.spd_rows = rec.spd_rows;
      const double tolerance = LcpSolverSettings{}.warm_tolerance;
      const auto t0 = std::chrono::steady_clock::now();
      bool hit = false, repaired = false, noise = false;
      if (mode != Mode::kCold) {
        hit = SolveLcpOnSupport(rec.M, rec.q, rec.support, z, &res, tolerance, &scratch);
      }
      if (!hit && (mode == Mode::kRepair || mode == Mode::kIsland)) {
        repaired = RepairSupport(rec.M, rec.q, rec.support, z, &res, tolerance, LcpSolverSettings{}.repair_iterations,
                                 groups, &scratch, &solved_support);
        if (repaired && r == 0) ++t.block_repaired;
        noise = !repaired && mode == Mode::kIsland && NoiseLevelMiss(scratch, rec.support, rec.q.cwiseAbs().maxCoeff(), tolerance);
        if (noise && r == 0) ++t.noise;
      }
      if (!hit && !repaired && !noise && (mode == Mode::kFrom || mode == Mode::kRepair || mode == Mode::kIsland)) {
        LemkeSettings from = covering;
        from.max_pivots = WarmPivotCap(static_cast<int>(rec.q.size()));
        res = solver.SolveFrom(rec.M, rec.q, z, from, rec.support);
        // Held to the warm start's accuracy, as the island solver holds it.
        repaired = res.status == LcpStatus::kSolved &&
                   res.residual <= LcpSolverSettings{}.warm_tolerance * (1.0 + rec.q.cwiseAbs().maxCoeff());
      }
      if (!hit && !repaired) {
        const int earlier = res.pivots;
        res = solver.Solve(rec.M, rec.q, z, covering);
        res.pivots += earlier;
      }
      const double us = 1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      best[i] = std::min(best[i], us);
      if (r == 0) {
        t.pivots += res.pivots;
        t.warm += hit;
        t.repaired += repaired;
        if (res.status == LcpStatus::kSolved) {
          ++t.solved;
          t.worst_residual = std::max(t.worst_residual, LcpResidual(rec.M, rec.q, z) / (1.0 + rec.q.cwiseAbs().maxCoeff()));
        }
      }
    }
  }
  for (double us : best) t.mean_us += us, t.max_us = std::max(t.max_us, us);
  t.mean_us /= std::max<std::size_t>(1, seq.size());
  t.pivots /= std::max<std::size_t>(1, seq.size());
  return t;
}

Scene Stack(int boxes, int directions) {
  Scene scene{"stack-" + std::to_string(boxes), 0.0025};
  WorldSettings ws;
  ws.friction_directions = directions;
  scene.world = World(ws);
  BodyDef g;
  g.name = "ground";
  g.shape = PlaneShape{};
  g.is_static = true;
  (void)scene.world.AddBody(g);
  for (int i = 0; i < boxes; ++i) {
    BodyDef b;
    b.name = "box";
    b.shape = BoxShape{Vec3::Constant(0.05)};
    b.mass = 1.0;
    b.X_WB.p = Vec3(0, 0, 0.05 + 5e-5 + i * (0.1 + 5e-5));
    (void)scene.world.AddBody(b);
  }
  return scene;
}

void Write(const std::string& path, const std::vector<Recorded>& seq) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return;
  }
  const std::int32_t count = static_cast<std::int32_t>(seq.size());
  std::fwrite(&count, sizeof count, 1, f);
  for (const Recorded& rec : seq) {
    const std::int32_t n = static_cast<std::int32_t>(rec.q.size());
    std::fwrite(&n, sizeof n, 1, f);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const double v = rec.M(i, j);
        std::fwrite(&v, sizeof v, 1, f);
      }
    }
    std::fwrite(rec.q.data(), sizeof(double), n, f);
    std::fwrite(rec.support.data(), 1, n, f);
  }
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
  bool quick = false;
  std::string dir;
  std::vector<std::string> only;
  int steps_arg = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    if (!std::strcmp(argv[i], "--write") && i + 1 < argc) dir = argv[++i];
    if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only.push_back(argv[++i]);
    if (!std::strcmp(argv[i], "--steps") && i + 1 < argc) steps_arg = std::atoi(argv[++i]);
  }
  const int steps = steps_arg > 0 ? steps_arg : quick ? 40 : 200;
  const int repeat = quick ? 1 : 5;
  struct Case {
    std::string name;
    Scene scene;
    int settle;
  };
  std::vector<Case> cases;
  cases.push_back({"3-finger hand on a prism", BundledScene("finger-prism"), 400});
  {
    auto handset = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/barrett-handset.json");
    if (handset.ok()) cases.push_back({"Barrett hand + arm, handset", std::move(handset).value(), 400});
  }
  for (const char* name : {"parallel-jaw-cube", "barrett-bunny"}) {
    auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/" + name + ".json");
    if (scene.ok()) cases.push_back({name, std::move(scene).value(), 1200});
  }
  cases.push_back({"5-box stack, 4 directions", Stack(5, 4), 100});
  cases.push_back({"5-box stack, 8 directions", Stack(5, 8), 100});
  cases.push_back({"10-box stack, 4 directions", Stack(10, 4), 100});
  cases.push_back({"10-box stack, 8 directions", Stack(10, 8), 100});
  std::printf("| sequence (%d steps) | contacts | n | cold: us/solve (max) | pivots | warm, cold on a miss: us/solve (max) | warm hits | pivots | warm, Lemke from the last basis on a miss: us/solve (max) | repaired | pivots | warm, block pivots then Lemke from the last basis (to a04cce7): us/solve (max) | repaired by block pivots + by Lemke / misses | pivots | the island solver: block pivots, cold at once on a noise-level miss, else Lemke from the last basis: us/solve (max) | repaired by block pivots + by Lemke, cold at once / misses | pivots | worst residual (rel.) |\n", steps);
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (Case& c : cases) {
    if (!only.empty() &&
        std::none_of(only.begin(), only.end(), [&](const std::string& o) { return c.name.find(o) != std::string::npos; })) {
      continue;
    }
    const std::vector<Recorded> seq = Record(&c.scene, c.settle, steps);
    if (seq.empty()) continue;
    if (!dir.empty()) {
      std::string file = c.name;
      for (char& ch : file) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '-';
      }
      Write(dir + "/" + file + ".lcp", seq);
    }
    const Timing cold = TimeCold(seq, repeat);
    const Timing warm = TimeWarm(seq, repeat);
    const Timing from = TimeFrom(seq, repeat);
    const Timing repair = TimeRepair(seq, repeat);
    const Timing island = TimeIsland(seq, repeat);
    double n = 0;
    for (const Recorded& r : seq) n += r.q.size();
    n /= seq.size();
    const int contacts = c.scene.world.stats().contact_count;
    std::printf("| %s | %d | %.0f | %.1f (%.1f) | %.1f | %.1f (%.1f) | %d / %zu | %.1f | %.1f (%.1f) | %d / %zu | %.1f | %.1f (%.1f) | %d + %d / %zu | %.1f | %.1f (%.1f) | %d + %d, %d / %zu | %.1f | %.1e |\n",
                c.name.c_str(), contacts, n, cold.mean_us, cold.max_us, cold.pivots, warm.mean_us, warm.max_us, warm.warm,
                seq.size(), warm.pivots, from.mean_us, from.max_us, from.repaired, seq.size() - from.warm, from.pivots,
                repair.mean_us, repair.max_us, repair.block_repaired, repair.repaired - repair.block_repaired,
                seq.size() - repair.warm, repair.pivots, island.mean_us, island.max_us, island.block_repaired,
                island.repaired - island.block_repaired, island.noise, seq.size() - island.warm, island.pivots,
                std::max({cold.worst_residual, warm.worst_residual, from.worst_residual, repair.worst_residual,
                          island.worst_residual}));
    const int all = static_cast<int>(seq.size());
    if (cold.solved != all || warm.solved != all || repair.solved != all || island.solved != all) {
      std::printf("  (%s: cold solved %d, warm %d, repaired %d, island %d of %d; the island solver retries the rest)\n",
                  c.name.c_str(), cold.solved, warm.solved, repair.solved, island.solved, all);
    }
  }
  return 0;
}
