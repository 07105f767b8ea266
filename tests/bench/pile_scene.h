// The many-body pile of issue 19 as a scene builder shared by the dynamics
// benchmark (tests/bench/dynamics_bench.cc --pile), the narrow phase's pair
// corpus (--pile-pairs), the tests that replay the pile's pairs
// (tests/core/collision/pair_cache_test.cc), and the scene file
// assets/benchmarks/pile-1000.json (--write-pile-scene; its test checks it
// against Pile).
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "core/geometry/convex_hull.h"
#include "core/world/world.h"

namespace grasplab {

// The many-body target of issue 19: n mixed bodies (boxes, spheres,
// cylinders, capsules, 14-point convex hulls; 2-3.6 cm half sizes, 0.05-0.15
// kg) on a 10-layer lattice of 8 cm cells (random orientations, none in
// contact) above an open bin of static boxes whose floor holds 10 x 10 cells
// per 1,000 bodies; Gauss-Seidel (the scene default 1e-7, at most 200
// sweeps), friction 0.6, h = 2.5 ms. They fall up to 0.8 m, pile up and come
// to rest. Timed per stage over [0, 1 s) (falling and piling), [1 s, 2 s) and
// [2 s, seconds), sleeping off and on, in one run.
//
// Torsional friction and rolling resistance (WorldSettings'
// torsional_friction_radius, m, and rolling_resistance, m) are off by
// default, as in the other bench scenes; with them a settled pile stops its
// last spinning and rolling bodies and can fall asleep (dynamics_bench
// --pile N --torsion R --rolling MU). A contact slop (WorldSettings::
// contact_slop, m; --slop S) lets Gauss-Seidel reach its tolerance on the
// settled pile instead of stopping at its sweep cap.
struct PileContact {
  double torsional_radius = 0.0;
  double rolling_resistance = 0.0;
  double slop = 0.0;
  double hertz = 0.0;           // soft contacts (WorldSettings::contact_hertz; --hertz F)
  double damping_ratio = 10.0;  // --zeta Z
  int substeps = 1;             // WorldSettings::substeps; --substeps N
};

inline World Pile(int n, bool sleep, std::uint32_t seed, int sweeps, double tolerance = 1e-7, PileContact contact = {}) {
  WorldSettings settings;
  settings.torsional_friction_radius = contact.torsional_radius;
  settings.rolling_resistance = contact.rolling_resistance;
  settings.contact_slop = contact.slop;
  settings.contact_hertz = contact.hertz;
  settings.contact_damping_ratio = contact.damping_ratio;
  settings.substeps = contact.substeps;
  settings.contact_solver = ContactSolver::kPgs;
  settings.pgs_iterations = sweeps;
  settings.pgs_tolerance = tolerance;
  settings.sleep.enabled = sleep;
  World world(settings);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), u01(0.0, 1.0);
  auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * u01(rng); };
  const int layers = 10;
  const int per_layer = (n + layers - 1) / layers;
  const int nx = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(per_layer))));
  const int ny = (per_layer + nx - 1) / nx;
  const double cell = 0.08, wall = 0.05, height = 0.5;
  const double lx = nx * cell, ly = ny * cell;
  auto add_static = [&](const char* name, const Vec3& half, const Vec3& p) {
    BodyDef b;
    b.name = name;
    b.is_static = true;
    b.shape = BoxShape{half};
    b.X_WB.p = p;
    (void)world.AddBody(b);
  };
  add_static("bin_floor", Vec3(lx / 2 + wall, ly / 2 + wall, 0.025), Vec3(0, 0, -0.025));
  add_static("bin_wall", Vec3(wall / 2, ly / 2 + wall, height / 2), Vec3(-(lx + wall) / 2, 0, height / 2));
  add_static("bin_wall", Vec3(wall / 2, ly / 2 + wall, height / 2), Vec3((lx + wall) / 2, 0, height / 2));
  add_static("bin_wall", Vec3(lx / 2, wall / 2, height / 2), Vec3(0, -(ly + wall) / 2, height / 2));
  add_static("bin_wall", Vec3(lx / 2, wall / 2, height / 2), Vec3(0, (ly + wall) / 2, height / 2));
  // A few hull shapes shared by many bodies, as a scene's repeated objects.
  std::vector<std::shared_ptr<const ConvexHull>> hulls;
  for (int h = 0; h < 8; ++h) {
    const Vec3 axes(uniform(0.018, 0.03), uniform(0.016, 0.026), uniform(0.012, 0.022));
    std::vector<Vec3> pts;
    while (pts.size() < 14) {
      const Vec3 d(unit(rng), unit(rng), unit(rng));
      if (d.norm() > 1.0 || d.norm() < 0.2) continue;
      pts.push_back(d.normalized().cwiseProduct(axes));
    }
    hulls.push_back(BuildConvexHull(pts, "pile").value());
  }
  for (int i = 0; i < n; ++i) {
    const int layer = i / per_layer, k = i % per_layer;
    BodyDef b;
    b.name = "object";
    b.mass = uniform(0.05, 0.15);
    switch (i % 5) {
      case 0: b.shape = BoxShape{Vec3(uniform(0.015, 0.025), uniform(0.0125, 0.02), uniform(0.01, 0.015))}; break;
      case 1: b.shape = SphereShape{uniform(0.018, 0.026)}; break;
      case 2: b.shape = CylinderShape{uniform(0.015, 0.022), uniform(0.03, 0.05)}; break;
      case 3: b.shape = CapsuleShape{uniform(0.012, 0.018), uniform(0.02, 0.035)}; break;
      default: b.shape = ConvexShape{hulls[i % hulls.size()]}; break;
    }
    b.X_WB.p = Vec3(-lx / 2 + cell * (k % nx + 0.5) + 0.002 * unit(rng), -ly / 2 + cell * (k / nx + 0.5) + 0.002 * unit(rng),
                    0.045 + cell * layer);
    b.X_WB.q = Quat(1.0, unit(rng), unit(rng), unit(rng)).normalized();
    (void)world.AddBody(b);
  }
  return world;
}

}  // namespace grasplab
