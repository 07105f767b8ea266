#include "core/world.h"

#include <chrono>
#include <cmath>
#include <variant>

#include "core/collision/sphere_plane.h"
#include "core/dynamics/integrate_pose.h"
#include "core/math/state_hash.h"
#include "core/solvers/normal_contact_pgs.h"

namespace grasplab {
namespace {

// Runs one stage and records its wall time in stats.
template <class F>
void TimeStage(StepStats* stats, Stage stage, F&& run) {
  const auto t0 = std::chrono::steady_clock::now();
  run();
  const auto t1 = std::chrono::steady_clock::now();
  stats->stage_seconds[static_cast<int>(stage)] = std::chrono::duration<double>(t1 - t0).count();
}

Mat3 WorldInertia(const Quat& q, const Mat3& I_B) {
  const Mat3 R = q.toRotationMatrix();
  return R * I_B * R.transpose();
}

// Radius of a sphere about the body origin that bounds the shape (m).
double BoundingRadius(const Shape& shape) {
  if (const auto* s = std::get_if<SphereShape>(&shape)) return s->radius;
  return 0.0;
}

}  // namespace

const char* StageName(Stage stage) {
  switch (stage) {
    case Stage::kIntegratePositions: return "integratePositions";
    case Stage::kFindContacts: return "findContacts";
    case Stage::kExternalImpulses: return "externalImpulses";
    case Stage::kSolveVelocities: return "solveVelocities";
    case Stage::kCount: break;
  }
  return "?";
}

World::World(const WorldSettings& settings) : settings_(settings) {}

StatusOr<BodyId> World::AddBody(const BodyDef& def) {
  const std::string field = "bodies[" + std::to_string(defs_.size()) + "]";
  if (Status s = ValidateBodyDef(def, field); !s.ok()) return s;
  BodyDef d = def;
  d.X_WB.q.normalize();
  Mat3 I_B = Mat3::Zero(), inv_I_B = Mat3::Zero();
  double inv_mass = 0.0;
  if (!d.is_static) {
    I_B = d.inertia ? *d.inertia : SolidInertia(d.shape, d.mass);
    inv_I_B = I_B.inverse();
    inv_mass = 1.0 / d.mass;
  } else {
    d.v_WB.setZero();
    d.w_WB.setZero();
  }
  defs_.push_back(d);
  inv_mass_.push_back(inv_mass);
  I_B_.push_back(I_B);
  inv_I_B_.push_back(inv_I_B);
  X_WB_.push_back(d.X_WB);
  v_WB_.push_back(d.v_WB);
  w_WB_.push_back(d.w_WB);
  return static_cast<BodyId>(defs_.size() - 1);
}

Status World::Step(double h) {
  if (!IsFinite(h) || h <= 0.0 || h > 0.1) {
    return Status::Error("timestep: must be in (0, 0.1] s, got " + std::to_string(h));
  }
  TimeStage(&stats_, Stage::kIntegratePositions, [&] { IntegratePositions(h); });
  TimeStage(&stats_, Stage::kFindContacts, [&] { FindContacts(h); });
  TimeStage(&stats_, Stage::kExternalImpulses, [&] { ExternalImpulses(h); });
  TimeStage(&stats_, Stage::kSolveVelocities, [&] { SolveVelocities(h); });
  QuarantineNonFinite();
  stats_.contact_count = static_cast<int>(contacts_.size());
  // Compensated sum, so 800 steps of 2.5 ms read 2 s, not 1.9999999999999685.
  const double y = h - time_compensation_;
  const double t = time_ + y;
  time_compensation_ = (t - time_) - y;
  time_ = t;
  ++step_count_;
  return Status::Ok();
}

void World::IntegratePositions(double h) {
  const int n = body_count();
  X_WB_prev_.assign(X_WB_.begin(), X_WB_.end());
  L_W_prev_.resize(n);
  for (int i = 0; i < n; ++i) {
    if (defs_[i].is_static) {
      L_W_prev_[i].setZero();
      continue;
    }
    L_W_prev_[i] = WorldInertia(X_WB_[i].q, I_B_[i]) * w_WB_[i];
    AdvancePose(h, v_WB_[i], w_WB_[i], &X_WB_[i]);
  }
}

void World::FindContacts(double h) {
  // Temporary all-pairs sphere-plane search (two bodies in the skeleton
  // scene). The margin covers the distance the pair can close during the next
  // position step, so the velocity solve sees the contact before it happens.
  contacts_.clear();
  const int n = body_count();
  const double g = settings_.gravity.norm();
  for (int a = 0; a < n; ++a) {
    const auto* sphere = std::get_if<SphereShape>(&defs_[a].shape);
    if (!sphere || defs_[a].is_static) continue;
    const double reach = v_WB_[a].norm() + w_WB_[a].norm() * BoundingRadius(defs_[a].shape) + h * g;
    const double margin = settings_.contact_threshold + 2.0 * h * reach;
    for (int b = 0; b < n; ++b) {
      if (!std::holds_alternative<PlaneShape>(defs_[b].shape)) continue;
      Contact c;
      if (CollideSpherePlane(*sphere, X_WB_[a], X_WB_[b], margin, &c)) {
        c.body_a = a;
        c.body_b = b;
        contacts_.push_back(c);
      }
    }
  }
}

void World::ExternalImpulses(double h) {
  const int n = body_count();
  velocity_bodies_.resize(n);
  for (int i = 0; i < n; ++i) {
    VelocityBody& vb = velocity_bodies_[i];
    vb.p_W = X_WB_[i].p;
    if (defs_[i].is_static) {
      vb.inv_mass = 0.0;
      vb.inv_I_W.setZero();
      vb.v_W.setZero();
      vb.w_W.setZero();
      continue;
    }
    const Mat3 R = X_WB_[i].q.toRotationMatrix();
    vb.inv_mass = inv_mass_[i];
    vb.inv_I_W = R * inv_I_B_[i] * R.transpose();
    vb.v_W = v_WB_[i] + h * settings_.gravity;
    vb.w_W = vb.inv_I_W * L_W_prev_[i];  // eq. 15 with the gyroscopic term (header)
  }
}

void World::SolveVelocities(double h) {
  NormalContactPgsSettings s;
  s.iterations = settings_.solver_iterations;
  s.threshold = settings_.contact_threshold;
  s.error_reduction = settings_.error_reduction;
  SolveNormalContactsPgs(h, s, contacts_, velocity_bodies_);
  for (int i = 0; i < body_count(); ++i) {
    if (defs_[i].is_static) continue;
    v_WB_[i] = velocity_bodies_[i].v_W;
    w_WB_[i] = velocity_bodies_[i].w_W;
  }
}

void World::QuarantineNonFinite() {
  // A non-finite body never reaches the renderer: it goes back to its last
  // good pose, at rest, and the event is counted.
  for (int i = 0; i < body_count(); ++i) {
    if (IsFinite(X_WB_[i].p) && IsFinite(X_WB_[i].q) && IsFinite(v_WB_[i]) && IsFinite(w_WB_[i])) {
      continue;
    }
    X_WB_[i] = X_WB_prev_[i];
    v_WB_[i].setZero();
    w_WB_[i].setZero();
    ++stats_.nonfinite_events;
  }
}

void World::WritePoses(std::span<double> out) const {
  for (int i = 0; i < body_count(); ++i) {
    const Pose& X = X_WB_[i];
    double* o = out.data() + 7 * i;
    o[0] = X.p.x(); o[1] = X.p.y(); o[2] = X.p.z();
    o[3] = X.q.w(); o[4] = X.q.x(); o[5] = X.q.y(); o[6] = X.q.z();
  }
}

std::uint64_t World::StateHash() const {
  StateHasher hasher;
  for (int i = 0; i < body_count(); ++i) {
    hasher.Add(X_WB_[i].p);
    hasher.Add(X_WB_[i].q);
    hasher.Add(v_WB_[i]);
    hasher.Add(w_WB_[i]);
  }
  return hasher.value();
}

}  // namespace grasplab
