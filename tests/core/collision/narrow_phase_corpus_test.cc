// The narrow phase's fast paths against its full search over a recorded
// corpus: the candidate pairs of the issue-19 pile (tests/bench/pile_scene.h,
// boxes, spheres, cylinders, capsules and convex hulls falling into a bin of
// static boxes) at several moments of its fall, and GJK's early stop against
// analytic distances (core/collision/gjk, narrow_phase).
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/collision/gjk.h"
#include "core/collision/narrow_phase.h"
#include "tests/bench/pile_scene.h"

using namespace grasplab;

namespace {

struct CorpusPair {
  BodyId a, b;
  Pose X_WA, X_WB;
};

// Every pair of the pile whose bounding spheres come within 1 cm, at 0.1,
// 0.25 and 0.5 s of a 120-body pile's fall (falling, landing, piling).
const std::vector<CorpusPair>& PileCorpus(World** world_out) {
  static World world = Pile(120, false, 7, 10);
  static std::vector<CorpusPair> corpus;
  if (corpus.empty()) {
    int step = 0;
    for (int stop : {40, 100, 200}) {
      for (; step < stop; ++step) (void)world.Step(0.0025);
      for (BodyId a = 0; a < world.body_count(); ++a) {
        for (BodyId b = a + 1; b < world.body_count(); ++b) {
          if (world.body_def(a).is_static && world.body_def(b).is_static) continue;
          const double reach = BoundingRadius(world.body_def(a).shape) + BoundingRadius(world.body_def(b).shape) + 0.01;
          if ((world.pose(a).p - world.pose(b).p).norm() < reach) corpus.push_back({a, b, world.pose(a), world.pose(b)});
        }
      }
    }
  }
  *world_out = &world;
  return corpus;
}

bool SameContacts(const std::vector<Contact>& x, const std::vector<Contact>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i].body_a != y[i].body_a || x[i].body_b != y[i].body_b || x[i].p_W != y[i].p_W || x[i].n_W != y[i].n_W ||
        x[i].separation != y[i].separation) {
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("GJK's early stop: a lower bound past the stop distance, the exact distance below it", "[gjk]") {
  // Two upright cylinders side by side: the distance between their sides is
  // the distance between the axes minus both radii, 0.012 m.
  const Shape a = CylinderShape{0.02, 0.05}, b = CylinderShape{0.03, 0.04};
  const Quat tilt(Eigen::AngleAxisd(0.3, Vec3::UnitX()));
  const Pose X_WA{Vec3(0.1, -0.2, 0.3), tilt};
  const Pose X_WB{X_WA.p + tilt * Vec3(0.062, 0.0, 0.004), tilt};
  const GjkResult full = GjkDistance(a, X_WA, b, X_WB);
  CHECK_FALSE(full.beyond);
  CHECK(full.core_distance == Approx(0.012).margin(1e-12));
  GjkOptions stop;
  stop.stop_beyond = 0.005;  // a margin well under the gap: proven at once
  const GjkResult early = GjkDistance(a, X_WA, b, X_WB, stop);
  CHECK(early.beyond);
  CHECK(early.core_distance > 0.005);
  CHECK(early.core_distance <= 0.012 + 1e-15);  // a lower bound
  CHECK(early.iterations <= 2);  // within three supports
  stop.stop_beyond = 0.0125;  // above the gap: never proven, the full answer
  const GjkResult beyond_gap = GjkDistance(a, X_WA, b, X_WB, stop);
  CHECK_FALSE(beyond_gap.beyond);
  CHECK(beyond_gap.core_distance == full.core_distance);
}

TEST_CASE("Narrow phase: the separated early stop leaves every contact of the pile corpus bit for bit", "[collision][corpus]") {
  World* world = nullptr;
  const std::vector<CorpusPair>& corpus = PileCorpus(&world);
  REQUIRE(corpus.size() > 1000);
  NarrowPhaseScratch scratch;
  std::vector<Contact> fast, full;
  int with_contacts = 0, differing = 0;
  // The world's margin (0.1 mm) and a wide one (5 mm), which sends more
  // pairs past the early stop into the full search.
  for (double margin : {1e-4, 5e-3}) {
    NarrowPhaseSettings on, off;
    on.margin = off.margin = margin;
    off.separated_early_out = false;
    for (const CorpusPair& p : corpus) {
      const Shape &A = world->body_def(p.a).shape, &B = world->body_def(p.b).shape;
      fast.clear();
      full.clear();
      CollideShapes(p.a, A, p.X_WA, p.b, B, p.X_WB, on, &fast, &scratch);
      CollideShapes(p.a, A, p.X_WA, p.b, B, p.X_WB, off, &full, &scratch);
      with_contacts += !full.empty();
      differing += !SameContacts(fast, full);
    }
  }
  CHECK(with_contacts > 300);  // the corpus holds touching pairs, not only distant ones
  CHECK(differing == 0);
}

TEST_CASE("Narrow phase: a cylinder and a capsule resting on a box, just inside and just beyond the margin", "[collision][corpus]") {
  const Shape table = BoxShape{Vec3(0.1, 0.1, 0.03)};
  const Pose X_WT{Vec3::Zero(), Quat::Identity()};
  const double gap = 5e-5;  // below the world's 0.1 mm margin
  NarrowPhaseSettings on, off;
  off.separated_early_out = false;
  std::vector<Contact> contacts;
  SECTION("cylinder overhanging the +x edge: its cap's 12-gon clipped by the face") {
    const double r = 0.02;
    const Shape can = CylinderShape{r, 0.04};
    const Pose X_WC{Vec3(0.093, 0.0, 0.03 + 0.02 + gap), Quat::Identity()};
    CollideShapes(1, can, X_WC, 0, table, X_WT, on, &contacts);
    REQUIRE(contacts.size() >= 3);
    int on_rim = 0, on_edge = 0;
    for (const Contact& c : contacts) {
      CHECK(c.n_W.isApprox(Vec3::UnitZ(), 1e-12));
      CHECK(c.separation == Approx(gap).margin(1e-9));
      CHECK(c.p_W.x() <= 0.1 + 1e-9);  // on the face
      const double rho = std::hypot(c.p_W.x() - 0.093, c.p_W.y());
      CHECK(rho <= r + 1e-9);          // under the cap
      on_rim += std::abs(rho - r) < 1e-9;
      on_edge += std::abs(c.p_W.x() - 0.1) < 1e-9;
    }
    // The cap's circle (12-gon) meets the edge x = 0.1 at two points, and
    // its rim vertices with x <= 0.1 lie on the circle.
    CHECK(on_edge == 2);
    CHECK(on_rim + on_edge >= static_cast<int>(contacts.size()));
    std::vector<Contact> full;
    CollideShapes(1, can, X_WC, 0, table, X_WT, off, &full);
    CHECK(SameContacts(contacts, full));
    // 0.2 mm higher: beyond the margin, no contact either way.
    const Pose X_up{X_WC.p + Vec3(0, 0, 2e-4), X_WC.q};
    contacts.clear();
    full.clear();
    CHECK(CollideShapes(1, can, X_up, 0, table, X_WT, on, &contacts) == 0);
    CHECK(CollideShapes(1, can, X_up, 0, table, X_WT, off, &full) == 0);
  }
  SECTION("capsule lying along x: its two segment ends") {
    const Shape pill = CapsuleShape{0.01, 0.06};
    const Pose X_WP{Vec3(0.0, 0.02, 0.03 + 0.01 + gap), Quat(Eigen::AngleAxisd(0.5 * 3.14159265358979323846, Vec3::UnitY()))};
    CollideShapes(1, pill, X_WP, 0, table, X_WT, on, &contacts);
    REQUIRE(contacts.size() == 2);
    double xs[2];
    for (int i = 0; i < 2; ++i) {
      CHECK(contacts[i].n_W.isApprox(Vec3::UnitZ(), 1e-12));
      CHECK(contacts[i].separation == Approx(gap).margin(1e-9));
      CHECK(contacts[i].p_W.y() == Approx(0.02).margin(1e-9));
      xs[i] = contacts[i].p_W.x();
    }
    CHECK(std::min(xs[0], xs[1]) == Approx(-0.03).margin(1e-9));
    CHECK(std::max(xs[0], xs[1]) == Approx(0.03).margin(1e-9));
    const Pose X_up{X_WP.p + Vec3(0, 0, 2e-4), X_WP.q};
    contacts.clear();
    CHECK(CollideShapes(1, pill, X_up, 0, table, X_WT, on, &contacts) == 0);
  }
}
