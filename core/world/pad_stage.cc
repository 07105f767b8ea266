#include "core/world/pad_stage.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/format.h"

namespace grasplab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kFaceMargin = 1e-3;    // m: around the rectangle and above the face
constexpr double kFaceMinCos = 0.7071;  // 45 degrees

// Line x + t n against the slab |y_a| <= e_a, a = 0..2, in the box's frame.
double BoxEntry(const Vec3& x, const Vec3& n, const Vec3& e) {
  double t_in = -kInf, t_out = kInf;
  for (int a = 0; a < 3; ++a) {
    if (n[a] == 0.0) {
      if (std::abs(x[a]) > e[a]) return kInf;
      continue;
    }
    double t1 = (-e[a] - x[a]) / n[a], t2 = (e[a] - x[a]) / n[a];
    if (t1 > t2) std::swap(t1, t2);
    t_in = std::max(t_in, t1);
    t_out = std::min(t_out, t2);
  }
  if (t_in > t_out || t_out < 0.0) return kInf;
  return t_in;
}

}  // namespace

Status ValidatePadDef(const PadDef& def, const std::string& field) {
  if (def.name.empty() || def.name.size() > 256) return Status::Error(field + ".name: must be 1 to 256 characters");
  if (!IsFinite(def.X_BP.p) || !IsFinite(def.X_BP.q) || !(def.X_BP.q.norm() > 1e-6)) {
    return Status::Error(field + ".position/orientation: must be finite, the quaternion normalisable");
  }
  if (!std::isfinite(def.damping_ratio) || def.damping_ratio < 0.0 || def.damping_ratio > 10.0) {
    return Status::Error(field + ".dampingRatio: must be in [0, 10], got " + FormatNumber(def.damping_ratio));
  }
  return ValidatePad(def.material, def.grid, field);
}

double NodeSeparation(const Shape& shape, const Pose& X_WO, const Vec3& x_W, const Vec3& n_W, const Vec3& fallback_p_W,
                      const Vec3& fallback_n_W) {
  if (std::holds_alternative<PlaneShape>(shape)) {
    // The solid is z <= 0 of O: the line enters it going down, at
    // t = height / -rate (<= 0 when x is already inside).
    const Vec3 up = X_WO.q * Vec3::UnitZ();
    const double height = up.dot(x_W - X_WO.p), rate = up.dot(n_W);
    return rate < -1e-6 ? height / -rate : kInf;
  }
  if (const auto* sphere = std::get_if<SphereShape>(&shape)) {
    const Vec3 d = x_W - X_WO.p;
    const double b = d.dot(n_W), cc = d.squaredNorm() - sphere->radius * sphere->radius;
    const double disc = b * b - cc;
    if (disc < 0.0) return kInf;
    const double root = std::sqrt(disc);
    if (-b + root < 0.0) return kInf;  // behind
    return -b - root;
  }
  if (const auto* box = std::get_if<BoxShape>(&shape)) {
    const Quat qi = X_WO.q.conjugate();
    return BoxEntry(qi * (x_W - X_WO.p), qi * n_W, box->half_extents);
  }
  // Tangent plane through the deepest contact, outward normal m: the line
  // meets it at t = m . (p - x) / (m . n), from outside when m . n < 0.
  const double rate = fallback_n_W.dot(n_W);
  if (!(rate < -1e-6)) return kInf;
  return fallback_n_W.dot(fallback_p_W - x_W) / rate;
}

void PadStage::Add(const PadDef& def) { solvers_.emplace_back(def.material, def.grid, def.solver); }

void PadStage::Solve(const WorldModel& model, WorldState* state) {
  Solve(model, state->X_WB, state->contacts, &state->pads, &taken_);
  // The taken contacts leave the set, the others keep their order.
  std::size_t kept = 0;
  for (std::size_t c = 0; c < state->contacts.size(); ++c) {
    if (taken_[c]) continue;
    if (kept != c) state->contacts[kept] = std::move(state->contacts[c]);
    ++kept;
  }
  state->contacts.resize(kept);
}

void PadStage::Solve(const WorldModel& model, std::span<const Pose> X_WB_all, std::span<const Contact> contacts,
                     std::vector<PadContact>* pads, std::vector<std::uint8_t>* taken) {
  const int pad_count = static_cast<int>(model.pads.size());
  pads->resize(pad_count);
  taken->assign(contacts.size(), 0);
  for (int i = 0; i < pad_count; ++i) {
    const PadDef& def = model.pads[i];
    PadContact& pc = (*pads)[i];
    const int n = def.grid.node_count();
    pc.pressure.resize(n, 0.0);  // kept until solved: Gauss-Seidel's warm start
    const BodyId previous = pc.other;
    const bool keep_anchor = pc.anchored && !pc.slipping;
    pc.anchored = pc.slipping = false;
    pc.other = -1;
    pc.normal_force = pc.stiffness = pc.approach = pc.friction = pc.torsion_arm = 0.0;
    pc.normal_impulse = pc.torsional_impulse = 0.0;
    pc.friction_impulse_W.setZero();
    pc.active = pc.pivots = pc.sweeps = pc.bottomed = 0;
    const Pose& X_WB = X_WB_all[def.body];
    const Pose X_WP{X_WB.Apply(def.X_BP.p), X_WB.q * def.X_BP.q};
    const Vec3 n_W = X_WP.q * Vec3::UnitZ();
    pc.n_W = n_W;
    pc.t1_W = X_WP.q * Vec3::UnitX();
    pc.t2_W = X_WP.q * Vec3::UnitY();
    // 1. The face's contacts; the indenter is the body of the deepest.
    auto on_face = [&](const Contact& c, BodyId* other, Vec3* out_n) {
      if (c.body_a != def.body && c.body_b != def.body) return false;
      *other = c.body_a == def.body ? c.body_b : c.body_a;
      if (*other == def.body || *other < 0) return false;
      // The normal pointing out of the pad's body, into the other.
      const Vec3 out = c.body_a == def.body ? Vec3(-c.n_W) : c.n_W;
      if (out.dot(n_W) < kFaceMinCos) return false;
      const Vec3 p_P = X_WP.ApplyInverse(c.p_W);
      if (std::abs(p_P.x()) > 0.5 * def.grid.size_x + kFaceMargin) return false;
      if (std::abs(p_P.y()) > 0.5 * def.grid.size_y + kFaceMargin) return false;
      if (p_P.z() > kFaceMargin || p_P.z() < -def.material.thickness - kFaceMargin) return false;
      *out_n = out;
      return true;
    };
    int deepest = -1;
    BodyId other = -1;
    for (int c = 0; c < static_cast<int>(contacts.size()); ++c) {
      BodyId o;
      Vec3 out;
      if ((*taken)[c] || !on_face(contacts[c], &o, &out)) continue;
      if (deepest < 0 || contacts[c].separation < contacts[deepest].separation) deepest = c, other = o;
    }
    if (deepest < 0) {
      std::fill(pc.pressure.begin(), pc.pressure.end(), 0.0);
      continue;
    }
    const Contact deep = contacts[deepest];
    // The other body's surface point and outward normal at the deepest contact.
    const Vec3 deep_out = deep.body_a == def.body ? Vec3(-deep.n_W) : deep.n_W;
    const Vec3 deep_p = deep.p_W - 0.5 * deep.separation * deep_out;
    double mu = 0.0;
    for (std::size_t c = 0; c < contacts.size(); ++c) {
      BodyId o;
      Vec3 out;
      if ((*taken)[c] || !on_face(contacts[c], &o, &out) || o != other) continue;
      mu = std::max(mu, contacts[c].static_friction);
      (*taken)[c] = 1;
    }
    // 2. Separations and pressures.
    s_.resize(n);
    bool any = false;
    for (int k = 0; k < n; ++k) {
      const Vec3 x_W = X_WP.Apply(Vec3(def.grid.node_x(k), def.grid.node_y(k), 0.0));
      double s = NodeSeparation(model.bodies[other].shape, X_WB_all[other], x_W, n_W, deep_p, -deep_out);
      if (!(s < 1.0)) s = 1.0;  // missed: far away (a finite entry keeps the LCP finite)
      s_[k] = s;
      any = any || s < 0.0;
      pc.approach = std::max(pc.approach, -s);
      if (s < -def.material.thickness) ++pc.bottomed;
    }
    pc.other = other;
    pc.friction = mu;
    if (!any) {
      std::fill(pc.pressure.begin(), pc.pressure.end(), 0.0);
      continue;
    }
    PadPressureSolver& solver = solvers_[i];
    const PadSolveStats st = solver.SolveDisplacement(s_, &pc.pressure);
    pc.pivots = st.pivots, pc.sweeps = st.sweeps, pc.active = st.active;
    // 3. The resultant at the centre of pressure, and the stiffness.
    double sum = 0.0;
    Vec3 moment = Vec3::Zero();
    for (int k = 0; k < n; ++k) {
      sum += pc.pressure[k];
      moment += pc.pressure[k] * Vec3(def.grid.node_x(k), def.grid.node_y(k), 0.0);
    }
    if (!(sum > 0.0)) continue;
    const Vec3 c_P = moment / sum;
    double arm = 0.0;
    for (int k = 0; k < n; ++k) {
      arm += pc.pressure[k] * (Vec3(def.grid.node_x(k), def.grid.node_y(k), 0.0) - c_P).norm();
    }
    pc.torsion_arm = arm / sum;
    pc.c_W = X_WP.Apply(c_P);
    pc.normal_force = sum * def.grid.element_area();
    pc.stiffness = solver.TangentStiffness(pc.pressure);
    pc.anchored = true;
    if (!(keep_anchor && previous == other)) {
      pc.anchor_other = X_WB_all[other].ApplyInverse(pc.c_W);
      pc.anchor_pad = X_WB.ApplyInverse(pc.c_W);
    }
  }
}

void PadStage::ApplyNormalImpulses(const WorldModel& model, double h, WorldState* state,
                                   std::vector<VelocityBody>* bodies, std::span<const std::uint8_t> skip) const {
  auto moves = [&](BodyId x) { return !model.is_static[x] && (skip.empty() || !skip[x]); };
  for (std::size_t i = 0; i < model.pads.size(); ++i) {
    PadContact& pc = state->pads[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    pc.normal_impulse = h * pc.normal_force;  // plus the normal row's, StoreImpulses
    const Vec3 J = h * pc.normal_force * pc.n_W;  // on the indenter
    const BodyId a = pc.other, b = model.pads[i].body;
    if (moves(a)) (*bodies)[a].ApplyImpulse(J, pc.c_W);
    if (moves(b)) (*bodies)[b].ApplyImpulse(-J, pc.c_W);
  }
}

void PadStage::AddNormalForces(const WorldModel& model, const WorldState& state, std::vector<Vec3>* force_W,
                               std::vector<Vec3>* torque_W) const {
  for (std::size_t i = 0; i < model.pads.size(); ++i) {
    const PadContact& pc = state.pads[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    const Vec3 f = pc.normal_force * pc.n_W;  // on the indenter
    const BodyId a = pc.other, b = model.pads[i].body;
    (*force_W)[a] += f;
    (*torque_W)[a] += (pc.c_W - state.X_WB[a].p).cross(f);
    (*force_W)[b] -= f;
    (*torque_W)[b] -= (pc.c_W - state.X_WB[b].p).cross(f);
  }
}

void PadStage::AddPenaltyForces(const WorldModel& model, const WorldState& state, const PenaltySettings& settings,
                                double h, std::vector<PadContact>* pads, std::vector<Vec3>* force_W,
                                std::vector<Vec3>* torque_W) const {
  for (std::size_t i = 0; i < model.pads.size(); ++i) {
    PadContact& pc = (*pads)[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    const BodyId a = pc.other, b = model.pads[i].body;
    const Vec3 ra = pc.c_W - state.X_WB[a].p, rb = pc.c_W - state.X_WB[b].p;
    const Vec3 v_rel = state.v_WB[a] + state.w_WB[a].cross(ra) - state.v_WB[b] - state.w_WB[b].cross(rb);
    const double spin = pc.n_W.dot(state.w_WB[a] - state.w_WB[b]);
    double m = 0.0;  // the lighter dynamic body's mass
    for (BodyId x : {a, b}) {
      if (model.is_static[x]) continue;
      const double mx = 1.0 / model.inv_mass[x];
      m = m > 0.0 ? std::min(m, mx) : mx;
    }
    const double D = 2.0 * model.pads[i].damping_ratio * std::sqrt(pc.stiffness * m);
    double fn = pc.normal_force - D * pc.n_W.dot(v_rel);
    if (!(fn > 0.0)) fn = 0.0;  // the pad never pulls
    const Vec3 ft = PenaltyFriction(settings, fn, pc.n_W, v_rel, pc.friction);
    const double tau = PenaltyTorsionalFriction(settings, fn, pc.torsion_arm, spin, pc.friction);
    const Vec3 f = fn * pc.n_W + ft;
    (*force_W)[a] += f;
    (*torque_W)[a] += ra.cross(f) + tau * pc.n_W;
    (*force_W)[b] -= f;
    (*torque_W)[b] -= rb.cross(f) + tau * pc.n_W;
    pc.normal_impulse = h * fn;
    pc.friction_impulse_W = h * ft;
    pc.torsional_impulse = h * tau;
  }
}

bool PadStage::Presses(const WorldModel& model, const WorldState& state, std::span<const int> bodies) const {
  for (std::size_t i = 0; i < model.pads.size(); ++i) {
    const PadContact& pc = state.pads[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    for (int b : bodies) {
      if (b == pc.other || b == model.pads[i].body) return true;
    }
  }
  return false;
}

void PadStage::AppendIslandLinks(const WorldModel& model, const WorldState& state,
                                 std::vector<std::pair<int, int>>* links) const {
  for (std::size_t i = 0; i < model.pads.size(); ++i) {
    const PadContact& pc = state.pads[i];
    if (pc.other >= 0 && pc.normal_force > 0.0) links->push_back({model.pads[i].body, pc.other});
  }
}

void PadStage::AppendRows(const WorldModel& model, const WorldState& state, std::span<const int> local, double h,
                          IslandSystem* sys) {
  rows_.clear();
  for (int i = 0; i < static_cast<int>(model.pads.size()); ++i) {
    const PadContact& pc = state.pads[i];
    if (pc.other < 0 || !(pc.normal_force > 0.0)) continue;
    const BodyId a = pc.other, b = model.pads[i].body;
    const int la = local[a], lb = local[b];
    if (la < 0 && lb < 0) continue;  // another island's pad
    // Relative velocity of the indenter's point at c over the pad body's:
    // rows [d, (c - x_a) x d] on a, minus the same on b.
    auto row = [&](const Vec3& lin, const Vec3& ang_only) {
      JacobianRow r;
      Vec6 ja, jb;
      if (lin.squaredNorm() > 0.0) {
        ja << lin, (pc.c_W - state.X_WB[a].p).cross(lin);
        jb << -lin, -(pc.c_W - state.X_WB[b].p).cross(lin);
      } else {
        ja << Vec3::Zero(), ang_only;
        jb << Vec3::Zero(), -ang_only;
      }
      if (!model.is_static[a]) r.Add(la, ja);
      if (!model.is_static[b]) r.Add(lb, jb);
      return r;
    };
    double m = 0.0;  // the lighter dynamic body's mass
    for (BodyId x : {a, b}) {
      if (model.is_static[x]) continue;
      const double mx = 1.0 / model.inv_mass[x];
      m = m > 0.0 ? std::min(m, mx) : mx;
    }
    const double K = pc.stiffness;
    const double D = 2.0 * model.pads[i].damping_ratio * std::sqrt(K * m);
    const double HF = h * pc.normal_force;
    const std::size_t before = sys->friction_rows.size();
    sys->friction_targets.resize(before, 0.0);
    sys->friction_compliance.resize(before, 0.0);
    auto add = [&](const JacobianRow& r, double limit, double compliance, double target, int slot) {
      rows_.push_back({i, slot, static_cast<int>(sys->friction_rows.size()), limit});
      sys->friction_rows.push_back(r);
      sys->friction_limits.push_back(limit);
      sys->friction_targets.push_back(target);
      sys->friction_compliance.push_back(compliance);
    };
    if (h * K + D > 0.0) add(row(pc.n_W, Vec3::Zero()), HF, 1.0 / (h * (h * K + D)), 0.0, 0);
    if (pc.friction > 0.0) {
      // The anchor's drift d (m), corrected by gamma per step (eq. 16's form).
      Vec3 d = Vec3::Zero();
      if (pc.anchored) d = state.X_WB[a].Apply(pc.anchor_other) - state.X_WB[b].Apply(pc.anchor_pad);
      const double gamma = model.settings.error_reduction;
      add(row(pc.t1_W, Vec3::Zero()), pc.friction * HF, 0.0, -gamma * d.dot(pc.t1_W) / h, 1);
      add(row(pc.t2_W, Vec3::Zero()), pc.friction * HF, 0.0, -gamma * d.dot(pc.t2_W) / h, 2);
      if (pc.torsion_arm > 0.0) add(row(Vec3::Zero(), pc.n_W), pc.friction * HF * pc.torsion_arm, 0.0, 0.0, 3);
    }
  }
}

void PadStage::StoreImpulses(std::span<const double> bounded, double h, WorldState* state) const {
  for (const RowOf& r : rows_) {
    if (r.row >= static_cast<int>(bounded.size())) continue;
    PadContact& pc = state->pads[r.pad];
    const double f = bounded[r.row];
    if ((r.slot == 1 || r.slot == 2) && std::abs(f) >= r.limit * (1.0 - 1e-6)) pc.slipping = true;
    switch (r.slot) {
      case 0: pc.normal_impulse = h * pc.normal_force + f; break;
      case 1: pc.friction_impulse_W += f * pc.t1_W; break;
      case 2: pc.friction_impulse_W += f * pc.t2_W; break;
      default: pc.torsional_impulse = f; break;
    }
  }
}

}  // namespace grasplab
