// Peer benchmark (not built by the project's two commands): many resting
// bodies, grasplab's Gauss-Seidel contact solver against Bullet 3.24's
// sequential-impulse solver (Debian libbullet-dev, single precision, its
// default 10 iterations), natively, in one run.
//
//   bullet_boxes SECONDS SCENE.json
//
// The scene (assets/scenes/box-stacks.json: 25 stacks of 4 boxes on a
// plane) is loaded by grasplab and translated body by body into Bullet:
// boxes, spheres and the ground plane at the same poses and masses.
// Friction: Bullet multiplies the two bodies' coefficients, grasplab takes
// the geometric mean of the materials' mu_s, so each Bullet body gets
// sqrt(mu_s) of its material and every pair sees grasplab's coefficient.
// Two tables: sleeping off in both (the fair comparison of the solvers), and
// sleeping on in both, each with its own defaults (grasplab: 0.5 s under
// 1 mm/s and 0.02 rad/s; Bullet: 2 s under 0.8 m/s and 1 rad/s) and timed
// after 2.5 s untimed, once both timers have run out. Each engine steps at
// the scene's h; the run checks both end in the same state (every box's
// height, how far any box moved sideways) and prints the time per step, the
// minimum over 3 runs.
#include <btBulletDynamicsCommon.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <variant>
#include <vector>

#include "core/scene/scene.h"
#include "core/scene/scene_json.h"
#include "tests/bench/peers/bullet_body.h"

using namespace grasplab;
using Clock = std::chrono::steady_clock;

namespace {

struct EndState {
  double seconds = 0.0;
  double min_z = 1e30, max_z = -1e30;  // of the dynamic bodies' centres, m
  double max_drift = 0.0;              // largest horizontal displacement, m
  std::vector<double> z;               // per dynamic body
};

struct BulletWorld {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
  BulletBodies owned;  // per grasplab body
  ~BulletWorld() {
    for (auto& b : owned.bodies) world.removeRigidBody(b.get());
  }
};

std::unique_ptr<BulletWorld> Translate(const World& w, bool sleep) {
  auto bw = std::make_unique<BulletWorld>();
  const Vec3 g = w.settings().gravity;
  bw->world.setGravity(btVector3(g.x(), g.y(), g.z()));
  for (BodyId b = 0; b < w.body_count(); ++b) {
    const BodyDef& d = w.body_def(b);
    std::unique_ptr<btCollisionShape> shape;
    if (std::holds_alternative<PlaneShape>(d.shape)) {
      shape = std::make_unique<btStaticPlaneShape>(btVector3(0, 0, 1), 0);
    } else if (const auto* s = std::get_if<BoxShape>(&d.shape)) {
      shape = std::make_unique<btBoxShape>(btVector3(s->half_extents.x(), s->half_extents.y(), s->half_extents.z()));
    } else if (const auto* s = std::get_if<SphereShape>(&d.shape)) {
      shape = std::make_unique<btSphereShape>(s->radius);
    } else {
      std::fprintf(stderr, "bullet_boxes: body '%s': only planes, boxes and spheres are translated\n", d.name.c_str());
      std::exit(1);
    }
    AddBulletBody(w, b, std::move(shape), sleep, &bw->world, &bw->owned);
  }
  return bw;
}

template <typename Position>
void Measure(const World& w, Position position, EndState* s) {
  for (BodyId b = 0; b < w.body_count(); ++b) {
    if (w.body_def(b).is_static) continue;
    const Vec3 p = position(b), p0 = w.body_def(b).X_WB.p;
    s->z.push_back(p.z());
    s->min_z = std::min(s->min_z, p.z()), s->max_z = std::max(s->max_z, p.z());
    s->max_drift = std::max(s->max_drift, std::hypot(p.x() - p0.x(), p.y() - p0.y()));
  }
}

EndState RunGrasplab(const std::string& file, int steps, bool sleep, int warmup) {
  Scene scene = LoadSceneFile(file).value();
  SleepSettings settings = scene.world.settings().sleep;
  settings.enabled = sleep;
  (void)scene.world.SetSleep(settings);
  for (int k = 0; k < warmup; ++k) (void)StepScene(&scene, scene.timestep);
  EndState s;
  const auto t0 = Clock::now();
  for (int k = 0; k < steps; ++k) (void)StepScene(&scene, scene.timestep);
  s.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  Measure(scene.world, [&](BodyId b) { return scene.world.pose(b).p; }, &s);
  return s;
}

EndState RunBullet(const std::string& file, int steps, bool sleep, int warmup) {
  Scene scene = LoadSceneFile(file).value();
  auto bw = Translate(scene.world, sleep);
  EndState s;
  const double h = scene.timestep;
  for (int k = 0; k < warmup; ++k) bw->world.stepSimulation(h, 1, h);
  const auto t0 = Clock::now();
  for (int k = 0; k < steps; ++k) bw->world.stepSimulation(h, 1, h);
  s.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  Measure(scene.world, [&](BodyId b) {
    const btVector3& p = bw->owned.bodies[b]->getCenterOfMassPosition();
    return Vec3(p.x(), p.y(), p.z());
  }, &s);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: bullet_boxes SECONDS SCENE.json\n");
    return 2;
  }
  const std::string file = argv[2];
  const Scene scene = LoadSceneFile(file).value();
  const int steps = static_cast<int>(std::lround(std::atof(argv[1]) / scene.timestep));
  for (bool sleep : {false, true}) {
    const int warmup = sleep ? static_cast<int>(std::lround(2.5 / scene.timestep)) : 0;
    EndState ours = RunGrasplab(file, steps, sleep, warmup), theirs = RunBullet(file, steps, sleep, warmup);
    for (int r = 1; r < 3; ++r) {
      ours.seconds = std::min(ours.seconds, RunGrasplab(file, steps, sleep, warmup).seconds);
      theirs.seconds = std::min(theirs.seconds, RunBullet(file, steps, sleep, warmup).seconds);
    }
    double dz = 0.0;
    for (std::size_t i = 0; i < ours.z.size(); ++i) dz = std::max(dz, std::abs(ours.z[i] - theirs.z[i]));
    if (sleep) std::printf("\nSleeping on in both (each engine's defaults), timed after %d untimed steps:\n\n", warmup);
    std::printf("| engine (%s, %d steps of %g ms, sleeping %s) | us/step | box centres, z range (m) | largest sideways drift (mm) |\n",
                scene.name.c_str(), steps, 1e3 * scene.timestep, sleep ? "on" : "off");
    std::printf("|---|---:|---|---:|\n");
    std::printf("| grasplab native, Gauss-Seidel | %.1f | %.5f-%.5f | %.3f |\n", 1e6 * ours.seconds / steps, ours.min_z,
                ours.max_z, 1e3 * ours.max_drift);
    std::printf("| Bullet %d native, sequential impulse | %.1f | %.5f-%.5f | %.3f |\n", btGetVersion(),
                1e6 * theirs.seconds / steps, theirs.min_z, theirs.max_z, 1e3 * theirs.max_drift);
    std::printf("\n(largest height difference between the two, any box: %.2f mm; grasplab / Bullet: %.2fx)\n", 1e3 * dz,
                ours.seconds / theirs.seconds);
  }
  return 0;
}
