// The scene's compliant pads (docs/contact-models.md, "Compliant pads"):
// each on a robot's link (by robot and link names, its frame in the link
// frame, like a tactile sensor) or on a body (by name, its frame in the
// body's frame). Every field is checked here with its JSON path; the
// builder (scene/scene_build.cc) resolves the names.
#include "core/scene/scene_parse_parts.h"
#include "core/world/pad_stage.h"

namespace grasplab {
namespace {

inline constexpr int kMaxPads = 16;

Status ParsePad(const Node& s, const SceneSpec& spec, PadSpec* out) {
  GL_TRY(s.ExpectObject({"name", "robot", "link", "body", "position", "orientation", "size", "grid", "thickness",
                         "youngModulus", "poisson", "model", "dampingRatio", "solver"}));
  PadDef& d = out->def;
  GL_TRY(String(s, "name", &d.name, true));
  if (d.name.size() > 256) return Status::Error(s.Child("name") + ": at most 256 characters");
  const bool on_robot = s.Has("robot"), on_body = s.Has("body");
  if (on_robot == on_body) return s.Error("needs either \"robot\" and \"link\" or \"body\"");
  if (on_robot) {
    GL_TRY(String(s, "robot", &out->robot, true));
    const RobotSpec* robot = FindRobotSpec(spec, out->robot);
    if (!robot) return Status::Error(s.Child("robot") + ": no robot named \"" + out->robot + "\"");
    GL_TRY(String(s, "link", &out->link, true));
    if (robot->model->FindLink(out->link) < 0) {
      return Status::Error(s.Child("link") + ": robot \"" + out->robot + "\" has no link \"" + out->link + "\"");
    }
  } else {
    if (s.Has("link")) return Status::Error(s.Child("link") + ": only with \"robot\"");
    GL_TRY(String(s, "body", &out->body, true));
    bool found = false;
    for (const BodySpec& b : spec.bodies) found = found || b.def.name == out->body;
    if (!found) return Status::Error(s.Child("body") + ": no body named \"" + out->body + "\"");
  }
  GL_TRY(Pose7(s, &d.X_BP));
  GL_TRY(Size2(s, &d.grid.size_x, &d.grid.size_y));
  if (!s.Has("grid")) return Status::Error(s.Child("grid") + ": required, [cols, rows] (nodes along x and y)");
  const Node grid = s.At("grid");
  if (!grid.json().is_array() || grid.json().size() != 2) return grid.Error("must be [cols, rows]");
  int counts[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    const Json& v = grid.json().at(k);
    if (!v.is_number() || v.get<double>() != static_cast<double>(static_cast<int>(v.get<double>())) ||
        v.get<double>() < 1 || v.get<double>() > 64) {
      return Status::Error(grid.path() + "[" + std::to_string(k) + "]: must be a whole number in [1, 64], got " +
                           Describe(v));
    }
    counts[k] = static_cast<int>(v.get<double>());
  }
  d.grid.cols = counts[0], d.grid.rows = counts[1];
  std::string model;
  GL_TRY(String(s, "model", &model, false));
  if (model == "winkler") {
    d.material.model = PadModel::kWinkler;
  } else if (model == "fe") {
    d.material.model = PadModel::kFiniteElement;
  } else if (model.empty() || model == "halfspace") {
    d.material.model = PadModel::kHalfSpace;
  } else {
    return Status::Error(s.Child("model") + ": must be \"halfspace\", \"winkler\" or \"fe\", got \"" + model + "\"");
  }
  GL_TRY(Number(s, "thickness", &d.material.thickness, true, 0.0, 1.0, /*lo_open=*/true));
  GL_TRY(Number(s, "youngModulus", &d.material.young_modulus, true, 0.0, 1e12, /*lo_open=*/true));
  GL_TRY(Number(s, "poisson", &d.material.poisson, true, 0.0, 0.5));
  GL_TRY(Number(s, "dampingRatio", &d.damping_ratio, false, 0.0, 10.0));
  std::string solver;
  GL_TRY(String(s, "solver", &solver, false));
  if (solver == "lemke") {
    d.solver = PadSolver::kLemke;
  } else if (solver == "gauss-seidel") {
    d.solver = PadSolver::kGaussSeidel;
  } else if (solver == "active-set") {
    d.solver = PadSolver::kActiveSet;
  } else if (!solver.empty() && solver != "auto") {
    return Status::Error(s.Child("solver") + ": must be \"auto\", \"active-set\", \"lemke\" or \"gauss-seidel\", got \"" +
                         solver + "\"");
  }
  return ValidatePadDef(d, s.path());
}

}  // namespace

Status ParsePads(const Node& root, SceneSpec* spec) {
  if (!root.Has("pads")) return Status::Ok();
  const Node list = root.At("pads");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > static_cast<std::size_t>(kMaxPads)) return list.Error("at most " + std::to_string(kMaxPads) + " pads");
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node s = list.At(i);
    if (!s.json().is_object()) return s.Error("must be an object");
    PadSpec ps;
    GL_TRY(ParsePad(s, *spec, &ps));
    for (const PadSpec& other : spec->pads) {
      if (other.def.name == ps.def.name) return Status::Error(s.Child("name") + ": duplicate pad name \"" + ps.def.name + "\"");
    }
    ps.field = s.path();
    spec->pads.push_back(std::move(ps));
  }
  return Status::Ok();
}

}  // namespace grasplab
