#include "core/solvers/contact_model.h"

namespace grasplab {

IslandSolveStats SolveIslandByLcp(IslandLcpSolver* solver, IslandSystem* sys, const LcpSolverSettings& ls,
                                  IslandImpulses* out) {
  const LcpSolveStats r = solver->Solve(sys, ls, &out->joint, &out->limit, &out->bounded);
  IslandSolveStats s;
  s.size = r.lcp_size;
  s.pivots = r.pivots;
  s.residual = r.residual;
  s.failures = r.fell_back ? 1 : 0;
  s.lcp = true;
  s.warm = r.warm;
  s.repaired = r.repaired;
  s.polished = r.polished;
  return s;
}

namespace {

class LcpModel final : public ContactModel {
 public:
  explicit LcpModel(const ContactModelSettings& s) : settings_(s.lcp) {}
  ContactSolver type() const override { return ContactSolver::kLcp; }
  IslandSolveStats SolveIsland(IslandSystem* sys, double h, const PreStepVelocities&, IslandImpulses* out) override {
    settings_.h = h;
    return SolveIslandByLcp(&solver_, sys, settings_, out);
  }

 private:
  LcpSolverSettings settings_;
  IslandLcpSolver solver_;
};

class PgsModel final : public ContactModel {
 public:
  explicit PgsModel(const ContactModelSettings& s) : settings_(s.pgs) {}
  ContactSolver type() const override { return ContactSolver::kPgs; }
  bool warm_starts_impulses() const override { return true; }
  void SetWorkerPool(WorkerPool* pool) override { solver_.set_pool(pool); }
  IslandSolveStats SolveIsland(IslandSystem* sys, double h, const PreStepVelocities&, IslandImpulses* out) override {
    settings_.h = h;
    const PgsStats g = solver_.Solve(sys, settings_, &out->joint, &out->limit, &out->bounded);
    IslandSolveStats s;
    s.size = g.size;
    s.residual = g.residual;
    s.sweeps = g.iterations;
    s.unconverged = !g.converged;
    return s;
  }

 private:
  PgsSettings settings_;
  IslandPgsSolver solver_;
};

// Impacts first, then the resting LCP; the contacts end with the step's
// total impulses, impacts included.
class ImpulseModel final : public ContactModel {
 public:
  explicit ImpulseModel(const ContactModelSettings& s) : settings_(s.lcp), gravity_norm_(s.gravity_norm) {}
  ContactSolver type() const override { return ContactSolver::kImpulse; }
  IslandSolveStats SolveIsland(IslandSystem* sys, double h, const PreStepVelocities& v, IslandImpulses* out) override {
    settings_.h = h;
    const ImpactStats impacts = solver_.ResolveImpacts(*sys, settings_, gravity_norm_, v, &normal_, &friction_);
    IslandSolveStats s = SolveIslandByLcp(&resting_, sys, settings_, out);
    s.impact_passes = impacts.passes;
    s.failures += impacts.failures;
    for (std::size_t c = 0; c < normal_.size(); ++c) {
      sys->contacts[c]->normal_impulse += normal_[c];
      sys->contacts[c]->friction_impulse += friction_[c];
    }
    return s;
  }

 private:
  LcpSolverSettings settings_;
  double gravity_norm_;
  ImpulseSolver solver_;
  IslandLcpSolver resting_;
  std::vector<double> normal_;
  std::vector<Vec3> friction_;
};

}  // namespace

std::unique_ptr<ContactModel> MakeVelocityContactModel(ContactSolver type, const ContactModelSettings& settings) {
  switch (type) {
    case ContactSolver::kPgs: return std::make_unique<PgsModel>(settings);
    case ContactSolver::kImpulse: return std::make_unique<ImpulseModel>(settings);
    case ContactSolver::kLcp:
    case ContactSolver::kPenalty: break;
  }
  return std::make_unique<LcpModel>(settings);
}

}  // namespace grasplab
