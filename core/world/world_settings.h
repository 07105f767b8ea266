// What a World is asked to do, beyond its bodies and joints: gravity, the
// contact and joint-limit thresholds of Miller & Christensen section 4, the
// contact model and its parameters. Checked once, when a World is made or
// its settings are replaced (ValidateWorldSettings), never in the step.
#pragma once

#include <string>

#include "core/base/status.h"
#include "core/math/types.h"
#include "core/solvers/contact_solver_type.h"
#include "core/solvers/lemke.h"
#include "core/solvers/penalty_contact.h"

namespace grasplab {

// How a step keeps bodies from interpenetrating (Miller & Christensen,
// section 4, step 3).
enum class ContactTimeMode {
  // Default: contacts are found within a speculative margin before they
  // happen, and velocity-level error correction (eq. 19) handles the rest.
  kErrorCorrection,
  // The paper's search: after the position step, if any pair
  // interpenetrates or a joint passes a limit, bisect the step length until
  // the closest pair is within (0, threshold] (0.1 degree or 0.1 mm for a
  // limit); the step then advances by that shorter length. Contacts and
  // limits become rows within their thresholds only (no speculative margin).
  kBisection,
};

// How jointed bodies are represented (issue 18; world/articulated_trees.h).
enum class Formulation {
  // Miller & Christensen (seed 000): every body has 6 velocity coordinates
  // and joints are equality rows eliminated in each island (eq. 20), with
  // eq. 16's drift correction.
  kMaximal,
  // Chardonnet et al. (seed 003) after Featherstone: a robot is a tree in
  // joint coordinates on a static or moving base; free accelerations by
  // RNEA's bias and the CRBA's LTDL factor, contacts through J H^-1 J^T; no
  // joint drift by construction.
  kReduced,
};
// "maximal" or "reduced".
const char* FormulationName(Formulation f);
// The inverse; anything else is an error naming the two (the caller
// prefixes its field).
Status ParseFormulation(const std::string& name, Formulation* out);

// Sleeping islands (world/island_sleep.h). An island whose every body has
// stayed under both speed thresholds for `time` seconds goes to sleep: its
// velocities are set to zero, its bodies are neither integrated nor solved,
// and the contacts among sleeping (and static) bodies are kept, not
// recomputed. It wakes when an awake body or a joint joins its island
// (contact, drag, a commanded joint) or when a setter touches one of its
// bodies. Defaults: 0.5 s as Box2D v3 (B2_TIME_TO_SLEEP) and Jolt
// (mTimeBeforeSleep); 1 mm/s, ten contact thresholds per second, as Box2D
// v3's 0.05 m/s is ten of its 5 mm linear slops per second (Jolt: 0.03 m/s,
// Bullet 0.8 m/s); 0.02 rad/s, a 5 cm body's edge at 1 mm/s (Box2D v2.4:
// 2 degrees/s). Velocity-level contact models only (the penalty model
// ignores it).
struct SleepSettings {
  bool enabled = false;   // off: every body is integrated and solved every step (the trajectory as without it)
  double time = 0.5;      // s, (0, 1000]: how long an island stays under the thresholds before it sleeps
  double linear = 1e-3;   // m/s, [0, 10]: |v| of each body's centre of mass
  double angular = 0.02;  // rad/s, [0, 100]: |w| of each body
};

struct WorldSettings {
  Vec3 gravity{0.0, 0.0, -9.81};  // m/s^2, each component in [-1000, 1000]
  double contact_threshold = 1e-4;  // m (0.1 mm, section 3.2), (0, 0.1]
  double error_reduction = 0.2;     // gamma, eqs. 16 and 19, [0, 1]
  double slip_threshold = 1e-3;     // m/s, s_t of eq. 13, [0, 10]
  // A pair's contact set is reused, not recomputed, while neither body has
  // moved relative to the other by more than this since the set was found
  // (m, [0, 0.01]; world/contact_finder.h): a tenth of the contact
  // threshold by default. 0 runs the narrow phase on every pair every step
  // (the paper's method as written).
  double contact_reuse_distance = 1e-5;
  // Slop (m, [0, contact_threshold / 2]; Box2D's linear slop, Bullet's
  // allowed penetration): position errors this small are left alone. A
  // contact closer than its resting gap (threshold / 2) by at most the slop
  // gets the target 0 instead of eq. 19's push apart, and beyond it is
  // pushed by gamma times the excess only (solvers/contact_target.h); a
  // sticking contact within the slop of its anchor gets no return target
  // (world/friction_anchors.h). Per-contact position corrections ask for
  // relative motions no rigid motion of a pile's bodies can meet at once,
  // and Gauss-Seidel on such a right-hand side never reaches its tolerance;
  // inside the slop every target of a body at rest is 0 (docs/benchmarks.md,
  // stop 41). 0 (default): eq. 19 as written.
  double contact_slop = 0.0;
  int friction_directions = 8;      // u of eq. 4 (4, 6, 8, 12 or 16)
  double torsional_friction_radius = 0.0;  // m, [0, 1]; > 0 adds torsional columns to D (lcp_solver.h)
  // Rolling resistance mu_r (m, [0, 0.1]): a contact resists rolling, the
  // bodies' relative angular velocity in its tangent plane, with a couple of
  // at most mu_r f_n (MuJoCo's rolling friction coefficient). kPgs only
  // (solvers/pgs_cone_solver.h); the other contact models do not model it.
  // 0 (default): none, as in the papers.
  double rolling_resistance = 0.0;
  // Soft contacts (Hz, [0, 1000], and the damping ratio, [0, 1000];
  // solvers/soft_contact.h): a contact's normal row, past its resting gap,
  // is a spring-damper of this natural frequency (the spring m_eff omega^2)
  // instead of a rigid row pushed back by error_reduction. kPgs only.
  // A model of compliance, not a speed-up: the 1,000-body pile settles no
  // sooner with it (docs/benchmarks.md, stop 49). 0 (default): rigid, eq. 19
  // as written.
  double contact_hertz = 0.0;
  double contact_damping_ratio = 10.0;
  // Substeps (kPgs, [1, 64]; solvers/pgs_cone_solver.h): an island of
  // contacts only is solved in this many substeps of the step, its bodies
  // moving inside the step (Box2D v3's soft step), each with
  // pgs_iterations sweeps at most and one relaxing sweep. 1 (default): one
  // solve of the whole step, as the papers do.
  int substeps = 1;
  double joint_limit_angle = 0.0017453292519943296;  // rad (0.1 degree): a revolute limit is "reached" within this
  double joint_limit_distance = 1e-4;                // m (0.1 mm), prismatic
  LemkeSettings lemke;
  ContactSolver contact_solver = ContactSolver::kLcp;
  Formulation formulation = Formulation::kMaximal;
  int pgs_iterations = 200;       // kPgs: sweeps at most, [1, 100000]
  double pgs_tolerance = 1e-7;    // kPgs: relative impulse change that ends the sweeps, [0, 1]
  // All dynamic bodies in one island, i.e. one collision group, whatever
  // touches what: only for the collision-group benchmark (Chardonnet et al.
  // Figure 2); the islands are the paper's collision groups otherwise.
  bool single_island = false;
  // Start each step's contact solve from the last step's: the LCP from its
  // support (solvers/lcp_warm_start.h), kPgs from its impulses. Off: every
  // Lemke solve starts from z = 0 (the paper's method as written).
  bool warm_start = true;
  // Sticking contacts return to where they stuck (world/friction_anchors.h),
  // so a held object does not creep through the solvers' regularisation.
  // Off: the paper's friction rows, which hold velocities only. kLcp, kPgs
  // and kImpulse's resting contacts.
  bool friction_anchors = true;
  PenaltySettings penalty;        // kPenalty (solvers/penalty_contact.h)
  ContactTimeMode contact_time_mode = ContactTimeMode::kErrorCorrection;
  int max_bisections = 30;          // kBisection: halvings per step at most, [1, 60]
  SleepSettings sleep;
};

// A warning when the settings ask for rolling resistance of a contact model
// that does not model it (every model but kPgs), else empty: "solver.
// rollingResistance: only \"pgs\" models rolling resistance; \"lcp\"
// ignores it". Scenes warn with it on load, the CLI after --solver.
std::string RollingResistanceIgnored(const WorldSettings& s);
// The same for soft contacts (contact_hertz > 0): "solver.contactHertz: only
// \"pgs\" models soft contacts; \"lcp\" ignores it", else empty.
std::string SoftContactsIgnored(const WorldSettings& s);
// The same for substeps > 1: "solver.substeps: only \"pgs\" ...".
std::string SubstepsIgnored(const WorldSettings& s);

// The names under which ValidateWorldSettings reports a problem: the
// caller's own (the scene format passes its JSON paths, "solver.frictionEdges");
// the defaults are the C++ member names, for API callers.
struct WorldSettingNames {
  std::string gravity = "gravity";
  std::string contact_threshold = "contact_threshold";
  std::string error_reduction = "error_reduction";
  std::string slip_threshold = "slip_threshold";
  std::string contact_reuse_distance = "contact_reuse_distance";
  std::string contact_slop = "contact_slop";
  std::string friction_directions = "friction_directions";
  std::string torsional_friction_radius = "torsional_friction_radius";
  std::string rolling_resistance = "rolling_resistance";
  std::string contact_hertz = "contact_hertz";
  std::string contact_damping_ratio = "contact_damping_ratio";
  std::string substeps = "substeps";
  std::string joint_limit_angle = "joint_limit_angle";
  std::string joint_limit_distance = "joint_limit_distance";
  std::string lemke = "lemke";
  std::string pgs_iterations = "pgs_iterations";
  std::string pgs_tolerance = "pgs_tolerance";
  std::string max_bisections = "max_bisections";
  // Prefix of the sleep settings (".time", ".linear", ".angular" follow).
  std::string sleep = "sleep";
  // Prefix of the penalty gains (".stiffness", ".impactGain", ... follow in
  // the scene format's spelling: they are the penalty model's documented
  // parameter names, solvers/penalty_contact.h).
  std::string penalty = "penalty";
};

// Every setting finite and in its range (the ranges are on the members
// above and in docs/scene-format.md).
Status ValidateWorldSettings(const WorldSettings& settings, const WorldSettingNames& names = {});

}  // namespace grasplab
