// Collision benchmark (not a test): broad + narrow phase time per step for
// piles of 100, 1,000 and 10,000 bodies, and pair-query throughput per shape
// pair (box-box by the separating axis test and by GJK/EPA side by side;
// convex hulls, the bunny's included, by hill climbing and by the scan).
// Results go to docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_collision [--quick] [--pairs] [--hulls]
//
// --pairs runs only the pair queries, --hulls only the convex hulls' rows.
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

#include "core/base/heap.h"
#include "core/collision/narrow_phase.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/mesh_io.h"
#include "core/geometry/support.h"
#include "core/world/world.h"

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

}  // namespace

int main(int argc, char** argv) {
  grasplab::KeepHeapWarm();  // as the CLI: core/base/heap.h
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
