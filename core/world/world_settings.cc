#include "core/world/world_settings.h"

#include "core/base/check.h"
#include "core/solvers/friction_directions.h"

namespace grasplab {
namespace {

#define GL_CHECK(expr)                            \
  do {                                            \
    if (Status s_ = (expr); !s_.ok()) return s_;  \
  } while (0)

Status ValidatePenalty(const PenaltySettings& p, const std::string& at) {
  GL_CHECK(CheckNumber(at + ".stiffness", p.stiffness, 0.0, 1e12, true));
  GL_CHECK(CheckNumber(at + ".damping", p.damping, 0.0, 1e9));
  GL_CHECK(CheckNumber(at + ".impactGain", p.impact_gain, 0.0, 1e6));
  GL_CHECK(CheckNumber(at + ".targetDepth", p.target_depth, 0.0, 1.0, true));
  GL_CHECK(CheckNumber(at + ".impactDelay", p.impact_delay, 0.0, 100.0));
  GL_CHECK(CheckNumber(at + ".frictionSlope", p.friction_slope, 0.0, 1e6));
  GL_CHECK(CheckNumber(at + ".viscousFriction", p.viscous_friction, 0.0, 1e6));
  GL_CHECK(CheckNumber(at + ".filterFrequency", p.filter_frequency, 0.0, 1e7, true));
  GL_CHECK(CheckNumber(at + ".filterDamping", p.filter_damping, 0.0, 100.0, true));
  GL_CHECK(CheckNumber(at + ".tolerance", p.tolerance, 1e-12, 1.0));
  GL_CHECK(CheckNumber(at + ".fixedStep", p.fixed_step, 1e-6, 0.1));
  GL_CHECK(CheckNumber(at + ".minStep", p.min_step, 0.0, 0.1, true));
  return Status::Ok();
}

}  // namespace

const char* FormulationName(Formulation f) { return f == Formulation::kReduced ? "reduced" : "maximal"; }

Status ParseFormulation(const std::string& name, Formulation* out) {
  for (Formulation f : {Formulation::kMaximal, Formulation::kReduced}) {
    if (name == FormulationName(f)) {
      *out = f;
      return Status::Ok();
    }
  }
  return Status::Error("must be \"maximal\" or \"reduced\"; got \"" + name + "\"");
}

std::string RollingResistanceIgnored(const WorldSettings& s) {
  if (!(s.rolling_resistance > 0.0) || s.contact_solver == ContactSolver::kPgs) return {};
  return std::string("solver.rollingResistance: only \"pgs\" models rolling resistance; \"") +
         ContactSolverName(s.contact_solver) + "\" ignores it";
}

std::string SoftContactsIgnored(const WorldSettings& s) {
  if (!(s.contact_hertz > 0.0) || s.contact_solver == ContactSolver::kPgs) return {};
  return std::string("solver.contactHertz: only \"pgs\" models soft contacts; \"") +
         ContactSolverName(s.contact_solver) + "\" ignores it";
}

std::string SubstepsIgnored(const WorldSettings& s) {
  if (s.substeps <= 1 || s.contact_solver == ContactSolver::kPgs) return {};
  return std::string("solver.substeps: only \"pgs\" takes substeps; \"") + ContactSolverName(s.contact_solver) +
         "\" ignores it";
}

Status ValidateWorldSettings(const WorldSettings& s, const WorldSettingNames& n) {
  for (int k = 0; k < 3; ++k) {
    GL_CHECK(CheckNumber(n.gravity + "[" + std::to_string(k) + "]", s.gravity[k], -1000.0, 1000.0));
  }
  GL_CHECK(CheckNumber(n.contact_threshold, s.contact_threshold, 0.0, 0.1, true));
  GL_CHECK(CheckNumber(n.error_reduction, s.error_reduction, 0.0, 1.0));
  GL_CHECK(CheckNumber(n.slip_threshold, s.slip_threshold, 0.0, 10.0));
  GL_CHECK(CheckNumber(n.contact_reuse_distance, s.contact_reuse_distance, 0.0, 0.01));
  GL_CHECK(CheckNumber(n.contact_slop, s.contact_slop, 0.0, 0.5 * s.contact_threshold));
  GL_CHECK(ValidateFrictionDirections(s.friction_directions, n.friction_directions));
  GL_CHECK(CheckNumber(n.torsional_friction_radius, s.torsional_friction_radius, 0.0, 1.0));
  GL_CHECK(CheckNumber(n.rolling_resistance, s.rolling_resistance, 0.0, 0.1));
  GL_CHECK(CheckNumber(n.contact_hertz, s.contact_hertz, 0.0, 1000.0));
  GL_CHECK(CheckNumber(n.contact_damping_ratio, s.contact_damping_ratio, 0.0, 1000.0));
  GL_CHECK(CheckWholeNumber(n.substeps, s.substeps, 1, 64));
  GL_CHECK(CheckNumber(n.joint_limit_angle, s.joint_limit_angle, 0.0, 0.1, true));
  GL_CHECK(CheckNumber(n.joint_limit_distance, s.joint_limit_distance, 0.0, 0.1, true));
  GL_CHECK(CheckWholeNumber(n.lemke + ".max_pivots", s.lemke.max_pivots, 0, 1e9));
  GL_CHECK(CheckNumber(n.lemke + ".pivot_tolerance", s.lemke.pivot_tolerance, 0.0, 1.0, true));
  GL_CHECK(CheckWholeNumber(n.pgs_iterations, s.pgs_iterations, 1, 100000));
  GL_CHECK(CheckNumber(n.pgs_tolerance, s.pgs_tolerance, 0.0, 1.0));
  GL_CHECK(CheckWholeNumber(n.max_bisections, s.max_bisections, 1, 60));
  GL_CHECK(ValidatePenalty(s.penalty, n.penalty));
  GL_CHECK(CheckNumber(n.sleep + ".time", s.sleep.time, 0.0, 1000.0, true));
  GL_CHECK(CheckNumber(n.sleep + ".linear", s.sleep.linear, 0.0, 10.0));
  GL_CHECK(CheckNumber(n.sleep + ".angular", s.sleep.angular, 0.0, 100.0));
  return Status::Ok();
}

}  // namespace grasplab
