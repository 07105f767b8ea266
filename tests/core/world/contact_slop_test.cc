// The contact slop (WorldSettings::contact_slop; solvers/contact_target.h,
// world/friction_anchors.h): position errors within the slop are left
// alone. What it keeps (eq. 19 exactly at 0; a resting body within the
// slop of its resting gap, a sticking block within the slop of where it
// stuck; the stacks bar), and what it is for: on a settled pile every
// target is then 0, so Gauss-Seidel reaches its tolerance in a few sweeps.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/scene/scene_json.h"
#include "core/solvers/contact_target.h"
#include "core/world/world.h"
#include "tests/bench/pile_scene.h"
#include "tests/core/unit_cube.h"

using namespace grasplab;

namespace {

constexpr double kG = 9.81, kH = 0.0025;
constexpr double kThreshold = 1e-4;  // m, the default contact threshold
constexpr double kSlop = 1e-5;       // m
constexpr double kHalf = kUnitCubeHalf;  // 10 cm cubes, 1 kg (unit_cube.h)

// A ground plane and n cubes stacked `gap` apart (body 0 the ground).
World Stack(const WorldSettings& s, int n, double gap) {
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  for (int i = 0; i < n; ++i) REQUIRE(world.AddBody(UnitCube(Vec3(0, 0, kHalf + gap + i * (2 * kHalf + gap)))).ok());
  return world;
}

WorldSettings Gs(double slop) {
  WorldSettings s;
  s.contact_solver = ContactSolver::kPgs;
  s.contact_slop = slop;
  return s;
}

}  // namespace

TEST_CASE("Contact slop: the target is eq. 19 outside the slop, 0 inside it, and eq. 19 bit for bit at 0", "[slop]") {
  const double gamma = 0.2, rest = 0.5 * kThreshold;
  // May approach to the resting gap, as without slop.
  CHECK(ContactTargetVelocity(rest + 3e-6, kH, kThreshold, gamma, kSlop) == Approx(-3e-6 / kH).epsilon(1e-9));
  // Within the slop below it: left alone.
  CHECK(ContactTargetVelocity(rest - 4e-6, kH, kThreshold, gamma, kSlop) == 0.0);
  CHECK(ContactTargetVelocity(rest - kSlop, kH, kThreshold, gamma, kSlop) == 0.0);
  // Beyond: gamma times the excess per step.
  CHECK(ContactTargetVelocity(rest - 3e-5, kH, kThreshold, gamma, kSlop) == Approx(gamma * 2e-5 / kH).epsilon(1e-12));
  // Slop 0: the same bits as eq. 19 without the argument.
  for (double d : {-1e-3, -1e-5, 0.0, 2e-5, 5e-5, 1e-4}) {
    CHECK(ContactTargetVelocity(d, kH, kThreshold, gamma, 0.0) == ContactTargetVelocity(d, kH, kThreshold, gamma));
  }
}

TEST_CASE("Contact slop: a dropped cube comes to rest within the slop of its resting gap and stays in that band", "[slop]") {
  // Inside the band nothing pushes the cube back up, so the solvers'
  // regularisation lets it sink at tens of nm/s (eps D f a step, as a
  // sticking contact slips: friction_anchors.h) until the band's lower
  // edge, where eq. 19 holds it: never deeper than the slop.
  for (ContactSolver solver : {ContactSolver::kPgs, ContactSolver::kLcp}) {
    INFO("solver " << static_cast<int>(solver));
    WorldSettings s = Gs(kSlop);
    s.contact_solver = solver;
    World world = Stack(s, 1, 0.01);  // dropped from 1 cm: lands at 0.44 m/s
    for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s
    const double gap = world.pose(1).p.z() - kHalf;
    INFO("gap " << gap << " m");
    CHECK(gap >= 0.5 * kThreshold - kSlop - 1e-7);
    CHECK(gap <= 0.5 * kThreshold + 1e-7);
    double lowest = gap, highest = gap;
    for (int k = 0; k < 4000; ++k) {  // 10 s more
      REQUIRE(world.Step(kH).ok());
      const double g = world.pose(1).p.z() - kHalf;
      lowest = std::min(lowest, g), highest = std::max(highest, g);
    }
    INFO("gap over 10 s: " << lowest << " to " << highest << " m");
    CHECK(lowest >= 0.5 * kThreshold - kSlop - 1e-7);
    CHECK(highest <= 0.5 * kThreshold + 1e-7);
    CHECK(world.linear_velocity(1).norm() < 1e-7);
  }
}

TEST_CASE("Contact slop: a block below its friction angle stays within the slop of where it stuck", "[slop][anchors]") {
  // mu_s = 0.5 (default material), tan(theta) = 0.4: Coulomb says it does
  // not move. The anchors return any drift past the slop.
  const double theta = std::atan(0.4);
  WorldSettings s;
  s.contact_slop = kSlop;
  s.gravity = Vec3(kG * std::sin(theta), 0.0, -kG * std::cos(theta));
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  const BodyId block = world.AddBody(UnitCube(Vec3(0, 0, kHalf + 5e-5))).value();
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // settled
  const double x1 = world.pose(block).p.x();
  double farthest = 0.0;
  for (int k = 0; k < 4000; ++k) {  // 10 s
    REQUIRE(world.Step(kH).ok());
    farthest = std::max(farthest, std::abs(world.pose(block).p.x() - x1));
  }
  INFO("farthest from where it settled: " << farthest << " m");
  CHECK(farthest <= kSlop);
  CHECK(std::abs(world.pose(block).p.x()) <= kSlop + 1e-6);  // where it was put, to the slop and the landing
}

TEST_CASE("Contact slop: the stacks bar holds (5 boxes rest 10 s within 1 mm)", "[slop][stack]") {
  World world = Stack(Gs(kSlop), 5, 4e-5);  // placed 40 um apart: inside the band
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(kH).ok());  // 1 s
  std::vector<Vec3> start;
  for (BodyId b = 1; b <= 5; ++b) start.push_back(world.pose(b).p);
  for (int k = 0; k < 4000; ++k) REQUIRE(world.Step(kH).ok());  // 10 s
  for (BodyId b = 1; b <= 5; ++b) {
    INFO("box " << b);
    CHECK((world.pose(b).p - start[b - 1]).norm() < 1e-3);
  }
}

TEST_CASE("Contact slop: on a settled pile Gauss-Seidel reaches its tolerance in a tenth of the sweeps", "[slop][pile]") {
  // 60 mixed bodies dropped into a bin (tests/bench/pile_scene.h, seed 4),
  // settled by 3 s (every body under 0.1 mm/s). Without the slop the rows'
  // targets (penetrations below the resting gap, anchors' drifts, per
  // contact) ask for relative motions no rigid motion of the bodies meets,
  // and the sweeps stop at 45.8 a step; with it every target of a body at
  // rest is 0 and they stop at 4.7 (3.9 against 69.6 before speculative
  // points, collision/speculative_points.h, moved the pile's trajectory).
  // The pile's settling is chaotic: over seeds 1-8 the slop cut the sweeps
  // 2.3-27x on 7 piles, and on seed 8 a body still moved at 2.4 cm/s at
  // 3.5 s with the slop (72 sweeps against 27).
  auto run = [](double slop, double* sweeps, double* fastest) {
    PileContact contact;
    contact.slop = slop;
    World world = Pile(60, /*sleep=*/false, 4, 200, 1e-7, contact);
    long total = 0;
    for (int k = 1; k <= 1400; ++k) {  // 3.5 s
      REQUIRE(world.Step(kH).ok());
      if (k > 1200) total += world.stats().pgs_sweeps;  // [3 s, 3.5 s)
    }
    *sweeps = total / 200.0;
    *fastest = 0.0;
    for (BodyId b = 0; b < world.body_count(); ++b) *fastest = std::max(*fastest, world.linear_velocity(b).norm());
  };
  double with = 0, fast_with = 0, without = 0, fast_without = 0;
  run(kSlop, &with, &fast_with);
  run(0.0, &without, &fast_without);
  INFO("sweeps per step over [3 s, 3.5 s): slop " << with << ", none " << without << "; fastest body " << fast_with
                                                   << ", " << fast_without << " m/s");
  CHECK(fast_with < 1e-4);
  CHECK(fast_without < 1e-4);
  CHECK(with <= 10.0);
  CHECK(without >= 4.0 * with);
}

TEST_CASE("Contact slop: contact.slop is parsed, described and checked under its JSON path", "[slop][scene]") {
  const std::string body =
      R"("format": "grasplab-scene", "version": 1, "bodies": [{"name": "floor", "static": true, "shape": {"type": "plane"}}])";
  auto scene = LoadSceneJson(R"({"contact": {"slop": 1e-5}, )" + body + "}");
  REQUIRE(scene.ok());
  CHECK(scene.value().world.settings().contact_slop == 1e-5);
  for (const char* bad : {"-1e-6", "6e-5"}) {  // below 0, above threshold / 2
    INFO("slop " << bad);
    auto refused = LoadSceneJson(std::string(R"({"contact": {"slop": )") + bad + "}, " + body + "}");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.status().message().find("contact.slop") == 0);
  }
  // A larger threshold allows a larger slop.
  auto wide = LoadSceneJson(R"({"contact": {"threshold": 2e-4, "slop": 6e-5}, )" + body + "}");
  CHECK(wide.ok());
  CHECK(WorldSettings{}.contact_slop == 0.0);
}
