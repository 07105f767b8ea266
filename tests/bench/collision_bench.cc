// Collision benchmark (not a test): broad + narrow phase time per step for
// piles of 100, 1,000 and 10,000 bodies, and pair-query throughput per shape
// pair (box-box by the separating axis test and by GJK/EPA side by side;
// convex hulls, the bunny's included, by hill climbing and by the scan).
// Results go to docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_collision [--quick] [--pairs] [--hulls]
//   build/native/grasplab_bench_collision --pile-snapshot N T FILE
//   build/native/grasplab_bench_collision --pile-pairs FILE [--steps K]
//
// --pairs runs only the pair queries, --hulls only the convex hulls' rows.
// --pile-snapshot runs the issue-19 pile of N bodies (tests/bench/pile_scene.h,
// 10 sweeps, sleep off) for T seconds and writes every body's pose and
// velocity (hex floats, exact) to FILE; --pile-pairs reloads it, times the
// narrow phase per shape pair over the broad phase's candidate pairs of that
// state, then steps the world K times (default 20) from it and reports the
// narrow stage per step (run this one under callgrind for instruction
// counts: the snapshot spares callgrind the seconds of falling).
//
// The pile: bodies of mixed shapes (box, sphere, capsule, cylinder, convex)
// on a jittered lattice whose spacing is a little under the body size, so
// each body touches several neighbours, about 10 layers high at every n,
// over a static ground plane. Bodies drift with small random velocities,
// moved kinematically (World::SetBodyPose) and collided with
// World::UpdateContacts, so the broad phase sees the gentle motion of a
// settling pile (temporal coherence) and no solver runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <array>
#include <ctime>
#include <fstream>
#include <map>

#include "core/base/heap.h"
#include "core/collision/broad_phase.h"
#include "core/collision/gjk.h"
#include "core/collision/narrow_phase.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/mesh_io.h"
#include "core/geometry/support.h"
#include "core/world/world.h"
#include "tests/bench/pile_scene.h"
#include "tests/bench/cpu_seconds.h"

using namespace grasplab;

namespace {

using Clock = std::chrono::steady_clock;

Shape PileShape(int i, const std::shared_ptr<const ConvexHull>& hull) {
  switch (i % 5) {
    case 0: return BoxShape{Vec3(0.025, 0.02, 0.015)};
    case 1: return SphereShape{0.022};
    case 2: return CapsuleShape{0.015, 0.02};
    case 3: return CylinderShape{0.02, 0.035};
    default: return ConvexShape{hull};
  }
}

void BenchPile(int n, int steps) {
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> jitter(-0.004, 0.004), vel(-0.05, 0.05), unit(-1.0, 1.0);
  std::vector<Vec3> pts;
  for (int i = 0; i < 40; ++i) pts.push_back(0.022 * Vec3(unit(rng), unit(rng), unit(rng)).normalized());
  const auto hull = BuildConvexHull(pts, "pile").value();

  WorldSettings s;
  s.gravity.setZero();
  // Every pair collided every call: this measures the narrow phase, not the
  // reuse of contact sets (world/contact_finder.h), which would skip the
  // pairs drifting under 10 um between calls.
  s.contact_reuse_distance = 0.0;
  World world(s);
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  (void)world.AddBody(ground);
  const int layers = 10;
  const int side = std::max(1, static_cast<int>(std::ceil(std::sqrt(n / static_cast<double>(layers)))));
  const double spacing = 0.045;  // body size ~0.044-0.05: neighbours touch or nearly
  for (int i = 0; i < n; ++i) {
    const int layer = i / (side * side), ix = i % side, iy = (i / side) % side;
    BodyDef b;
    b.name = "b" + std::to_string(i);
    b.shape = PileShape(i, hull);
    b.mass = 0.05;
    b.X_WB.p = Vec3(ix * spacing + jitter(rng), iy * spacing + jitter(rng), 0.03 + layer * spacing + jitter(rng));
    b.X_WB.q = Quat(1.0, 0.3 * unit(rng), 0.3 * unit(rng), 0.3 * unit(rng)).normalized();
    b.v_WB = Vec3(vel(rng), vel(rng), vel(rng));
    (void)world.AddBody(b);
  }
  double broad = 0.0, narrow = 0.0;
  long long pairs = 0, contacts = 0;
  auto drift = [&] {
    for (BodyId i = 1; i < world.body_count(); ++i) {
      Pose X = world.pose(i);
      X.p += 0.0025 * world.linear_velocity(i);
      (void)world.SetBodyPose(i, X);
    }
    world.UpdateContacts();
  };
  drift();  // first update: the full sort
  for (int k = 0; k < steps; ++k) {
    drift();
    broad += world.stats().stage_seconds[static_cast<int>(Stage::kBroadPhase)];
    narrow += world.stats().stage_seconds[static_cast<int>(Stage::kNarrowPhase)];
    pairs += world.stats().pair_count;
    contacts += world.stats().contact_count;
  }
  std::printf("| %6d | %6d | %10.3f | %11.3f | %10.3f | %9.1f | %10.1f |\n", n, steps, 1e3 * broad / steps,
              1e3 * narrow / steps, 1e3 * (broad + narrow) / steps, static_cast<double>(pairs) / steps,
              static_cast<double>(contacts) / steps);
}

struct PairTiming {
  double ns_per_query;
  double contacts_per_query;
};

struct PairQuery {
  Pose a, b;
};

// Random orientations of A above B, separated by about `gap` along z.
std::vector<PairQuery> RandomQueries(const Shape& A, const Shape& B, double gap) {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<PairQuery> queries(256);
  for (PairQuery& q : queries) {
    q.a.q = Quat(1.0, unit(rng), unit(rng), unit(rng)).normalized();
    q.b.q = std::holds_alternative<PlaneShape>(B) ? Quat::Identity() : Quat(1.0, unit(rng), unit(rng), unit(rng)).normalized();
    q.a.p = Vec3(0.01 * unit(rng), 0.01 * unit(rng), BoundingRadius(A) * 0.8 + gap);
  }
  return queries;
}

// Box `half` resting on a box of the same size as in a stack: turned about
// z by up to 0.3 rad, tilted by up to 0.005 rad, offset by up to 5 mm, its
// lowest corner from 0.1 mm into the lower box to 0.1 mm above it.
std::vector<PairQuery> StackQueries(const Vec3& half) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<PairQuery> queries(256);
  for (PairQuery& q : queries) {
    q.a.q = (Quat(Eigen::AngleAxisd(0.005 * unit(rng), Vec3(unit(rng), unit(rng), 0.0).normalized())) *
             Quat(Eigen::AngleAxisd(0.3 * unit(rng), Vec3::UnitZ())))
                .normalized();
    const Mat3 R = q.a.q.toRotationMatrix();
    const double below = half.x() * std::abs(R(2, 0)) + half.y() * std::abs(R(2, 1)) + half.z() * std::abs(R(2, 2));
    q.a.p = Vec3(0.005 * unit(rng), 0.005 * unit(rng), half.z() + below + 1e-4 * unit(rng));
  }
  return queries;
}

// Each query is one CollideShapes call with a scratch kept between calls, as
// the world's contact finder keeps one.
PairTiming TimePair(const Shape& A, const Shape& B, const std::vector<PairQuery>& queries, const NarrowPhaseSettings& s) {
  NarrowPhaseScratch scratch;
  std::vector<Contact> out;
  const int reps = 200;
  long long found = 0;
  for (const PairQuery& q : queries) CollideShapes(0, A, q.a, 1, B, q.b, s, &out, &scratch);  // scratch at full size
  const auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r) {
    for (const PairQuery& q : queries) {
      out.clear();
      found += CollideShapes(0, A, q.a, 1, B, q.b, s, &out, &scratch);
    }
  }
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  const double n = static_cast<double>(reps) * queries.size();
  return {1e9 * secs / n, found / n};
}

NarrowPhaseSettings PairSettings(bool box_box_sat) {
  NarrowPhaseSettings s;
  s.margin = 1e-3;
  s.box_box_sat = box_box_sat;
  return s;
}

void PrintPair(const char* name, const PairTiming& t) {
  std::printf("| %-25s | %9.0f | %12.2f | %8.2f |\n", name, t.ns_per_query, 1e3 / t.ns_per_query,
              t.contacts_per_query);
}

void BenchPair(const char* name, const Shape& A, const Shape& B, double gap) {
  PrintPair(name, TimePair(A, B, RandomQueries(A, B, gap), PairSettings(true)));
}

// The same hull without its adjacency: the support scans every vertex (the
// path before hill climbing, and still its definition).
Shape Scanned(const Shape& shape) {
  auto bare = std::make_shared<ConvexHull>(*std::get<ConvexShape>(shape).hull);
  bare->neighbor_offsets.clear();
  bare->neighbors.clear();
  return ConvexShape{bare};
}

// CoreSupport alone over 4,096 random directions (ns per call).
double TimeSupport(const Shape& shape) {
  std::mt19937 rng(3);
  std::normal_distribution<double> g;
  std::vector<Vec3> dirs(4096);
  for (Vec3& d : dirs) d = Vec3(g(rng), g(rng), g(rng));
  const int reps = 100;
  double sink = 0.0;
  const auto t0 = Clock::now();
  for (int r = 0; r < reps; ++r) {
    for (const Vec3& d : dirs) sink += CoreSupport(shape, d).x();
  }
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  if (sink == 12345.678) std::printf("%g", sink);  // keeps the loop
  return 1e9 * secs / (reps * dirs.size());
}

// Hull rows: climbing (the default) against the scan, alternated three times
// in this process, each the fastest of three.
void BenchHulls(const Shape& convex, const Shape& bunny, const Shape& box) {
  struct Row {
    const char* name;
    Shape a, b;
    double gap;
  };
  const Row rows[] = {{"convex(100)-box", convex, box, 0.03},
                      {"convex(100)-convex", convex, convex, 0.05},
                      {"bunny-box", bunny, box, 0.03},
                      {"bunny-bunny", bunny, bunny, 0.05}};
  std::printf("\n## Convex hulls: hill climbing against the scan (same process, fastest of 3)\n\n");
  std::printf("| query                     | climb (ns) | scan (ns) | scan / climb | contacts |\n");
  std::printf("|---------------------------|-----------:|----------:|-------------:|---------:|\n");
  for (const Shape* s : {&convex, &bunny}) {
    double best[2] = {1e300, 1e300};
    for (int round = 0; round < 3; ++round) {
      best[0] = std::min(best[0], TimeSupport(*s));
      best[1] = std::min(best[1], TimeSupport(Scanned(*s)));
    }
    const int v = static_cast<int>(std::get<ConvexShape>(*s).hull->vertices.size());
    std::printf("| support, %3d vertices     | %10.1f | %9.1f | %12.2f |          |\n", v, best[0], best[1],
                best[1] / best[0]);
  }
  for (const Row& row : rows) {
    const std::vector<PairQuery> queries = RandomQueries(row.a, row.b, row.gap);
    const bool b_hull = std::holds_alternative<ConvexShape>(row.b);
    PairTiming best[2] = {{1e300, 0.0}, {1e300, 0.0}};
    for (int round = 0; round < 3; ++round) {
      const PairTiming climb = TimePair(row.a, row.b, queries, PairSettings(true));
      const PairTiming scan = TimePair(Scanned(row.a), b_hull ? Scanned(row.b) : row.b, queries, PairSettings(true));
      if (climb.ns_per_query < best[0].ns_per_query) best[0] = climb;
      if (scan.ns_per_query < best[1].ns_per_query) best[1] = scan;
    }
    std::printf("| %-25s | %10.0f | %9.0f | %12.2f | %8.2f |\n", row.name, best[0].ns_per_query, best[1].ns_per_query,
                best[1].ns_per_query / best[0].ns_per_query, best[0].contacts_per_query);
    if (best[0].contacts_per_query != best[1].contacts_per_query) std::printf("  (contact counts differ!)\n");
  }
}


constexpr double kPileH = 0.0025;

void WritePileSnapshot(int n, double seconds, const char* path) {
  World world = Pile(n, false, 1, 10);
  const int steps = static_cast<int>(std::lround(seconds / kPileH));
  for (int k = 0; k < steps; ++k) (void)world.Step(kPileH);
  std::FILE* f = std::fopen(path, "w");
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", path);
    std::exit(1);
  }
  std::fprintf(f, "%d %d\n", n, steps);
  for (BodyId b = 0; b < world.body_count(); ++b) {
    const Pose& X = world.pose(b);
    const Vec3 &v = world.linear_velocity(b), &w = world.angular_velocity(b);
    std::fprintf(f, "%a %a %a %a %a %a %a %a %a %a %a %a %a\n", X.p.x(), X.p.y(), X.p.z(), X.q.w(), X.q.x(), X.q.y(),
                 X.q.z(), v.x(), v.y(), v.z(), w.x(), w.y(), w.z());
  }
  std::fclose(f);
  std::printf("wrote %s: %d bodies after %d steps\n", path, world.body_count(), steps);
}

World ReadPileSnapshot(const char* path) {
  std::ifstream in(path);
  int n = 0, steps = 0;
  if (!(in >> n >> steps)) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(1);
  }
  World world = Pile(n, false, 1, 10);
  for (BodyId b = 0; b < world.body_count(); ++b) {
    std::string t[13];
    double x[13];
    for (int i = 0; i < 13; ++i) {
      in >> t[i];
      x[i] = std::strtod(t[i].c_str(), nullptr);
    }
    if (world.body_def(b).is_static) continue;
    (void)world.SetBodyPose(b, Pose{Vec3(x[0], x[1], x[2]), Quat(x[3], x[4], x[5], x[6])});
    (void)world.SetBodyVelocity(b, Vec3(x[7], x[8], x[9]), Vec3(x[10], x[11], x[12]));
  }
  return world;
}

const char* ShapeName(const Shape& s) {
  static const char* const kNames[] = {"plane", "sphere", "box", "capsule", "cylinder", "convex", "mesh", "triangle", "compound"};
  return s.index() < std::size(kNames) ? kNames[s.index()] : "?";
}

// The narrow phase over the candidate pairs of a pile snapshot, by shape
// pair, then K steps of the world from the snapshot.
void PilePairs(const char* path, int steps) {
  World world = ReadPileSnapshot(path);
  const WorldSettings& ws = world.settings();
  // The candidate pairs and margins as the contact finder makes them
  // (world/contact_finder.cc, speculative margins on).
  const int n = world.body_count();
  std::vector<Aabb> boxes(n);
  std::vector<double> travel(n, 0.0);
  std::vector<std::uint8_t> is_static(n);
  for (BodyId b = 0; b < n; ++b) {
    is_static[b] = world.body_def(b).is_static;
    if (!is_static[b]) {
      const double reach = world.linear_velocity(b).norm() +
                           world.angular_velocity(b).norm() * BoundingRadius(world.body_def(b).shape) +
                           kPileH * ws.gravity.norm();
      travel[b] = 2.0 * kPileH * reach;
    }
    boxes[b] = WorldAabb(world.body_def(b).shape, world.pose(b)).Inflated(ws.contact_threshold + travel[b]);
  }
  BroadPhase broad;
  std::vector<BodyPair> pairs;
  broad.FindPairs(boxes, is_static, {}, &pairs);
  std::map<std::string, std::vector<BodyPair>> classes;
  for (const BodyPair& p : pairs) {
    std::string a = ShapeName(world.body_def(p.first).shape), b = ShapeName(world.body_def(p.second).shape);
    if (b < a) std::swap(a, b);
    classes[a + "-" + b].push_back(p);
  }
  std::printf("## Narrow phase over the pile's candidate pairs (%s: %d pairs)\n\n", path, static_cast<int>(pairs.size()));
  std::printf("| pair | pairs | contacts | CPU ns/query | CPU us/step | GJK iterations (mean, max) | cores overlap |\n"
              "|---|---:|---:|---:|---:|---:|---:|\n");
  NarrowPhaseScratch scratch;
  std::vector<Contact> out;
  double total = 0.0;
  long long total_contacts = 0;
  for (const auto& [name, list] : classes) {
    auto run = [&] {
      long long found = 0;
      for (const auto& [a, b] : list) {
        out.clear();
        NarrowPhaseSettings np;
        np.margin = ws.contact_threshold + travel[a] + travel[b];
        found += CollideShapes(a, world.body_def(a).shape, world.pose(a), b, world.body_def(b).shape, world.pose(b), np,
                               &out, &scratch);
      }
      return found;
    };
    const long long found = run();
    const int reps = 20;
    const double c0 = ProcessCpuSeconds();
    for (int r = 0; r < reps; ++r) run();
    const double cpu = (ProcessCpuSeconds() - c0) / reps;
    total += cpu;
    total_contacts += found;
    // GJK alone on the same pairs (the path every pair but box-box and
    // sphere-sphere takes first).
    double iterations = 0.0;
    int max_iterations = 0, overlaps = 0;
    for (const auto& [a, b] : list) {
      const Shape &A = world.body_def(a).shape, &B = world.body_def(b).shape;
      GjkOptions o;  // as the narrow phase runs it
      o.stop_beyond = (ws.contact_threshold + travel[a] + travel[b] + CoreRadius(A) + CoreRadius(B)) * (1.0 + 1e-9);
      const GjkResult g = GjkDistance(A, world.pose(a), B, world.pose(b), o);
      iterations += g.iterations;
      max_iterations = std::max(max_iterations, g.iterations);
      overlaps += g.overlap;
    }
    std::printf("| %s | %d | %lld | %.0f | %.0f | %.1f, %d | %d |\n", name.c_str(), static_cast<int>(list.size()), found,
                1e9 * cpu / list.size(), 1e6 * cpu, iterations / list.size(), max_iterations, overlaps);
  }
  std::printf("| all | %d | %lld | %.0f | %.0f |\n\n", static_cast<int>(pairs.size()), total_contacts,
              1e9 * total / pairs.size(), 1e6 * total);
  // GJK warm started from each pair's v_AB of this state, one step later,
  // against the cold start: iterations and the largest distance difference.
  {
    std::vector<Vec3> last(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const auto [a, b] = pairs[i];
      last[i] = GjkDistance(world.body_def(a).shape, world.pose(a), world.body_def(b).shape, world.pose(b)).v_AB;
    }
    World next = ReadPileSnapshot(path);
    (void)next.Step(kPileH);
    std::map<std::string, std::array<double, 4>> rows;  // pairs, cold iterations, warm iterations, max |d cold - d warm|
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const auto [a, b] = pairs[i];
      const Shape &A = next.body_def(a).shape, &B = next.body_def(b).shape;
      std::string na = ShapeName(A), nb = ShapeName(B);
      if (nb < na) std::swap(na, nb);
      GjkOptions warm;
      warm.initial_v = last[i];
      const GjkResult c = GjkDistance(A, next.pose(a), B, next.pose(b));
      const GjkResult w = GjkDistance(A, next.pose(a), B, next.pose(b), warm);
      auto& r = rows[na + "-" + nb];
      r[0] += 1;
      r[1] += c.iterations;
      r[2] += w.iterations;
      r[3] = std::max(r[3], std::abs(c.core_distance - w.core_distance));
    }
    std::printf("| pair | cold iterations | warm iterations | max distance difference (m) |\n|---|---:|---:|---:|\n");
    for (const auto& [name, r] : rows) {
      std::printf("| %s | %.1f | %.1f | %.1e |\n", name.c_str(), r[1] / r[0], r[2] / r[0], r[3]);
    }
    std::printf("\n");
  }
  double narrow = 0.0, broad_s = 0.0;
  const double c0 = ProcessCpuSeconds();
  for (int k = 0; k < steps; ++k) {
    (void)world.Step(kPileH);
    narrow += world.stats().stage_seconds[static_cast<int>(Stage::kNarrowPhase)];
    broad_s += world.stats().stage_seconds[static_cast<int>(Stage::kBroadPhase)];
  }
  std::printf("%d steps from the snapshot: %.0f CPU us/step, narrow %.0f us/step, broad %.0f us/step (stage clocks)\n",
              steps, 1e6 * (ProcessCpuSeconds() - c0) / steps, 1e6 * narrow / steps, 1e6 * broad_s / steps);
}

}  // namespace

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
  if (argc > 4 && std::strcmp(argv[1], "--pile-snapshot") == 0) {
    WritePileSnapshot(std::atoi(argv[2]), std::atof(argv[3]), argv[4]);
    return 0;
  }
  if (argc > 2 && std::strcmp(argv[1], "--pile-pairs") == 0) {
    PilePairs(argv[2], argc > 4 && std::strcmp(argv[3], "--steps") == 0 ? std::atoi(argv[4]) : 20);
    return 0;
  }
  bool quick = false, pairs_only = false, hulls_only = false;
  for (int i = 1; i < argc; ++i) {
    quick = quick || std::strcmp(argv[i], "--quick") == 0;
    pairs_only = pairs_only || std::strcmp(argv[i], "--pairs") == 0;
    hulls_only = hulls_only || std::strcmp(argv[i], "--hulls") == 0;
  }
  pairs_only = pairs_only || hulls_only;
  if (!pairs_only) {
    std::printf("## Broad + narrow phase per step, pile of n bodies (h = 2.5 ms)\n\n");
    std::printf("| n      | steps  | broad (ms) | narrow (ms) | total (ms) | pairs     | contacts   |\n");
    std::printf("|--------|--------|------------|-------------|------------|-----------|------------|\n");
    BenchPile(100, quick ? 20 : 200);
    BenchPile(1000, quick ? 5 : 50);
    BenchPile(10000, quick ? 2 : 10);
  }

  std::printf("\n## Pair queries (CollideShapes, random orientations, near contact)\n\n");
  std::printf("| pair                      | ns/query  | Mqueries/s   | contacts |\n");
  std::printf("|---------------------------|-----------|--------------|----------|\n");
  std::vector<Vec3> pts;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int i = 0; i < 100; ++i) pts.push_back(0.05 * Vec3(unit(rng), unit(rng), unit(rng)).normalized());
  const Shape convex = ConvexShape{BuildConvexHull(pts, "bench").value()};
  const Shape box = BoxShape{Vec3(0.05, 0.04, 0.03)};
  if (!hulls_only) {
  BenchPair("sphere-sphere", SphereShape{0.05}, SphereShape{0.05}, 0.05);
  BenchPair("sphere-plane", SphereShape{0.05}, PlaneShape{}, 0.0);
  BenchPair("box-plane", box, PlaneShape{}, 0.0);
  // Box-box by the separating axis test (the default) and by GJK/EPA (the
  // general path), alternated three times in the same run, on the random
  // queries and on boxes resting in a stack; each row the fastest of three.
  const char* const box_names[2][2] = {{"box-box (SAT)", "box-box (GJK/EPA)"},
                                       {"box-box stack (SAT)", "box-box stack (GJK/EPA)"}};
  const std::vector<PairQuery> box_queries[2] = {RandomQueries(box, box, 0.03),
                                                 StackQueries(std::get<BoxShape>(box).half_extents)};
  PairTiming box_rows[2][2];
  for (int set = 0; set < 2; ++set) {
    for (int path = 0; path < 2; ++path) box_rows[set][path] = {1e300, 0.0};
    for (int round = 0; round < 3; ++round) {
      for (int path = 0; path < 2; ++path) {
        const PairTiming t = TimePair(box, box, box_queries[set], PairSettings(path == 0));
        if (t.ns_per_query < box_rows[set][path].ns_per_query) box_rows[set][path] = t;
      }
    }
    for (int path = 0; path < 2; ++path) PrintPair(box_names[set][path], box_rows[set][path]);
  }
  BenchPair("capsule-capsule", CapsuleShape{0.02, 0.08}, CapsuleShape{0.02, 0.08}, 0.03);
  BenchPair("cylinder-box", CylinderShape{0.04, 0.08}, box, 0.03);
  BenchPair("sphere-box", SphereShape{0.05}, box, 0.03);
  BenchPair("convex(100)-box", convex, box, 0.03);
  BenchPair("convex(100)-convex", convex, convex, 0.05);
  for (int set = 0; set < 2; ++set) {
    std::printf("\n%s: GJK/EPA / SAT = %.1f (%.0f ns against %.0f ns per query)", set == 0 ? "box-box" : "box-box stack",
                box_rows[set][1].ns_per_query / box_rows[set][0].ns_per_query, box_rows[set][1].ns_per_query,
                box_rows[set][0].ns_per_query);
  }
  std::printf("\n");
  }
  const auto bunny_mesh = ReadMeshFile(std::string(GRASPLAB_ASSETS_DIR) + "/objects/bunny.obj");
  if (!bunny_mesh.ok()) {
    std::fprintf(stderr, "bunny: %s (run scripts/setup.sh)\n", bunny_mesh.status().message().c_str());
    return 1;
  }
  std::vector<Vec3> scaled = bunny_mesh.value().vertices;
  for (Vec3& p : scaled) p *= 0.008;  // as barrett-bunny.json
  BenchHulls(convex, ConvexShape{BuildConvexHull(scaled, "bunny").value()}, box);
  return 0;
}
