#include "core/solvers/normal_contact_pgs.h"

#include <algorithm>
#include <vector>

namespace grasplab {

double ContactTargetVelocity(double separation, double h, double threshold, double gamma) {
  const double dp = separation - 0.5 * threshold;
  return dp >= 0.0 ? -dp / h : -gamma * dp / h;
}

void SolveNormalContactsPgs(double h, const NormalContactPgsSettings& settings,
                            std::span<Contact> contacts, std::span<VelocityBody> bodies) {
  struct Row {
    double inv_k;  // 1 / (n^T W n), the inverse effective mass along n (kg)
    double b;      // target normal velocity (m/s)
  };
  std::vector<Row> rows(contacts.size());
  for (std::size_t j = 0; j < contacts.size(); ++j) {
    Contact& c = contacts[j];
    const VelocityBody& A = bodies[c.body_a];
    const VelocityBody& B = bodies[c.body_b];
    const Vec3 rnA = (c.p_W - A.p_W).cross(c.n_W);
    const Vec3 rnB = (c.p_W - B.p_W).cross(c.n_W);
    const double k = A.inv_mass + B.inv_mass + rnA.dot(A.inv_I_W * rnA) + rnB.dot(B.inv_I_W * rnB);
    rows[j] = {k > 0.0 ? 1.0 / k : 0.0,
               ContactTargetVelocity(c.separation, h, settings.threshold, settings.error_reduction)};
    c.normal_impulse = 0.0;
    c.friction_impulse.setZero();
  }
  for (int it = 0; it < settings.iterations; ++it) {
    for (std::size_t j = 0; j < contacts.size(); ++j) {
      Contact& c = contacts[j];
      VelocityBody& A = bodies[c.body_a];
      VelocityBody& B = bodies[c.body_b];
      const double vn = c.n_W.dot(A.PointVelocity(c.p_W) - B.PointVelocity(c.p_W));
      const double lambda = std::max(0.0, c.normal_impulse + rows[j].inv_k * (rows[j].b - vn));
      const double delta = lambda - c.normal_impulse;
      c.normal_impulse = lambda;
      A.ApplyImpulse(delta * c.n_W, c.p_W);
      B.ApplyImpulse(-delta * c.n_W, c.p_W);
    }
  }
}

}  // namespace grasplab
