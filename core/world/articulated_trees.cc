#include "core/world/articulated_trees.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

#include "core/dynamics/integrate_pose.h"
#include "core/geometry/shape.h"
#include "core/multibody/crba.h"
#include "core/multibody/kinematics.h"
#include "core/multibody/ltdl.h"
#include "core/multibody/rnea.h"

namespace grasplab {
namespace {

// The joint's frame in its parent body's frame at creation: origin at the
// anchor, the child's axes (q_PC0).
Pose JointFrameInParent(const JointFrames& f) { return Pose{f.p_P, f.q_PC0}; }
// The child body's frame in the joint's frame: the anchor is at p_C in it.
Pose ChildInJointFrame(const JointFrames& f) { return Pose{-f.p_C, Quat::Identity()}; }

}  // namespace

void ArticulatedTrees::Clear() {
  trees_.clear();
  link_.clear();
  joint_in_tree_.clear();
  body_in_tree_.clear();
  built_ = false;
}

Status ArticulatedTrees::Build(const WorldModel& model, const WorldState& state) {
  Clear();
  const int nb = model.body_count();
  const int nj = model.joint_count();
  body_count_ = nb;
  joint_count_ = nj;
  link_.assign(nb, {});
  joint_in_tree_.assign(nj, 0);
  body_in_tree_.assign(nb, 0);
  // Each dynamic body's parent joint: the first that names it as child.
  std::vector<JointId> parent_joint(nb, -1);
  for (JointId j = 0; j < nj; ++j) {
    const BodyId c = model.joints[j].child;
    if (parent_joint[c] < 0) parent_joint[c] = j;
  }
  // Children of each body by their parent joints, in joint order.
  std::vector<std::vector<JointId>> children(nb);
  for (JointId j = 0; j < nj; ++j) {
    if (parent_joint[model.joints[j].child] == j) children[model.joints[j].parent].push_back(j);
  }
  for (JointId root = 0; root < nj; ++root) {
    const JointDef& rd = model.joints[root];
    if (!model.is_static[rd.parent] || parent_joint[rd.child] != root) continue;
    Tree t;
    t.root = root;
    t.fixed_root = rd.type == JointType::kFixed;
    const int ti = static_cast<int>(trees_.size());
    // Depth-first: attaches joint j's child below world body `parent` (on
    // tree body link_[parent].body, -1 the base).
    std::function<void(JointId, int, const Pose&)> attach = [&](JointId j, int parent_tb, const Pose& X_BP) {
      const JointDef& d = model.joints[j];
      const JointFrames& f = state.joint_frames[j];
      const Pose X_BJ = Compose(X_BP, JointFrameInParent(f));
      BodyLink link;
      link.tree = ti;
      if (d.type == JointType::kFixed) {
        link.body = parent_tb;
        link.X_BC = Compose(X_BJ, ChildInJointFrame(f));
      } else {
        TreeBody b;
        b.name = d.name;
        b.parent = parent_tb;
        b.type = d.type == JointType::kPrismatic ? TreeJointType::kPrismatic : TreeJointType::kRevolute;
        b.axis = (f.q_PC0.conjugate() * f.a_P).normalized();
        b.X_T = TransformFromPose(X_BJ);
        t.model.bodies.push_back(b);
        t.model.body_joint.push_back(j);
        t.dof_joint.push_back(j);
        link.body = t.model.dof() - 1;
        link.X_BC = ChildInJointFrame(f);
      }
      link_[d.child] = link;
      joint_in_tree_[j] = 1;
      body_in_tree_[d.child] = 1;
      t.bodies.push_back(d.child);
      for (JointId k : children[d.child]) attach(k, link.body, link.X_BC);
    };
    if (t.fixed_root) {
      // The root's child is the base: its frame is the base frame.
      link_[rd.child] = BodyLink{ti, -1, Pose{}};
      joint_in_tree_[root] = 1;
      body_in_tree_[rd.child] = 1;
      t.bodies.push_back(rd.child);
      for (JointId k : children[rd.child]) attach(k, -1, Pose{});
    } else {
      // The base is the static parent's frame.
      attach(root, -1, Pose{});
    }
    std::sort(t.bodies.begin(), t.bodies.end());
    // Inertias: each world body's mass and rotational inertia, moved into
    // its tree body's frame.
    for (BodyId c : t.bodies) {
      const BodyLink& l = link_[c];
      if (l.body < 0) continue;
      const Mat3 R = l.X_BC.q.toRotationMatrix();
      t.model.bodies[l.body].inertia +=
          SpatialInertia::FromCentroidal(model.bodies[c].mass, l.X_BC.p, R * model.I_B[c] * R.transpose());
    }
    const int n = t.model.dof();
    t.data = ArticulatedData(t.model);
    t.q.assign(n, 0.0);
    t.qd.assign(n, 0.0);
    t.q_prev.assign(n, 0.0);
    t.tau.assign(n, 0.0);
    t.qdd.assign(n, 0.0);
    t.bias.assign(n, 0.0);
    t.q_placed.assign(n, 0.0);
    t.f_ext.assign(n, SpatialVector::Zero());
    if (n > 0) {
      // Every joint must move inertia: check the factor at q = 0.
      UpdateKinematics(t.model, t.q.data(), t.qd.data(), Pose{}, SpatialVector::Zero(), &t.data);
      t.placed = false;  // at q = 0 and the identity base, not the world's
      ComputeMassMatrix(t.model, &t.data);
      const int bad = FactorLtdl(t.model, &t.data);
      if (bad >= 0) {
        const JointId j = t.dof_joint[bad];
        Clear();
        return Status::Error("joints[" + std::to_string(j) + "]: joint '" + model.joints[j].name +
                             "' moves no mass or no inertia about its axis; the reduced formulation needs mass on "
                             "the bodies it moves");
      }
    }
    trees_.push_back(std::move(t));
  }
  slot_.assign(trees_.size(), -1);
  built_ = true;
  return Status::Ok();
}

void ArticulatedTrees::BaseTarget(const WorldModel& model, const WorldState& state, Tree* t) const {
  const JointDef& rd = model.joints[t->root];
  const Pose& X_WP = state.X_WB[rd.parent];
  if (!t->fixed_root) {
    t->X_target = X_WP;
    t->V_target.setZero();
    return;
  }
  const JointFrames& f = state.joint_frames[t->root];
  t->X_target = Compose(Compose(X_WP, JointFrameInParent(f)), ChildInJointFrame(f));
  const MountTwist& m = state.mount_twist[t->root];
  const Vec3 anchor_W = X_WP.Apply(f.p_P);
  t->V_target = MakeSpatial(m.w, m.v - m.w.cross(anchor_W));
}

void ArticulatedTrees::PlaceTree(const WorldModel& model, Tree* t, WorldState* state) {
  (void)model;
  for (int i = 0; i < t->model.dof(); ++i) {
    t->q[i] = state->joints[t->dof_joint[i]].position;
    t->qd[i] = state->joints[t->dof_joint[i]].velocity;
  }
  // The transforms only: the body velocities v_i, c_i are read by RNEA
  // alone, after FreeVelocities computes them for the step's base twist.
  UpdatePositions(t->model, t->q.data(), t->X_W0, &t->data);
  t->q_placed = t->q;  // same size: no allocation
  t->X_placed = t->X_W0;
  t->placed = true;
  for (BodyId c : t->bodies) {
    const BodyLink& l = link_[c];
    const Pose X_WB = l.body < 0 ? t->X_W0 : BodyPoseWorld(t->data, l.body);
    Pose X = Compose(X_WB, l.X_BC);
    X.q.normalize();
    state->X_WB[c] = X;
  }
}

void ArticulatedTrees::IntegratePositions(const WorldModel& model, double h, WorldState* state) {
  for (Tree& t : trees_) {
    for (int i = 0; i < t.model.dof(); ++i) {
      JointState& js = state->joints[t.dof_joint[i]];
      t.q_prev[i] = js.position;
      js.position += h * js.velocity;
    }
    BaseTarget(model, *state, &t);
    if (!t.fixed_root || !t.base_placed) {
      t.X_W0 = t.X_target;
      t.V_base_W = t.V_target;
      t.base_placed = true;
    } else {
      // The base moves as a body by its twist of the last step (eq. 12).
      const Vec3 w = Angular(t.V_base_W);
      AdvancePose(h, Linear(t.V_base_W) + w.cross(t.X_W0.p), w, &t.X_W0);
    }
    PlaceTree(model, &t, state);
  }
}

bool ArticulatedTrees::PlacedAt(const Tree& t) {
  if (!t.placed || t.q_placed.size() != t.q.size()) return false;
  // Bit for bit (memcmp: emscripten 3.1.6's libc++ has no std::bit_cast):
  // -0 and +0, or two NaNs, are not "the same q" here.
  auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; };
  for (std::size_t i = 0; i < t.q.size(); ++i) {
    if (!same(t.q[i], t.q_placed[i])) return false;
  }
  for (int k = 0; k < 3; ++k) {
    if (!same(t.X_W0.p[k], t.X_placed.p[k])) return false;
  }
  for (int k = 0; k < 4; ++k) {
    if (!same(t.X_W0.q.coeffs()[k], t.X_placed.q.coeffs()[k])) return false;
  }
  return true;
}

void ArticulatedTrees::FreeVelocities(const WorldModel& model, const WorldState& state, double h,
                                      const DragSpring& drag, std::vector<VelocityBody>* bodies,
                                      std::span<const Vec3> force_W, std::span<const Vec3> torque_W) {
  for (Tree& t : trees_) {
    const int n = t.model.dof();
    BaseTarget(model, state, &t);
    const SpatialVector V_prev = t.V_base_W;  // the base's twist of the last step
    if (t.fixed_root) {
      // The mount's twist plus eq. 16's correction towards its pose
      // (gamma = error_reduction), in the base origin's velocity.
      const double k = model.settings.error_reduction / h;
      Quat d = t.X_target.q * t.X_W0.q.conjugate();
      if (d.w() < 0.0) d.coeffs() = -d.coeffs();
      const Vec3 w = Angular(t.V_target) + k * (2.0 * d.vec());
      const Vec3 v_origin = Linear(t.V_target) + Angular(t.V_target).cross(t.X_W0.p) + k * (t.X_target.p - t.X_W0.p);
      t.V_base_W = MakeSpatial(w, v_origin - w.cross(t.X_W0.p));
    } else {
      t.V_base_W = t.V_target;
    }
    for (int i = 0; i < n; ++i) {
      const JointState& js = state.joints[t.dof_joint[i]];
      t.q[i] = js.position;
      t.qd[i] = js.velocity;
      t.tau[i] = js.effort;
    }
    const SpatialTransform X_0W = TransformFromPose(t.X_W0);
    // The transforms are PlaceTree's when q and the base are bit for bit
    // those it placed (the usual step: kIntegratePositions placed the tree,
    // nothing moved it since); the velocities always.
    if (!PlacedAt(t)) UpdatePositions(t.model, t.q.data(), t.X_W0, &t.data);
    UpdateVelocities(t.model, t.qd.data(), X_0W.ApplyMotion(V_prev), &t.data);
    ComputeMassMatrix(t.model, &t.data);
    (void)FactorLtdl(t.model, &t.data);  // positive definite: checked at Build, inertias fixed
    // Viscous joint friction (eq. 14's v q_dot), explicit but bounded so it
    // cannot reverse the rate in one step: the torque's impulse on qd_j alone
    // is h tau (H^-1)_jj.
    for (int i = 0; i < n; ++i) {
      const double c = model.joints[t.dof_joint[i]].viscous_friction;
      if (c <= 0.0 || t.qd[i] == 0.0) continue;
      const double bound = std::abs(t.qd[i]) / (h * InverseInertiaDiagonal(t.model, t.data, i, t.qdd.data()));
      const double friction = std::min(c * std::abs(t.qd[i]), bound);
      t.tau[i] -= t.qd[i] > 0.0 ? friction : -friction;
    }
    // The mouse drag on a tree body: eq. 7's force (drag->force_W, found by
    // ExternalImpulses) at the grabbed point.
    t.f_ext_used = false;
    if (drag.body >= 0 && link_[drag.body].tree >= 0 && &trees_[link_[drag.body].tree] == &t &&
        link_[drag.body].body >= 0) {
      std::fill(t.f_ext.begin(), t.f_ext.end(), SpatialVector::Zero());
      const int tb = link_[drag.body].body;
      const Vec3 x_W = state.X_WB[drag.body].Apply(drag.p_B);
      t.f_ext[tb] = t.data.X_W[tb].ApplyForce(MakeSpatial(x_W.cross(drag.force_W), drag.force_W));
      t.f_ext_used = true;
    }
    // Forces on tree bodies (the penalty model's contacts): the moment about
    // the world origin is the one about the centre of mass plus x_c x f. On
    // the base they act on nothing: its motion is prescribed by the mount.
    if (!force_W.empty()) {
      if (!t.f_ext_used) std::fill(t.f_ext.begin(), t.f_ext.end(), SpatialVector::Zero());
      for (BodyId c : t.bodies) {
        const int tb = link_[c].body;
        if (tb < 0 || (force_W[c].isZero() && torque_W[c].isZero())) continue;
        const Vec3 n_O = torque_W[c] + state.X_WB[c].p.cross(force_W[c]);
        t.f_ext[tb] += t.data.X_W[tb].ApplyForce(MakeSpatial(n_O, force_W[c]));
        t.f_ext_used = true;
      }
    }
    // Eq. 1's free acceleration, H qdd = tau - C(q, qd; g, the base's
    // acceleration, drag): the bias C by RNEA at qdd = 0, then the LTDL
    // factor built above for the island solve. Featherstone's ABA gives the
    // same qdd, but on our trees (d <= 9) CRBA + LTDL is already paid and RNEA
    // costs a fifth of ABA (docs/benchmarks.md, "The tree algorithms").
    const SpatialVector a_W = (t.V_base_W - V_prev) / h;
    std::fill(t.qdd.begin(), t.qdd.end(), 0.0);
    InverseDynamics(t.model, &t.data, t.qdd.data(), BaseAcceleration(t.data, model.settings.gravity, a_W),
                    t.f_ext_used ? t.f_ext.data() : nullptr, t.bias.data());
    for (int i = 0; i < n; ++i) t.qdd[i] = t.tau[i] - t.bias[i];
    SolveLtdl(t.model, t.data, t.qdd.data());
    for (int i = 0; i < n; ++i) t.qd[i] += h * t.qdd[i];
    // The bodies' free twists.
    for (BodyId c : t.bodies) {
      const SpatialVector V = BodyTwistWorld(t.model, t.data, link_[c].body, t.qd.data(), t.V_base_W);
      VelocityBody& vb = (*bodies)[c];
      vb.w_W = Angular(V);
      vb.v_W = Linear(V) + vb.w_W.cross(vb.p_W);
    }
  }
}

void ArticulatedTrees::Attach(const Island& island, IslandSystem* sys) {
  if (trees_.empty()) return;
  std::fill(slot_.begin(), slot_.end(), -1);
  sys->tree_links.assign(island.bodies.size(), IslandTreeLink{});
  for (std::size_t i = 0; i < island.bodies.size(); ++i) {
    const BodyLink& l = link_[island.bodies[i]];
    if (l.tree < 0) continue;
    if (slot_[l.tree] < 0) {
      Tree& t = trees_[l.tree];
      slot_[l.tree] = static_cast<int>(sys->trees.size());
      sys->trees.push_back(IslandTree{&t.model, &t.data, t.qd.data(), t.V_base_W});
    }
    sys->tree_links[i] = IslandTreeLink{slot_[l.tree], l.body};
  }
  if (sys->trees.empty()) sys->tree_links.clear();
}

void ArticulatedTrees::StoreRates(WorldState* state) const {
  for (const Tree& t : trees_) {
    for (int i = 0; i < t.model.dof(); ++i) state->joints[t.dof_joint[i]].velocity = t.qd[i];
  }
}

int ArticulatedTrees::Quarantine(std::span<const Pose> X_WB_prev, WorldState* state) {
  int count = 0;
  for (Tree& t : trees_) {
    bool finite = true;
    for (JointId j : t.dof_joint) finite &= IsFinite(state->joints[j].position) && IsFinite(state->joints[j].velocity);
    for (BodyId c : t.bodies) {
      finite &= IsFinite(state->X_WB[c].p) && IsFinite(state->X_WB[c].q) && IsFinite(state->v_WB[c]) &&
                IsFinite(state->w_WB[c]);
    }
    if (finite) continue;
    for (int i = 0; i < t.model.dof(); ++i) {
      JointState& js = state->joints[t.dof_joint[i]];
      js.position = IsFinite(t.q_prev[i]) ? t.q_prev[i] : 0.0;
      js.velocity = 0.0;
    }
    for (BodyId c : t.bodies) {
      state->X_WB[c] = X_WB_prev[c];
      state->v_WB[c].setZero();
      state->w_WB[c].setZero();
      ++count;
    }
  }
  return count;
}

int ArticulatedTrees::PenaltyStateSize() const {
  int size = 0;
  for (const Tree& t : trees_) size += (t.fixed_root ? 13 : 0) + 2 * t.model.dof();
  return size;
}

void ArticulatedTrees::StorePenaltyState(const WorldState& state, double* y) const {
  for (const Tree& t : trees_) {
    if (t.fixed_root) {
      const Pose& X = t.X_W0;
      y[0] = X.p.x(), y[1] = X.p.y(), y[2] = X.p.z();
      y[3] = X.q.w(), y[4] = X.q.x(), y[5] = X.q.y(), y[6] = X.q.z();
      for (int k = 0; k < 6; ++k) y[7 + k] = t.V_base_W[k];
      y += 13;
    }
    const int n = t.model.dof();
    for (int i = 0; i < n; ++i) {
      const JointState& js = state.joints[t.dof_joint[i]];
      y[i] = js.position;
      y[n + i] = js.velocity;
    }
    y += 2 * n;
  }
}

void ArticulatedTrees::LoadPenaltyState(const WorldModel& model, const double* y, WorldState* state) {
  for (Tree& t : trees_) {
    if (t.fixed_root) {
      Quat q(y[3], y[4], y[5], y[6]);
      const double norm = std::sqrt(q.w() * q.w() + q.x() * q.x() + q.y() * q.y() + q.z() * q.z());
      if (norm > 0.0) q.coeffs() /= norm;
      t.X_W0 = Pose{Vec3(y[0], y[1], y[2]), q};
      for (int k = 0; k < 6; ++k) t.V_base_W[k] = y[7 + k];
      y += 13;
    } else {  // hangs from a static body: the base does not move
      BaseTarget(model, *state, &t);
      t.X_W0 = t.X_target;
      t.V_base_W = t.V_target;
    }
    t.base_placed = true;
    const int n = t.model.dof();
    for (int i = 0; i < n; ++i) {
      JointState& js = state->joints[t.dof_joint[i]];
      js.position = y[i];
      js.velocity = y[n + i];
    }
    y += 2 * n;
    PlaceTree(model, &t, state);  // q, qd, the kinematics and the poses
    for (BodyId c : t.bodies) {
      const SpatialVector V = BodyTwistWorld(t.model, t.data, link_[c].body, t.qd.data(), t.V_base_W);
      state->w_WB[c] = Angular(V);
      state->v_WB[c] = Linear(V) + state->w_WB[c].cross(state->X_WB[c].p);
    }
  }
}

void ArticulatedTrees::PenaltyDerivative(const double* y, double delta, double* dydt) const {
  for (const Tree& t : trees_) {
    if (t.fixed_root) {
      const Vec3 w(y[7], y[8], y[9]), v_O(y[10], y[11], y[12]);
      const Vec3 p(y[0], y[1], y[2]);
      const Quat q(y[3], y[4], y[5], y[6]);
      const Vec3 p_dot = v_O + w.cross(p);  // the base origin's velocity
      dydt[0] = p_dot.x(), dydt[1] = p_dot.y(), dydt[2] = p_dot.z();
      QuaternionRate(q, w, dydt + 3);
      for (int k = 0; k < 6; ++k) dydt[7 + k] = (t.V_base_W[k] - y[7 + k]) / delta;
      y += 13;
      dydt += 13;
    }
    const int n = t.model.dof();
    for (int i = 0; i < n; ++i) {
      dydt[i] = y[n + i];
      dydt[n + i] = (t.qd[i] - y[n + i]) / delta;
    }
    y += 2 * n;
    dydt += 2 * n;
  }
}

void ArticulatedTrees::PenaltyTolerances(double position, double rotation, double velocity, double angular,
                                         double* atol) const {
  for (const Tree& t : trees_) {
    if (t.fixed_root) {  // p, q, then the twist [w; v_O]
      for (int k = 0; k < 13; ++k) atol[k] = k < 3 ? position : k < 7 ? rotation : k < 10 ? angular : velocity;
      atol += 13;
    }
    const int n = t.model.dof();
    for (int i = 0; i < n; ++i) atol[i] = position, atol[n + i] = velocity;
    atol += 2 * n;
  }
}

void ArticulatedTrees::MarkStepStart(const WorldModel& model, const WorldState& state) {
  for (Tree& t : trees_) {
    if (!t.base_placed) {  // the first step: the base where the mount asks
      BaseTarget(model, state, &t);
      t.X_W0 = t.X_target;
      t.V_base_W = t.V_target;
      t.base_placed = true;
    }
    for (int i = 0; i < t.model.dof(); ++i) t.q_prev[i] = state.joints[t.dof_joint[i]].position;
  }
}

}  // namespace grasplab
