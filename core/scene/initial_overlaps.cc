#include "core/scene/initial_overlaps.h"

#include <algorithm>
#include <cstdio>


namespace grasplab {

std::vector<InitialOverlap> FindInitialOverlaps(const World& world, double tolerance) {
  std::vector<InitialOverlap> out;
  for (const Contact& c : world.ProbeContacts()) {
    const double depth = -c.separation;
    if (!(depth > tolerance)) continue;
    const BodyId a = std::min(c.body_a, c.body_b), b = std::max(c.body_a, c.body_b);
    auto it = std::find_if(out.begin(), out.end(), [&](const InitialOverlap& o) { return o.a == a && o.b == b; });
    if (it == out.end()) {
      out.push_back({a, b, depth, c.p_W});
    } else if (depth > it->depth) {
      it->depth = depth;
      it->p_W = c.p_W;
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

}  // namespace grasplab
