// Peer benchmark (not built by the project's two commands): issue 19's
// 1,000-body pile (tests/bench/pile_scene.h: boxes, spheres, cylinders,
// capsules and 14-point hulls falling into a bin) in Bullet 3.24 (Debian
// libbullet-dev, single precision, sequential impulses), the reference for
// "1,000 mixed bodies settle and run at real time": what a peer pays for the
// same pile at the same step, and at 60 Hz.
//
//   bullet_pile N SECONDS H_MS ITERATIONS [sleep on|off]
//
// The pile is built by grasplab (Pile(n, sleep, seed 1)) and translated
// body by body: the bin's static boxes, btBoxShape, btSphereShape,
// btCylinderShapeZ, btCapsuleShapeZ (grasplab's cylinders and capsules lie
// along z) and btConvexHullShape of the hull's vertices, with a 1 mm margin
// on boxes, cylinders and hulls (Bullet's default 4 cm is larger than these
// 1-3.6 cm bodies: a box's margin would swallow it, a hull's round it into
// a ball), at
// the same poses and masses (bullet_body.h: sqrt(mu_s), restitution 0).
// Bullet's own defaults otherwise:
// split impulse off, its ERP 0.2, sleeping after 2 s under 0.8 m/s and 1
// rad/s. Prints, per window of simulated time, the CPU time per step, the
// contact points in Bullet's manifolds, awake bodies, the fastest body and
// how many bodies left the bin (a body under the floor or outside the walls
// has tunnelled).
#include <btBulletDynamicsCommon.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/geometry/convex_hull.h"
#include "tests/bench/peers/bullet_body.h"
#include "tests/bench/cpu_seconds.h"
#include "tests/bench/pile_scene.h"

using namespace grasplab;

namespace {

struct BulletPile {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  // Sweep and prune over the bin's space, not btDbvtBroadphase: that one
  // fattens every box by 5 cm (DBVT_BP_MARGIN, a compile-time constant
  // sized for bodies of a metre), which made 43,000 pairs of the 1,000
  // bodies on the lattice, none touching, and ran GJK on each.
  btAxisSweep3 broadphase{btVector3(-2, -2, -1), btVector3(2, 2, 2)};
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &config};
  BulletBodies owned;
  std::vector<bool> dynamic;
  ~BulletPile() {
    for (auto& b : owned.bodies) world.removeRigidBody(b.get());
  }
};

std::unique_ptr<BulletPile> Translate(const World& w, bool sleep, int iterations) {
  auto bp = std::make_unique<BulletPile>();
  const Vec3 g = w.settings().gravity;
  bp->world.setGravity(btVector3(g.x(), g.y(), g.z()));
  bp->world.getSolverInfo().m_numIterations = iterations;
  for (BodyId b = 0; b < w.body_count(); ++b) {
    const BodyDef& d = w.body_def(b);
    std::unique_ptr<btCollisionShape> shape;
    if (const auto* s = std::get_if<BoxShape>(&d.shape)) {
      shape = std::make_unique<btBoxShape>(btVector3(s->half_extents.x(), s->half_extents.y(), s->half_extents.z()));
    } else if (const auto* s = std::get_if<SphereShape>(&d.shape)) {
      shape = std::make_unique<btSphereShape>(s->radius);
    } else if (const auto* s = std::get_if<CylinderShape>(&d.shape)) {
      shape = std::make_unique<btCylinderShapeZ>(btVector3(s->radius, s->radius, s->length / 2));
    } else if (const auto* s = std::get_if<CapsuleShape>(&d.shape)) {
      shape = std::make_unique<btCapsuleShapeZ>(s->radius, s->length);
    } else if (const auto* s = std::get_if<ConvexShape>(&d.shape)) {
      auto hull = std::make_unique<btConvexHullShape>();
      for (const Vec3& v : s->hull->vertices) hull->addPoint(btVector3(v.x(), v.y(), v.z()), false);
      hull->setMargin(0.001);
      hull->recalcLocalAabb();  // after the margin: the cached box includes it
      shape = std::move(hull);
    } else {
      std::fprintf(stderr, "bullet_pile: body '%s': shape not translated\n", d.name.c_str());
      std::exit(1);
    }
    // A 1 mm margin on the polyhedral shapes (boxes and cylinders keep it
    // inside their extents, hulls add it outside); spheres and capsules
    // are their margin.
    if (!std::holds_alternative<SphereShape>(d.shape) && !std::holds_alternative<CapsuleShape>(d.shape)) {
      shape->setMargin(0.001);
    }
    AddBulletBody(w, b, std::move(shape), sleep, &bp->world, &bp->owned);
    bp->dynamic.push_back(!d.is_static);
  }
  return bp;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: bullet_pile N SECONDS H_MS ITERATIONS [sleep on|off]\n");
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const double seconds = std::atof(argv[2]), h = 1e-3 * std::atof(argv[3]);
  const int iterations = std::atoi(argv[4]);
  const bool sleep = argc < 7 || std::string(argv[6]) != "off";
  const World pile = Pile(n, sleep, 1, 200);
  // The bin's inside (pile_scene.h: the walls' inner faces, the floor at z = 0).
  double x_in = 0.0, y_in = 0.0;
  for (BodyId b = 0; b < pile.body_count(); ++b) {
    if (pile.body_def(b).name != "bin_wall") continue;
    const auto& half = std::get<BoxShape>(pile.body_def(b).shape).half_extents;
    const Vec3& p = pile.pose(b).p;
    if (p.x() != 0.0) x_in = std::max(x_in, std::abs(p.x()) - half.x());
    if (p.y() != 0.0) y_in = std::max(y_in, std::abs(p.y()) - half.y());
  }
  // Bullet's contact breaking threshold (2 cm by default, added to every
  // body's box and kept as the manifolds' reach) at 2 mm: at 2 cm each body
  // of this pile reached its lattice neighbours 8 cm away.
  gContactBreakingThreshold = 0.002f;
  auto bp = Translate(pile, sleep, iterations);
  std::printf("## Bullet %d: %d mixed bodies into a bin (pile_scene.h, seed 1), h = %g ms, %d iterations, sleeping %s\n\n",
              btGetVersion(), n, 1e3 * h, iterations, sleep ? "on" : "off");
  std::printf("| window (s) | CPU us/step | sim s / CPU s | contact points | awake bodies | fastest (m/s) | centres z (m) | out of the bin |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---|---:|\n");
  const int total = static_cast<int>(std::lround(seconds / h));
  const int second = static_cast<int>(std::lround(1.0 / h));
  double all_cpu = 0.0;
  for (int k0 = 0; k0 < total;) {
    const int k1 = std::min(total, k0 < 2 * second ? k0 + second : k0 + 2 * second);
    double contacts = 0.0;
    double cpu = 0.0;
    for (int k = k0; k < k1; ++k) {
      const double c0 = ProcessCpuSeconds();
      bp->world.stepSimulation(static_cast<btScalar>(h), 1, static_cast<btScalar>(h));
      cpu += ProcessCpuSeconds() - c0;
      const int manifolds = bp->dispatcher.getNumManifolds();
      for (int m = 0; m < manifolds; ++m) contacts += bp->dispatcher.getManifoldByIndexInternal(m)->getNumContacts();
    }
    all_cpu += cpu;
    int awake = 0, out = 0;
    double vmax = 0.0, zmin = 1e30, zmax = -1e30;
    for (std::size_t i = 0; i < bp->owned.bodies.size(); ++i) {
      if (!bp->dynamic[i]) continue;
      const btRigidBody& b = *bp->owned.bodies[i];
      awake += b.isActive() ? 1 : 0;
      const btVector3& p = b.getCenterOfMassPosition();
      vmax = std::max(vmax, static_cast<double>(b.getLinearVelocity().length()));
      zmin = std::min(zmin, static_cast<double>(p.z()));
      zmax = std::max(zmax, static_cast<double>(p.z()));
      if (p.z() < 0.0 || std::abs(p.x()) > x_in || std::abs(p.y()) > y_in) ++out;
    }
    const int steps = k1 - k0;
    std::printf("| %.1f-%.1f | %.0f | %.2f | %.0f | %d | %.2g | %.3f-%.3f | %d |\n", k0 * h, k1 * h, 1e6 * cpu / steps,
                steps * h / cpu, contacts / steps, awake, vmax, zmin, zmax, out);
    std::fflush(stdout);
    k0 = k1;
  }
  std::printf("| 0-%.1f | %.0f | %.2f | | | | | |\n", seconds, 1e6 * all_cpu / total, seconds / all_cpu);
  return 0;
}
