// The bundled grasp scenes with their object moved: the default placement
// and seeded random ones (up to 5 mm sideways and 10 degrees of yaw), each
// run through its actions and one second more. Shared by the Lemke fallback
// test (a short run) and benchmark (100,000 steps), so both count the same
// thing: solver.lcpFailures, the steps on which Lemke's answer was refused
// and Gauss-Seidel answered instead.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/scene/scene_json.h"
#include "tests/core/bundled_scene.h"

namespace grasplab {

inline constexpr const char* kGraspScenes[] = {"three-finger-sphere", "parallel-jaw-cube", "two-finger-cylinder",
                                               "barrett-handset", "barrett-bunny"};

// splitmix64, written out so a seed means the same placement everywhere.
inline double UnitRandom(std::uint64_t* state) {
  std::uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

struct PlacementRun {
  std::int64_t steps = 0;
  std::int64_t lcp_failures = 0;
  std::int64_t nonfinite = 0;
  std::int64_t misses = 0;    // warm-start misses
  std::int64_t repaired = 0;  // of those, solved by Lemke from the last basis
  std::int64_t polished = 0;  // every Lemke attempt failed; Lemke from Gauss-Seidel's support solved it
};

// placement 0: as bundled; k > 0: seeded by (scene, k).
inline PlacementRun RunGraspPlacement(const std::string& name, int placement) {
  Scene s = BundledScene(name);
  if (placement > 0 && s.grasp) {
    std::uint64_t state = 0x5EEDull * 1000003ull + static_cast<std::uint64_t>(placement);
    for (char c : name) state = state * 31 + static_cast<unsigned char>(c);
    const double dx = 0.005 * (2 * UnitRandom(&state) - 1), dy = 0.005 * (2 * UnitRandom(&state) - 1);
    const double yaw = 0.1745329251994330 * (2 * UnitRandom(&state) - 1);
    Pose X = s.world.pose(s.grasp->object);
    X.p += Vec3(dx, dy, 0.0);
    X.q = Quat(Eigen::AngleAxisd(yaw, Vec3::UnitZ())) * X.q;
    if (!s.world.SetBodyPose(s.grasp->object, X).ok()) std::abort();
  }
  double end = 0.0;
  for (const SceneAction& a : s.actions) end = std::max(end, a.at + a.duration);
  PlacementRun run;
  while (s.world.time() < end + 1.0 - 1e-9) {
    if (!StepScene(&s, s.timestep).ok()) std::abort();
    ++run.steps;
  }
  run.lcp_failures = s.world.stats().lcp_failures;
  run.misses = s.world.stats().lcp_islands_total - s.world.stats().lcp_warm_islands_total;
  run.repaired = s.world.stats().lcp_repaired_islands_total;
  run.polished = s.world.stats().lcp_polished_total;
  run.nonfinite = s.world.stats().nonfinite_events;
  return run;
}

}  // namespace grasplab
