// The scene's robots: a URDF model (read and parsed here), where its root
// sits or what it is attached to, its initial joint values and PD gains.
#include <algorithm>

#include "core/scene/scene_parse_parts.h"

namespace grasplab {
namespace {

Status ParseAttach(const Node& a, const SceneSpec& spec, RobotSpec::Attach* out) {
  GL_TRY(a.ExpectObject({"robot", "link", "body", "position", "orientation"}));
  GL_TRY(String(a, "body", &out->body, false));
  GL_TRY(String(a, "robot", &out->robot, false));
  if (!out->body.empty()) {
    const bool found = std::any_of(spec.bodies.begin(), spec.bodies.end(),
                                   [&](const BodySpec& b) { return b.def.name == out->body; });
    if (!found) return Status::Error(a.Child("body") + ": no body named \"" + out->body + "\"");
  } else if (!out->robot.empty()) {
    const RobotSpec* host = FindRobotSpec(spec, out->robot);
    if (!host) return Status::Error(a.Child("robot") + ": no earlier robot named \"" + out->robot + "\"");
    GL_TRY(String(a, "link", &out->link, true));
    if (host->model->FindLink(out->link) < 0) {
      return Status::Error(a.Child("link") + ": robot \"" + out->robot + "\" has no link \"" + out->link + "\"");
    }
  } else {
    return a.Error("needs \"robot\" and \"link\", or \"body\"");
  }
  return Pose7(a, &out->offset);
}

Status ParseController(const Node& c, RobotSpec* r) {
  GL_TRY(c.ExpectObject({"type", "gains"}));
  std::string type = "pd";
  GL_TRY(String(c, "type", &type, false));
  if (type != "pd") return Status::Error(c.Child("type") + ": must be \"pd\", got \"" + type + "\"");
  if (!c.Has("gains")) return Status::Ok();
  const Node g = c.At("gains");
  if (!g.json().is_object()) return g.Error("must be an object of joint name: {kp, kd, maxEffort}");
  for (auto it = g.json().begin(); it != g.json().end(); ++it) {
    const Node e(it.value(), g.Child(it.key()));
    GL_TRY(e.ExpectObject({"kp", "kd", "maxEffort"}));
    RobotPlacement::Gains gains;
    gains.joint = it.key();
    GL_TRY(Number(e, "kp", &gains.kp, false, 0.0, 1e9, true));
    GL_TRY(Number(e, "kd", &gains.kd, false, 0.0, 1e9, true));
    GL_TRY(Number(e, "maxEffort", &gains.max_effort, false, 0.0, 1e9, true));
    r->gains.push_back(gains);
  }
  return Status::Ok();
}

}  // namespace

Status ParseRobots(const Node& root, const SceneLoadOptions& options, SceneSpec* spec) {
  if (!root.Has("robots")) return Status::Ok();
  const Node list = root.At("robots");
  if (!list.json().is_array()) return list.Error("must be an array");
  if (list.json().size() > 16) return list.Error("at most 16 robots");
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node r = list.At(i);
    GL_TRY(r.ExpectObject({"name", "model", "position", "orientation", "attach", "joints", "controller"}));
    RobotSpec rs;
    GL_TRY(String(r, "name", &rs.name, true));
    if (FindRobotSpec(*spec, rs.name)) return Status::Error(r.Child("name") + ": duplicate name \"" + rs.name + "\"");
    if (rs.name.find('/') != std::string::npos) return Status::Error(r.Child("name") + ": must not contain '/'");
    auto text = ReadAssetBytes(r, "model", options, &rs.model_path);
    if (!text.ok()) return text.status();
    UrdfLoadOptions uo;
    uo.asset_root = options.asset_root;
    const std::size_t slash = rs.model_path.find_last_of('/');
    if (!options.asset_root.empty()) uo.base_dir = options.asset_root + "/" + rs.model_path.substr(7, slash - 7);
    auto model = ParseUrdf(text.value(), rs.model_path.substr(slash + 1), uo);
    if (!model.ok()) return Status::Error(r.Child("model") + ": " + model.status().message());
    rs.model = std::make_shared<const RobotModel>(std::move(model).value());
    GL_TRY(Pose7(r, &rs.X_WR));
    if (r.Has("attach")) {
      RobotSpec::Attach attach;
      GL_TRY(ParseAttach(r.At("attach"), *spec, &attach));
      rs.attach = std::move(attach);
    }
    if (r.Has("joints")) {
      const Node j = r.At("joints");
      if (!j.json().is_object()) return j.Error("must be an object of joint name: value");
      for (auto it = j.json().begin(); it != j.json().end(); ++it) {
        const Node v(it.value(), j.Child(it.key()));
        if (!it.value().is_number() || !IsFinite(it.value().get<double>())) return v.Error("must be a finite number");
        rs.initial.push_back({it.key(), it.value().get<double>()});
      }
    }
    if (r.Has("controller")) GL_TRY(ParseController(r.At("controller"), &rs));
    rs.field = r.path();
    spec->robots.push_back(std::move(rs));
  }
  return Status::Ok();
}

}  // namespace grasplab
