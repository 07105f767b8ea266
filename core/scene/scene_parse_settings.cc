// The scene's settings: name, gravity, timestep, "solver", "dynamics", "contact" and "sleep".
// Types are checked here; the ranges are the engine's own
// (ValidateWorldSettings), reported under the fields' JSON paths.
#include <limits>

#include "core/scene/scene_parse_parts.h"

namespace grasplab {
namespace {

constexpr double kAny = std::numeric_limits<double>::infinity();

// A number of any finite value: its range is checked by ValidateWorldSettings.
Status Finite(const Node& n, const std::string& key, double* out) { return Number(n, key, out, false, -kAny, kAny); }

Status ParsePenalty(const Node& p, PenaltySettings* ps) {
  GL_TRY(p.ExpectObject({"stiffness", "damping", "impactGain", "targetDepth", "impactDelay", "frictionSlope",
                         "viscousFriction", "filterFrequency", "filterDamping", "measure", "direction", "adaptive",
                         "tolerance", "fixedStep"}));
  GL_TRY(Finite(p, "stiffness", &ps->stiffness));
  GL_TRY(Finite(p, "damping", &ps->damping));
  GL_TRY(Finite(p, "impactGain", &ps->impact_gain));
  GL_TRY(Finite(p, "targetDepth", &ps->target_depth));
  GL_TRY(Finite(p, "impactDelay", &ps->impact_delay));
  GL_TRY(Finite(p, "frictionSlope", &ps->friction_slope));
  GL_TRY(Finite(p, "viscousFriction", &ps->viscous_friction));
  GL_TRY(Finite(p, "filterFrequency", &ps->filter_frequency));
  GL_TRY(Finite(p, "filterDamping", &ps->filter_damping));
  GL_TRY(Finite(p, "tolerance", &ps->tolerance));
  GL_TRY(Finite(p, "fixedStep", &ps->fixed_step));
  GL_TRY(Bool(p, "adaptive", &ps->adaptive));
  std::string measure;
  GL_TRY(String(p, "measure", &measure, false));
  if (measure == "volume") {
    ps->measure = PenaltyMeasure::kVolume;
  } else if (!measure.empty() && measure != "depth") {
    return Status::Error(p.Child("measure") + ": must be \"depth\" or \"volume\", got \"" + measure + "\"");
  }
  std::string direction;
  GL_TRY(String(p, "direction", &direction, false));
  if (direction == "algorithm1") {
    ps->direction = PenaltyDirection::kAlgorithm1;
  } else if (!direction.empty() && direction != "gradient") {
    return Status::Error(p.Child("direction") + ": must be \"gradient\" or \"algorithm1\", got \"" + direction + "\"");
  }
  return Status::Ok();
}

Status ParseSolver(const Node& n, WorldSettings* ws) {
  GL_TRY(n.ExpectObject({"type", "frictionEdges", "errorReduction", "torsionalFrictionRadius", "rollingResistance",
                         "contactHertz", "contactDampingRatio", "substeps", "contactTime", "iterations", "tolerance",
                         "warmStart", "frictionAnchors", "penalty"}));
  std::string type = "lcp";
  GL_TRY(String(n, "type", &type, false));
  if (Status s = ParseContactSolver(type, &ws->contact_solver); !s.ok()) return Status::Error(n.Child("type") + ": " + s.message());
  GL_TRY(Integer(n, "iterations", &ws->pgs_iterations, false, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  GL_TRY(Finite(n, "tolerance", &ws->pgs_tolerance));
  GL_TRY(Integer(n, "frictionEdges", &ws->friction_directions, false, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  GL_TRY(Finite(n, "errorReduction", &ws->error_reduction));
  GL_TRY(Finite(n, "torsionalFrictionRadius", &ws->torsional_friction_radius));
  GL_TRY(Finite(n, "rollingResistance", &ws->rolling_resistance));
  GL_TRY(Finite(n, "contactHertz", &ws->contact_hertz));
  GL_TRY(Finite(n, "contactDampingRatio", &ws->contact_damping_ratio));
  GL_TRY(Integer(n, "substeps", &ws->substeps, false, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  GL_TRY(Bool(n, "warmStart", &ws->warm_start));
  GL_TRY(Bool(n, "frictionAnchors", &ws->friction_anchors));
  if (n.Has("penalty")) GL_TRY(ParsePenalty(n.At("penalty"), &ws->penalty));
  std::string mode;
  GL_TRY(String(n, "contactTime", &mode, false));
  if (mode == "errorCorrection") {
    ws->contact_time_mode = ContactTimeMode::kErrorCorrection;
  } else if (mode == "bisection") {
    ws->contact_time_mode = ContactTimeMode::kBisection;
  } else if (!mode.empty()) {
    return Status::Error(n.Child("contactTime") + ": must be \"errorCorrection\" or \"bisection\", got \"" + mode + "\"");
  }
  return Status::Ok();
}

}  // namespace

Status ParseSettings(const Node& root, SceneSpec* spec) {
  WorldSettings& ws = spec->settings;
  GL_TRY(String(root, "name", &spec->name, false));
  double g[3] = {ws.gravity.x(), ws.gravity.y(), ws.gravity.z()};
  GL_TRY(Vector(root, "gravity", 3, g, false));
  ws.gravity = Vec3(g[0], g[1], g[2]);
  GL_TRY(Number(root, "timestep", &spec->timestep, false, 0.0, 0.1, true));
  if (root.Has("solver")) GL_TRY(ParseSolver(root.At("solver"), &ws));
  // Scenes default to the reduced formulation (robots as trees in joint
  // coordinates; scenes without jointed chains step bit for bit the same in
  // both); "maximal" is the GraspIt! paper's.
  ws.formulation = Formulation::kReduced;
  if (root.Has("dynamics")) {
    const Node n = root.At("dynamics");
    GL_TRY(n.ExpectObject({"formulation"}));
    std::string formulation = "reduced";
    GL_TRY(String(n, "formulation", &formulation, false));
    if (Status s = ParseFormulation(formulation, &ws.formulation); !s.ok()) {
      return Status::Error(n.Child("formulation") + ": " + s.message());
    }
  }
  if (root.Has("contact")) {
    const Node n = root.At("contact");
    GL_TRY(n.ExpectObject({"threshold", "slipThreshold", "reuseDistance", "slop"}));
    GL_TRY(Finite(n, "threshold", &ws.contact_threshold));
    GL_TRY(Finite(n, "slipThreshold", &ws.slip_threshold));
    GL_TRY(Finite(n, "reuseDistance", &ws.contact_reuse_distance));
    GL_TRY(Finite(n, "slop", &ws.contact_slop));
  }
  if (root.Has("sleep")) {
    const Node n = root.At("sleep");
    GL_TRY(n.ExpectObject({"enabled", "time", "linear", "angular"}));
    GL_TRY(Bool(n, "enabled", &ws.sleep.enabled));
    GL_TRY(Finite(n, "time", &ws.sleep.time));
    GL_TRY(Finite(n, "linear", &ws.sleep.linear));
    GL_TRY(Finite(n, "angular", &ws.sleep.angular));
  }
  WorldSettingNames names;
  names.gravity = "gravity";
  names.contact_threshold = "contact.threshold";
  names.slip_threshold = "contact.slipThreshold";
  names.contact_reuse_distance = "contact.reuseDistance";
  names.contact_slop = "contact.slop";
  names.error_reduction = "solver.errorReduction";
  names.friction_directions = "solver.frictionEdges";
  names.torsional_friction_radius = "solver.torsionalFrictionRadius";
  names.rolling_resistance = "solver.rollingResistance";
  names.contact_hertz = "solver.contactHertz";
  names.contact_damping_ratio = "solver.contactDampingRatio";
  names.substeps = "solver.substeps";
  names.pgs_iterations = "solver.iterations";
  names.pgs_tolerance = "solver.tolerance";
  names.penalty = "solver.penalty";
  names.sleep = "sleep";
  return ValidateWorldSettings(ws, names);
}

}  // namespace grasplab
