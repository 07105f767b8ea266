#include "core/grasp/kinetic_energy_ratio.h"

namespace grasplab {

KineticEnergyRatio ComputeKineticEnergyRatio(const World& world, BodyId object, BodyId reference,
                                             double min_expected) {
  KineticEnergyRatio out;
  if (object < 0 || object >= world.body_count() || world.body_def(object).is_static) return out;
  const double m = world.body_def(object).mass;
  const Mat3 I_W = world.InertiaWorld(object);
  const Vec3& v = world.linear_velocity(object);
  const Vec3& w = world.angular_velocity(object);
  out.actual = 0.5 * m * v.squaredNorm() + 0.5 * w.dot(I_W * w);
  if (reference < 0 || reference >= world.body_count()) return out;
  const Vec3& w_r = world.angular_velocity(reference);
  const Vec3 v_rigid = world.linear_velocity(reference) + w_r.cross(world.pose(object).p - world.pose(reference).p);
  out.expected = 0.5 * m * v_rigid.squaredNorm() + 0.5 * w_r.dot(I_W * w_r);
  out.defined = out.expected > min_expected;
  out.ratio = out.defined ? out.actual / out.expected : 0.0;
  return out;
}

}  // namespace grasplab
