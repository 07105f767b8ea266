#include "core/io/teleop_json.h"

#include "core/scene/json_node.h"
#include "core/scene/json_reader.h"

namespace grasplab {

StatusOr<TeleopSession> ParseTeleopSessionJson(std::string_view text, const std::string& prefix) {
  if (text.size() > 64u * 1024u * 1024u) return Status::Error(prefix + ": larger than 64 MB");
  auto read = ReadJsonStrict(text);
  if (!read.ok()) return Status::Error(prefix + ": " + read.status().message());
  const Json& doc = read.value();
  const Node root(doc, prefix);
  if (!doc.is_object()) return root.Error("must be a JSON object {\"format\": \"grasplab-teleop\", ...}");
  GL_TRY(root.ExpectObject({"format", "version", "commands"}));
  std::string format;
  GL_TRY(String(root, "format", &format, true));
  if (format != "grasplab-teleop") return Status::Error(root.Child("format") + ": must be \"grasplab-teleop\", got \"" + format + "\"");
  double version = 0.0;
  GL_TRY(Number(root, "version", &version, true, 1.0, 1.0));
  if (!root.Has("commands")) return Status::Error(root.Child("commands") + ": required");
  const Node list = root.At("commands");
  if (!list.json().is_array()) return list.Error("must be an array of records");
  if (static_cast<std::int64_t>(list.json().size()) > kMaxTeleopCommands) {
    return list.Error("more than " + std::to_string(kMaxTeleopCommands) + " records");
  }
  TeleopSession out;
  out.reserve(list.json().size());
  std::int64_t last = 0;
  for (std::size_t i = 0; i < list.json().size(); ++i) {
    const Node r = list.At(i);
    if (!r.json().is_object()) return r.Error("must be an object {\"step\", \"velocity\", \"angularVelocity\", \"closure\"}");
    GL_TRY(r.ExpectObject({"step", "velocity", "angularVelocity", "closure"}));
    TeleopCommand c;
    double step = 0.0;
    GL_TRY(Number(r, "step", &step, true, 0.0, 9007199254740991.0));
    if (step != static_cast<double>(static_cast<std::int64_t>(step))) {
      return Status::Error(r.Child("step") + ": must be a whole number, got " + Describe(r.At("step").json()));
    }
    c.step = static_cast<std::int64_t>(step);
    if (c.step < last) {
      return Status::Error(r.Child("step") + ": records must be in step order; " + std::to_string(c.step) +
                           " comes after " + std::to_string(last));
    }
    last = c.step;
    GL_TRY(Vector(r, "velocity", 3, c.input.v_W.data(), false));
    GL_TRY(Vector(r, "angularVelocity", 3, c.input.w_W.data(), false));
    GL_TRY(Number(r, "closure", &c.input.closure, true, 0.0, 1.0));
    GL_TRY(ValidateTeleopCommand(c, r.path()));
    out.push_back(c);
  }
  return out;
}

nlohmann::ordered_json TeleopSessionJson(const TeleopSession& commands) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const TeleopCommand& c : commands) {
    nlohmann::ordered_json r;
    r["step"] = c.step;
    r["velocity"] = {c.input.v_W.x(), c.input.v_W.y(), c.input.v_W.z()};
    if (c.input.w_W != Vec3::Zero()) r["angularVelocity"] = {c.input.w_W.x(), c.input.w_W.y(), c.input.w_W.z()};
    r["closure"] = c.input.closure;
    list.push_back(std::move(r));
  }
  return {{"format", "grasplab-teleop"}, {"version", 1}, {"commands", std::move(list)}};
}

nlohmann::ordered_json TeleopDescriptionJson(const Scene& scene) {
  if (!scene.teleop) return nullptr;
  const SceneTeleop& t = *scene.teleop;
  const TeleopLimits& l = t.limits;
  return {{"robot", scene.robots[t.robot].robot.name},
          {"workspace", {{"min", {l.lo.x(), l.lo.y(), l.lo.z()}}, {"max", {l.hi.x(), l.hi.y(), l.hi.z()}}}},
          {"maxSpeed", l.max_speed},
          {"maxAngularSpeed", l.max_angular_speed},
          {"timeConstant", l.time_constant},
          {"records", t.commands.size()},
          {"engaged", t.controller != nullptr}};
}

}  // namespace grasplab
