#include "core/solvers/impulse_solver.h"

namespace grasplab {

ImpactStats ImpulseSolver::ResolveImpacts(const IslandSystem& sys, const LcpSolverSettings& ls, double gravity_norm,
                                          const PreStepVelocities& vel, std::vector<double>* normal,
                                          std::vector<Vec3>* friction) {
  ImpactStats stats;
  const double h = ls.h;
  const int q = static_cast<int>(sys.contacts.size());
  normal->assign(q, 0.0);
  friction->assign(q, Vec3::Zero());
  const double v_collide = 4.0 * gravity_norm * h + 1e-3;
  IslandSystem& impact = impact_;  // kept between steps: assignments reuse its vectors
  impact.bodies = sys.bodies;
  impact.joint_rows = sys.joint_rows;
  impact.joint_targets = sys.joint_targets;
  impact.limit_rows = sys.limit_rows;
  impact.limit_targets.assign(sys.limit_targets.size(), 0.0);  // a rigid stop, no error correction
  auto point_velocity = [&](BodyId id, const Vec3& p, bool before_gravity) -> Vec3 {
    if (vel.is_static[id]) return Vec3::Zero();
    return before_gravity ? Vec3(vel.v_WB[id] + vel.w_WB[id].cross(p - vel.X_WB[id].p))
                          : vel.velocity_bodies[id].PointVelocity(p);
  };
  for (int pass = 0; pass < 64; ++pass) {
    which_.clear();
    impact.contacts.clear();
    impact.contact_bodies.clear();
    impact.contact_targets.clear();
    for (int c = 0; c < q; ++c) {
      const Contact& ct = *sys.contacts[c];
      const double vn = ct.n_W.dot(point_velocity(ct.body_a, ct.p_W, pass == 0) -
                                   point_velocity(ct.body_b, ct.p_W, pass == 0));
      if (!(vn < -v_collide)) continue;
      // Not yet: the gap stays open through this step (the velocity LCP's
      // speculative row does not bind either), so the impact waits for the
      // step in which it happens.
      if (ct.separation + vn * h > 0.5 * ls.threshold) continue;
      which_.push_back(c);
      impact.contacts.push_back(sys.contacts[c]);
      impact.contact_bodies.push_back(sys.contact_bodies[c]);
      impact.contact_targets.push_back(-ct.restitution * vn);
    }
    if (which_.empty()) break;
    const LcpSolveStats r = lcp_.Solve(&impact, ls, &joint_impulses_, &limit_impulses_);
    if (r.fell_back) ++stats.failures;
    ++stats.passes;
    for (std::size_t k = 0; k < which_.size(); ++k) {
      (*normal)[which_[k]] += impact.contacts[k]->normal_impulse;
      (*friction)[which_[k]] += impact.contacts[k]->friction_impulse;
    }
  }
  return stats;
}

}  // namespace grasplab
