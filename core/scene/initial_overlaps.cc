#include "core/scene/initial_overlaps.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>


namespace grasplab {

std::vector<InitialOverlap> FindInitialOverlaps(const World& world, double tolerance) {
  std::vector<InitialOverlap> out;
  for (const Contact& c : world.ProbeContacts()) {
    const double depth = -c.separation;
    if (!(depth > tolerance)) continue;
    const BodyId a = std::min(c.body_a, c.body_b), b = std::max(c.body_a, c.body_b);
    auto it = std::find_if(out.begin(), out.end(), [&](const InitialOverlap& o) { return o.a == a && o.b == b; });
    const Vec3 n = c.body_a == a ? c.n_W : Vec3(-c.n_W);  // from b to a
    if (it == out.end()) {
      out.push_back({a, b, depth, c.p_W, n});
    } else if (depth > it->depth) {
      it->depth = depth;
      it->p_W = c.p_W;
      it->n_W = n;
    }
  }
  std::sort(out.begin(), out.end(), [](const InitialOverlap& x, const InitialOverlap& y) {
    return x.a != y.a ? x.a < y.a : x.b < y.b;
  });
  return out;
}

std::string DescribeOverlap(const World& world, const InitialOverlap& o) {
  char text[96];
  std::snprintf(text, sizeof text, "%.2f mm inside each other (at [%.4g, %.4g, %.4g] m)", o.depth * 1000.0, o.p_W.x(),
                o.p_W.y(), o.p_W.z());
  return "bodies \"" + world.body_def(o.a).name + "\" and \"" + world.body_def(o.b).name + "\" start " + text;
}

StatusOr<int> ResolveInitialOverlaps(World* world) {
  const double threshold = world->settings().contact_threshold;
  std::vector<std::uint8_t> jointed(world->body_count(), 0);
  for (JointId j = 0; j < world->joint_count(); ++j) {
    const JointDef& d = world->joint_def(j);
    if (d.parent >= 0) jointed[d.parent] = 1;
    if (d.child >= 0) jointed[d.child] = 1;
  }
  auto free_mass = [&](BodyId i) { return world->body_def(i).is_static || jointed[i] ? 0.0 : world->body_def(i).mass; };
  std::vector<std::uint8_t> moved(world->body_count(), 0);
  for (int pass = 0; pass < 50; ++pass) {
    std::vector<InitialOverlap> overlaps = FindInitialOverlaps(*world, threshold);
    if (overlaps.empty()) {
      int count = 0;
      for (std::uint8_t m : moved) count += m;
      return count;
    }
    std::stable_sort(overlaps.begin(), overlaps.end(),
                     [](const InitialOverlap& x, const InitialOverlap& y) { return x.depth > y.depth; });
    for (const InitialOverlap& o : overlaps) {
      const double ma = free_mass(o.a), mb = free_mass(o.b);
      if (ma == 0.0 && mb == 0.0) {
        return Status::Error("initialOverlap \"resolve\": " + DescribeOverlap(*world, o) +
                             ", and neither can be moved alone (static, or a robot's link or another jointed body): "
                             "move the robot or the body in the scene");
      }
      // Inverse-mass shares: a free body against a static or jointed one
      // takes the whole move.
      const double wa = ma == 0.0 ? 0.0 : 1.0 / ma, wb = mb == 0.0 ? 0.0 : 1.0 / mb;
      const double move = o.depth + 0.5 * threshold;
      for (auto [id, share] : {std::pair(o.a, wa / (wa + wb)), std::pair(o.b, -wb / (wa + wb))}) {
        if (share == 0.0) continue;
        Pose X = world->pose(id);
        X.p += share * move * o.n_W;
        GL_TRY(world->SetBodyPose(id, X));
        moved[id] = 1;
      }
    }
  }
  const std::vector<InitialOverlap> left = FindInitialOverlaps(*world, threshold);
  return Status::Error("initialOverlap \"resolve\": still " + std::to_string(left.size()) +
                       " overlapping pairs after 50 passes, the first: " + DescribeOverlap(*world, left.front()));
}

}  // namespace grasplab
