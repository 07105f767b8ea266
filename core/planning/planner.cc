#include "core/planning/planner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "core/base/format.h"
#include "core/collision/narrow_phase.h"
#include "core/grasp/auto_grasp.h"
#include "core/math/det_math.h"
#include "core/math/split_mix.h"
#include "core/planning/hand_configuration.h"
#include "core/planning/planning_scene.h"

namespace grasplab {

std::uint64_t PlanSeed(std::uint64_t seed, int index) {
  std::uint64_t s = seed ^ (0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(index) + 1));
  return SplitMix64(&s);
}

namespace {

// The annealing state (planner.h).
struct SearchState {
  Vec3 u = -Vec3::UnitZ();
  double psi = 0.0, r = 0.0, o1 = 0.0, o2 = 0.0;
  std::vector<double> a;
};

// One contact link: its URDF link and the closing joints above it with
// their rates (the mimic multiplier times the closing direction).
struct ContactLink {
  int link = 0;
  std::vector<std::pair<int, double>> chain;  // (URDF joint, rate)
};

// A planning scene and the energy of a state (planner.h).
class Search {
 public:
  Search(Scene scene, int robot, BodyId object, const PlannerSettings& settings,
         const std::vector<std::pair<double, double>>& ranges, HandPosture posture)
      : scene_(std::move(scene)), robot_(scene_.robots[robot].robot), object_(object), settings_(settings),
        ranges_(ranges), posture_(std::move(posture)) {
    const RobotModel& m = *robot_.model;
    object_radius_ = BoundingRadius(scene_.world.body_def(object_).shape);
    center_ = scene_.world.pose(object_).p;
    mu_ = 0.0;
    // Contact links: the root (the palm) and the fingertips, every leaf
    // link below a closing joint (GraspIt!'s virtual contacts sit on
    // palms and fingertips).
    for (std::size_t i = 0; i < m.links.size(); ++i) {
      ContactLink c;
      c.link = static_cast<int>(i);
      for (int up = m.ParentJoint(m.links[i].name); up >= 0; up = m.ParentJoint(m.joints[up].parent)) {
        const double rate = posture_.ClosingRate(up);
        if (rate != 0.0) c.chain.emplace_back(up, rate);
      }
      bool leaf = true;
      for (const UrdfJoint& j : m.joints) leaf = leaf && j.parent != m.links[i].name;
      if (static_cast<int>(i) == m.root || (leaf && !c.chain.empty())) links_.push_back(std::move(c));
    }
    // Reach: the farthest point of the hand from the root origin, fingers open.
    const std::vector<Pose> X = ForwardKinematics(m, Pose{}, posture_.JointValues(posture_.Origin()));
    reach_ = 0.0;
    for (std::size_t i = 0; i < m.links.size(); ++i) {
      const Pose X_WB = Compose(X[i], robot_.X_LB[i]);
      reach_ = std::max(reach_, X_WB.p.norm() + BoundingRadius(scene_.world.body_def(robot_.link_body[i]).shape));
    }
    const MaterialId hand_material = scene_.world.body_def(robot_.root_body).material;
    mu_ = scene_.world.materials().Combine(hand_material, scene_.world.body_def(object_).material).static_friction;
  }

  Pose RootPose(const SearchState& s) const {
    return HandRootPose(robot_.model->hand->approach, s.u, s.psi, center_ - s.r * s.u + s.o1 * Lateral(s.u, 0) +
                                                                         s.o2 * Lateral(s.u, 1));
  }
  std::vector<double> Driven(const SearchState& s) const { return posture_.Driven(s.a); }

  // Places the hand; false when it penetrates anything.
  bool Place(const SearchState& s) { return Place(RootPose(s), s.a); }
  bool Place(const Pose& X_WR, const std::vector<double>& a) {
    const std::vector<Pose> X_WL = ForwardKinematics(*robot_.model, X_WR, posture_.JointValues(posture_.Driven(a)));
    for (std::size_t i = 0; i < X_WL.size(); ++i) {
      (void)scene_.world.SetBodyPose(robot_.link_body[i], Compose(X_WL[i], robot_.X_LB[i]));
    }
    X_WL_ = X_WL;
    scene_.world.UpdateContacts();
    for (const Contact& c : scene_.world.contacts()) {
      const bool mine = robot_.OwnsBody(c.body_a) || robot_.OwnsBody(c.body_b);
      if (mine && c.separation < -1e-7) return false;
    }
    return true;
  }

  // The energy of the state last placed.
  double Energy() {
    const RobotModel& m = *robot_.model;
    const World& w = scene_.world;
    const Shape& object_shape = w.body_def(object_).shape;
    const Pose& X_WO = w.pose(object_);
    NarrowPhaseSettings near;
    near.margin = settings_.max_distance;
    double sum = 0.0;
    virtual_.clear();
    for (const ContactLink& cl : links_) {
      const BodyId b = robot_.link_body[cl.link];
      scratch_.clear();
      CollideShapes(b, w.body_def(b).shape, w.pose(b), object_, object_shape, X_WO, near, &scratch_);
      const Contact* best = nullptr;
      for (const Contact& c : scratch_) {
        if (!best || c.separation < best->separation) best = &c;
      }
      if (!best || best->separation >= settings_.max_distance) {
        if (cl.link != m.root) sum += settings_.max_distance / settings_.distance_scale + 1.0;
        continue;
      }
      const double d = std::max(0.0, best->separation);
      const Vec3 n = best->n_W;  // from the object to the link
      const Vec3 p_link = best->p_W + 0.5 * best->separation * n;
      // The direction this link's nearest point moves as the hand closes:
      // the approach axis for the palm, the closing joints' velocities
      // for a fingertip.
      Vec3 v = Vec3::Zero();
      if (cl.link == m.root) {
        v = X_WL_[m.root].q * m.hand->approach;
      } else {
        for (const auto& [k, rate] : cl.chain) {
          const UrdfJoint& j = m.joints[k];
          const Pose X_WJ = Compose(X_WL_[m.FindLink(j.parent)], j.X_PJ);
          const Vec3 axis = X_WJ.q * j.axis;
          v += rate * (j.type == UrdfJointType::kPrismatic ? axis : Vec3(axis.cross(p_link - X_WJ.p)));
        }
      }
      const double vn = v.norm();
      const double cos_theta = vn > 1e-12 ? -v.dot(n) / vn : 0.0;
      // Virtual contacts: the link's contact region with the object (its
      // points within d_q), only on the side of the link that closes onto
      // the object (GraspIt!'s sit on the inner surfaces).
      if (d <= settings_.quality_distance && cos_theta > 0.0) {
        for (const Contact& c : scratch_) {
          if (c.separation <= settings_.quality_distance) {
            virtual_.push_back({c.p_W - 0.5 * c.separation * c.n_W, -c.n_W, mu_});
          }
        }
      }
      if (cl.link == m.root) continue;  // the palm: a virtual contact, not a distance term
      // A fingertip that closes away from the object is as far from it as
      // one out of range (its back touching the object is no grasp).
      sum += cos_theta > 0.0 ? d / settings_.distance_scale + (1.0 - cos_theta)
                             : settings_.max_distance / settings_.distance_scale + 1.0;
    }
    double energy = sum / static_cast<double>(links_.size() - 1);
    if (virtual_.size() >= 2) {
      GraspQualitySettings q;
      q.compute_linf = false;
      const GraspQuality g = EvaluateGrasp(virtual_, X_WO.p, object_radius_, q);
      if (g.force_closure) energy -= settings_.quality_weight * g.epsilon_l1;
    }
    return energy;
  }

  // A random start (planner.h): any approach, the hand at most its reach
  // beyond the object's surface.
  SearchState Random(SplitMix* rng) const {
    SearchState s;
    const double z = rng->Symmetric();
    double sn, cs;
    DetSinCos(kPi * rng->Symmetric(), &sn, &cs);
    const double rho = std::sqrt(std::max(0.0, 1.0 - z * z));
    s.u = Vec3(rho * cs, rho * sn, z);
    s.psi = kPi * rng->Symmetric();
    s.r = object_radius_ + reach_ * rng->Uniform();
    s.a.resize(ranges_.size());
    for (std::size_t i = 0; i < ranges_.size(); ++i) {
      s.a[i] = ranges_[i].first + (ranges_[i].second - ranges_[i].first) * rng->Uniform();
    }
    return s;
  }

  // A neighbour at step size s in (0, 1].
  SearchState Neighbour(const SearchState& from, double step, SplitMix* rng) const {
    SearchState s = from;
    // Turn u by up to 0.5 step rad about a random axis normal to it.
    const double t = 0.25 * step * rng->Symmetric();
    const double phi = kPi * rng->Symmetric();
    double sp, cp, st, ct;
    DetSinCos(phi, &sp, &cp);
    DetSinCos(t, &st, &ct);
    const Vec3 axis = cp * Lateral(from.u, 0) + sp * Lateral(from.u, 1);
    s.u = (ct * from.u + st * axis.cross(from.u)).normalized();
    s.psi = WrapAngle(from.psi + 0.25 * kPi * step * rng->Symmetric());
    const double r_max = object_radius_ + reach_;
    s.r = std::clamp(from.r + 0.25 * r_max * step * rng->Symmetric(), 0.0, r_max);
    s.o1 = std::clamp(from.o1 + 0.25 * object_radius_ * step * rng->Symmetric(), -object_radius_, object_radius_);
    s.o2 = std::clamp(from.o2 + 0.25 * object_radius_ * step * rng->Symmetric(), -object_radius_, object_radius_);
    for (std::size_t i = 0; i < ranges_.size(); ++i) {
      const double span = ranges_[i].second - ranges_[i].first;
      s.a[i] = std::clamp(from.a[i] + 0.25 * span * step * rng->Symmetric(), ranges_[i].first, ranges_[i].second);
    }
    return s;
  }

  Scene& scene() { return scene_; }
  const Robot& robot() const { return robot_; }

 private:
  Scene scene_;
  const Robot& robot_;
  BodyId object_;
  PlannerSettings settings_;
  std::vector<std::pair<double, double>> ranges_;
  HandPosture posture_;
  std::vector<ContactLink> links_;
  double object_radius_ = 0.0, reach_ = 0.0, mu_ = 0.0;
  Vec3 center_ = Vec3::Zero();
  std::vector<Pose> X_WL_;
  std::vector<Contact> scratch_;
  std::vector<GraspContact> virtual_;
};

// A search in a fresh planning scene (on the heap: it keeps a reference
// into its own scene, so it never moves).
StatusOr<std::unique_ptr<Search>> NewSearch(const std::shared_ptr<const SceneSpec>& spec, const std::string& robot,
                                            const std::string& object, const PlannerSettings& settings,
                                            const std::vector<std::pair<double, double>>& ranges) {
  auto built = BuildPlanningScene(spec, robot, object);
  if (!built.ok()) return built.status();
  Scene scene = std::move(built).value();
  const int r = FindRobot(scene, robot);
  const BodyId o = scene.world.FindBody(object);
  return std::make_unique<Search>(std::move(scene), r, o, settings, ranges,
                                  HandPosture(*FindRobotSpec(*spec, robot)->model));
}

}  // namespace

StatusOr<std::optional<double>> GraspPlanner::EnergyAt(const Pose& X_WR, const std::vector<double>& amplitudes) const {
  if (amplitudes.size() != ranges_.size()) return Status::Error("EnergyAt: one amplitude per eigengrasp");
  auto made = NewSearch(spec_, robot_, object_, settings_, ranges_);
  if (!made.ok()) return made.status();
  Search& search = *made.value();
  if (!search.Place(X_WR, amplitudes)) return std::optional<double>();
  return std::optional<double>(search.Energy());
}

StatusOr<GraspPlanner> GraspPlanner::Create(std::shared_ptr<const SceneSpec> spec, const std::string& robot,
                                            const std::string& object, const PlannerSettings& settings) {
  if (!spec) return Status::Error("no scene");
  if (settings.steps < 1 || settings.steps > 1000000) return Status::Error("steps: must be in [1, 1000000]");
  GL_TRY(CheckPlanningTarget(*spec, robot, object));
  GraspPlanner p;
  p.spec_ = std::move(spec);
  p.robot_ = robot;
  p.object_ = object;
  p.settings_ = settings;
  const RobotSpec* r = FindRobotSpec(*p.spec_, robot);
  const HandPosture posture(*r->model);
  p.ranges_ = posture.Ranges();
  for (const UrdfEigengrasp& e : r->model->hand->eigengrasps) p.eigengrasp_names_.push_back(e.name);
  return p;
}

StatusOr<PlannedGrasp> GraspPlanner::Plan(int index, std::uint64_t seed) const {
  auto made = NewSearch(spec_, robot_, object_, settings_, ranges_);
  if (!made.ok()) return made.status();
  Search& search = *made.value();

  PlannedGrasp out;
  out.index = index;
  out.seed = PlanSeed(seed, index);
  SplitMix rng(out.seed);
  SearchState cur;
  bool legal = false;
  for (int t = 0; t < settings_.max_start_tries && !legal; ++t) {
    cur = search.Random(&rng);
    legal = search.Place(cur);
  }
  if (!legal) {
    return Status::Error("grasp " + std::to_string(index) + ": no collision-free start in " +
                         std::to_string(settings_.max_start_tries) + " random placements around object \"" + object_ +
                         "\"");
  }
  // The annealing keeps the last `candidates` states that improved on the
  // best so far (each better than the one before).
  double energy = search.Energy();
  std::vector<std::pair<SearchState, double>> trail{{cur, energy}};
  for (int k = 1; k <= settings_.steps; ++k) {
    const double T = settings_.t0 * DetExp(settings_.cooling * static_cast<double>(k) / settings_.steps);
    const double step = std::max(0.02, std::sqrt(T / settings_.t0));
    SearchState next = search.Neighbour(cur, step, &rng);
    if (!search.Place(next)) {
      ++out.illegal;
      continue;
    }
    const double e = search.Energy();
    if (e <= energy || rng.Uniform() < DetExp(-(e - energy) / T)) {
      cur = std::move(next);
      energy = e;
      ++out.accepted;
      if (energy < trail.back().second) {
        trail.emplace_back(cur, energy);
        if (static_cast<int>(trail.size()) > settings_.candidates) trail.erase(trail.begin());
      }
    }
  }

  // GraspIt!'s auto-grasp from each candidate pre-grasp, measured on the
  // contacts; the best grasp wins (force closure first, then epsilon, then
  // the lower energy), ties to the lower energy.
  const Robot& hand = search.robot();
  bool have = false;
  for (auto it = trail.rbegin(); it != trail.rend(); ++it) {
    const SearchState& s = it->first;
    (void)search.Place(s);
    auto closed = AutoGraspStatic(&search.scene().world, hand);
    if (!closed.ok()) return closed.status();
    const GraspQuality q = EvaluateSceneGrasp(search.scene());
    const bool better = !have || (q.force_closure && !out.quality.force_closure) ||
                        (q.force_closure == out.quality.force_closure && q.epsilon_l1 > out.quality.epsilon_l1);
    if (!better) continue;
    have = true;
    out.X_WR = search.RootPose(s);
    out.amplitudes = s.a;
    out.energy = it->second;
    out.quality = q;
    const std::vector<double> driven = search.Driven(s);
    out.pregrasp.clear();
    out.closed.clear();
    for (std::size_t d = 0; d < hand.dofs.size(); ++d) {
      out.pregrasp.emplace_back(hand.dofs[d].name, driven[d]);
      out.closed.emplace_back(hand.dofs[d].name, closed.value().closed[d]);
    }
  }
  return out;
}

}  // namespace grasplab
