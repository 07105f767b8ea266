// Dynamics benchmark (not a test): time per step by stage, LCP size and
// Lemke pivots, for the scenes of the dynamics issue. Results go to
// docs/benchmarks.md with the machine and commit.
//
//   build/native/grasplab_bench_dynamics
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/geometry/convex_hull.h"
#include "core/math/det_math.h"
#include "core/scene/builtin_scenes.h"
#include "core/world.h"

using namespace grasplab;

namespace {

constexpr double kH = 0.0025;

void Report(const char* name, World& world, int warmup, int steps) {
  for (int k = 0; k < warmup; ++k) (void)world.Step(kH);
  double stage[static_cast<int>(Stage::kCount)] = {};
  double lcp = 0, pivots = 0, contacts = 0;
  int max_lcp = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < steps; ++k) {
    (void)world.Step(kH);
    const StepStats& s = world.stats();
    for (int i = 0; i < static_cast<int>(Stage::kCount); ++i) stage[i] += s.stage_seconds[i];
    lcp += s.lcp_size;
    pivots += s.lemke_pivots;
    contacts += s.contact_count;
    max_lcp = std::max(max_lcp, s.lcp_max_size);
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto us = [&](Stage st) { return 1e6 * stage[static_cast<int>(st)] / steps; };
  std::printf("| %-24s | %8.1f | %7.1f | %7.1f | %6.1f | %7.1f | %6.1f | %6.1f | %5d | %7.1f | %5lld |\n", name,
              1e6 * total / steps, us(Stage::kIntegratePositions), us(Stage::kBroadPhase) + us(Stage::kNarrowPhase),
              us(Stage::kExternalImpulses), us(Stage::kSolveVelocities), contacts / steps, lcp / steps, max_lcp,
              pivots / steps, static_cast<long long>(world.stats().lcp_failures));
}

BodyDef Box(const std::string& name, const Vec3& half, double mass, const Vec3& p) {
  BodyDef b;
  b.name = name;
  b.shape = BoxShape{half};
  b.mass = mass;
  b.X_WB.p = p;
  return b;
}

World Stacks() {
  World world;
  BodyDef g;
  g.name = "ground";
  g.shape = PlaneShape{};
  g.is_static = true;
  (void)world.AddBody(g);
  for (int c = 0; c < 4; ++c) {
    for (int i = 0; i < 5; ++i) {
      (void)world.AddBody(Box("box", Vec3::Constant(0.05), 1.0, Vec3(0.3 * c, 0, 0.05 + 5e-5 + i * (0.1 + 5e-5))));
    }
  }
  return world;
}

// A 6-joint arm (revolute about z, y, y, x, y, x), its joints held by
// Coulomb friction, carrying a palm (fixed joint) whose three motor-driven
// fingers squeeze a ball.
World ArmWithHand() {
  World world;
  BodyDef base;
  base.name = "base";
  base.shape = CylinderShape{0.08, 0.1};
  base.is_static = true;
  base.X_WB.p = Vec3(0, 0, 0.05);
  BodyId parent = world.AddBody(base).value();
  const Vec3 axes[6] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitY(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitX()};
  double z = 0.1;
  for (int i = 0; i < 6; ++i) {
    const double len = i < 3 ? 0.2 : 0.06;
    const BodyId link = world.AddBody(Box("link" + std::to_string(i), Vec3(0.03, 0.03, 0.5 * len), 1.5 - 0.2 * i,
                                          Vec3(0, 0, z + 0.5 * len))).value();
    JointDef j;
    j.name = "j" + std::to_string(i);
    j.parent = parent;
    j.child = link;
    j.anchor_W = Vec3(0, 0, z);
    j.axis_W = axes[i];
    j.coulomb_friction = 60.0;
    (void)world.AddJoint(j);
    parent = link;
    z += len;
  }
  // The hand, pointing down is not needed: palm on top, fingers up.
  BodyDef palm;
  palm.name = "palm";
  palm.shape = CylinderShape{0.07, 0.02};
  palm.mass = 0.5;
  palm.X_WB.p = Vec3(0, 0, z + 0.01);
  const BodyId palm_id = world.AddBody(palm).value();
  JointDef weld;
  weld.type = JointType::kFixed;
  weld.parent = parent;
  weld.child = palm_id;
  weld.anchor_W = Vec3(0, 0, z);
  (void)world.AddJoint(weld);
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{0.03};
  ball.mass = 0.2;
  ball.X_WB.p = Vec3(0, 0, z + 0.1);
  (void)world.AddBody(ball);
  const double c[3] = {1.0, -0.5, -0.5}, sn[3] = {0.0, 0.8660254037844386, -0.8660254037844386};
  for (int i = 0; i < 3; ++i) {
    const Vec3 radial(c[i], sn[i], 0.0);
    BodyDef f = Box("finger" + std::to_string(i), Vec3(0.006, 0.01, 0.05), 0.05, 0.042 * radial + Vec3(0, 0, z + 0.07));
    f.X_WB.q = Quat::FromTwoVectors(Vec3::UnitX(), radial);
    const BodyId fid = world.AddBody(f).value();
    JointDef j;
    j.name = "finger" + std::to_string(i);
    j.parent = palm_id;
    j.child = fid;
    j.anchor_W = 0.042 * radial + Vec3(0, 0, z + 0.02);
    j.axis_W = radial.cross(Vec3::UnitZ());
    (void)world.SetJointEffort(world.AddJoint(j).value(), 0.3);
  }
  return world;
}

// The finger-squeeze hand closing on a hexagonal prism standing on the
// palm, its faces towards the fingers: line and face contacts with the
// fingers and a hexagonal footprint on the palm (10-20 contacts).
World HandOnPrism() {
  World world;
  BodyDef palm;
  palm.name = "palm";
  palm.shape = CylinderShape{0.07, 0.02};
  palm.is_static = true;
  const BodyId palm_id = world.AddBody(palm).value();
  const double h3 = std::sqrt(3.0) / 2.0;
  const double apothem = 0.0355, R = apothem / h3;
  const double vx[6] = {h3, 0.0, -h3, -h3, 0.0, h3}, vy[6] = {0.5, 1.0, 0.5, -0.5, -1.0, -0.5};
  std::vector<Vec3> pts;
  for (int k = 0; k < 6; ++k) {
    pts.push_back(Vec3(R * vx[k], R * vy[k], -0.04));
    pts.push_back(Vec3(R * vx[k], R * vy[k], 0.04));
  }
  BodyDef prism;
  prism.name = "prism";
  prism.shape = ConvexShape{BuildConvexHull(pts, "prism").value()};
  prism.mass = 0.2;
  prism.X_WB.p = Vec3(0, 0, 0.05 + 5e-5);
  (void)world.AddBody(prism);
  const double c[3] = {1.0, -0.5, -0.5}, sn[3] = {0.0, h3, -h3};
  for (int i = 0; i < 3; ++i) {
    const Vec3 radial(c[i], sn[i], 0.0);
    BodyDef f = Box("finger" + std::to_string(i), Vec3(0.006, 0.01, 0.05), 0.05, 0.042 * radial + Vec3(0, 0, 0.06));
    f.X_WB.q = Quat::FromTwoVectors(Vec3::UnitX(), radial);
    const BodyId fid = world.AddBody(f).value();
    JointDef j;
    j.parent = palm_id;
    j.child = fid;
    j.anchor_W = 0.042 * radial + Vec3(0, 0, 0.01);
    j.axis_W = radial.cross(Vec3::UnitZ());
    (void)world.SetJointEffort(world.AddJoint(j).value(), 0.3);
  }
  return world;
}

}  // namespace

int main() {
  std::printf("| scene                    | step (us) | integrate | collide | extern | solve  | contacts | LCP n  | max n | pivots  | fails |\n");
  std::printf("|--------------------------|----------:|----------:|--------:|-------:|-------:|---------:|-------:|------:|--------:|------:|\n");
  Scene squeeze = MakeBuiltinScene("finger-squeeze").value();
  Report("3-finger squeeze (ball)", squeeze.world, 400, 2000);
  World prism = HandOnPrism();
  Report("3-finger hand on a prism", prism, 400, 2000);
  World stacks = Stacks();
  Report("20 boxes (4 stacks of 5)", stacks, 200, 400);
  World arm = ArmWithHand();
  Report("6-joint arm + hand", arm, 400, 2000);
  return 0;
}
