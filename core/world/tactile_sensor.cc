#include "core/world/tactile_sensor.h"

#include <algorithm>

namespace grasplab {
namespace {

// The taxel-centre coordinate of x along an axis of `n` taxels over
// [-size/2, size/2]: the lower neighbour and the weight of the upper one.
void Neighbours(double x, double size, int n, int* lo, double* frac) {
  const double g = std::clamp((x + 0.5 * size) * n / size - 0.5, 0.0, static_cast<double>(n - 1));
  *lo = std::min(static_cast<int>(g), std::max(n - 2, 0));
  *frac = n > 1 ? g - *lo : 0.0;
}

}  // namespace

void BinContactForces(const SensorDef& def, const Pose& X_WS, std::span<const Contact> contacts, double h,
                      std::span<double> taxels) {
  std::fill(taxels.begin(), taxels.end(), 0.0);
  const Vec3 z_W = X_WS.q * Vec3::UnitZ();
  for (const Contact& c : contacts) {
    if (c.body_a != def.body && c.body_b != def.body) continue;
    if (c.body_a == c.body_b) continue;
    const Vec3 p_S = X_WS.ApplyInverse(c.p_W);
    if (std::abs(p_S.x()) > 0.5 * def.size_x + kTactileRim || std::abs(p_S.y()) > 0.5 * def.size_y + kTactileRim ||
        std::abs(p_S.z()) > def.depth) {
      continue;
    }
    // The normal impulse acts on A along n_W (contact.h), on B against it.
    const Vec3 push_W = c.body_a == def.body ? c.n_W : Vec3(-c.n_W);
    if (!(-push_W.dot(z_W) >= kTactileMinCos)) continue;
    const double f = c.normal_impulse / h;
    int c0 = 0, r0 = 0;
    double fx = 0.0, fy = 0.0;
    Neighbours(p_S.x(), def.size_x, def.cols, &c0, &fx);
    Neighbours(p_S.y(), def.size_y, def.rows, &r0, &fy);
    const int c1 = def.cols > 1 ? c0 + 1 : c0, r1 = def.rows > 1 ? r0 + 1 : r0;
    taxels[r0 * def.cols + c0] += f * (1.0 - fx) * (1.0 - fy);
    taxels[r0 * def.cols + c1] += f * fx * (1.0 - fy);
    taxels[r1 * def.cols + c0] += f * (1.0 - fx) * fy;
    taxels[r1 * def.cols + c1] += f * fx * fy;
  }
}

}  // namespace grasplab
