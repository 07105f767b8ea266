#include "core/io/grasp_set.h"

#include <cmath>
#include <cstdlib>

#include "core/math/state_hash.h"

namespace grasplab {
namespace {

using Json = nlohmann::ordered_json;

std::uint64_t Fnv(std::uint64_t h, std::string_view text) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  // A separator, so ("ab", "c") and ("a", "bc") differ.
  h ^= 0xff;
  h *= 1099511628211ull;
  return h;
}

Json Joints(const std::vector<std::pair<std::string, double>>& joints) {
  Json out = Json::object();
  for (const auto& [name, value] : joints) out[name] = value;
  return out;
}

Json Numbers(std::initializer_list<double> xs) {
  Json out = Json::array();
  for (double x : xs) out.push_back(x);
  return out;
}

// Reading: every error names file:line and the field.
class RowReader {
 public:
  RowReader(const std::string& where, const Json& j) : where_(where), j_(j) {}

  Status Error(const std::string& field, const std::string& what) const {
    return Status::Error(where_ + ": " + (field.empty() ? "" : "field \"" + field + "\": ") + what);
  }
  Status String(const char* key, std::string* out) const {
    if (!j_.contains(key) || !j_[key].is_string()) return Error(key, "must be a string");
    *out = j_[key].get<std::string>();
    return Status::Ok();
  }
  Status Int(const char* key, int lo, int hi, int* out) const {
    if (!j_.contains(key) || !j_[key].is_number_integer()) return Error(key, "must be an integer");
    const long long v = j_[key].get<long long>();
    if (v < lo || v > hi) {
      return Error(key, "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + std::to_string(v));
    }
    *out = static_cast<int>(v);
    return Status::Ok();
  }
  Status Vector(const char* key, int n, double* out) const {
    if (!j_.contains(key) || !j_[key].is_array() || static_cast<int>(j_[key].size()) != n) {
      return Error(key, "must be an array of " + std::to_string(n) + " numbers");
    }
    for (int i = 0; i < n; ++i) {
      const Json& x = j_[key][i];
      if (!x.is_number() || !std::isfinite(x.get<double>())) return Error(key, "must hold finite numbers");
      out[i] = x.get<double>();
    }
    return Status::Ok();
  }
  Status Joints(const char* key, std::vector<std::pair<std::string, double>>* out) const {
    if (!j_.contains(key) || !j_[key].is_object()) return Error(key, "must be an object of joint values");
    for (const auto& [name, x] : j_[key].items()) {
      if (!x.is_number() || !std::isfinite(x.get<double>())) {
        return Error(std::string(key) + "." + name, "must be a finite number");
      }
      out->emplace_back(name, x.get<double>());
    }
    return Status::Ok();
  }

 private:
  std::string where_;
  const Json& j_;
};

// An object field holding the named members with types: 'b' boolean, 'i'
// integer, 'n' finite number, 's' string.
Status Fields(const Json& j, const std::string& where, const char* key,
              std::initializer_list<std::pair<const char*, char>> members) {
  if (!j.contains(key) || !j[key].is_object()) {
    return Status::Error(where + ": field \"" + key + "\": must be an object");
  }
  const Json& o = j[key];
  for (const auto& [name, type] : members) {
    const bool ok = o.contains(name) && (type == 'b'   ? o[name].is_boolean()
                                         : type == 'i' ? o[name].is_number_integer()
                                         : type == 's' ? o[name].is_string()
                                                       : o[name].is_number() && std::isfinite(o[name].get<double>()));
    if (!ok) {
      const char* what = type == 'b' ? "a boolean" : type == 'i' ? "an integer" : type == 's' ? "a string" : "a finite number";
      return Status::Error(where + ": field \"" + key + "." + name + "\": must be " + what);
    }
  }
  return Status::Ok();
}

Status ParseHeader(const Json& j, const std::string& where, GraspFile* out) {
  RowReader r(where, j);
  if (!j.is_object()) return Status::Error(where + ": the header must be a JSON object");
  GL_TRY(r.String("format", &out->format));
  if (out->format != kGraspSetFormat && out->format != kGraspResultsFormat) {
    return r.Error("format", "must be \"" + std::string(kGraspSetFormat) + "\" or \"" + kGraspResultsFormat +
                                 "\", got \"" + out->format + "\"");
  }
  int version = 0;
  GL_TRY(r.Int("version", 1, 1000, &version));
  if (version != 1) return r.Error("version", "this grasplab reads version 1, got " + std::to_string(version));
  GraspSetHeader& h = out->header;
  GL_TRY(r.String("scene", &h.scene));
  GL_TRY(r.String("sceneText", &h.scene_text));
  GL_TRY(r.String("robot", &h.robot));
  GL_TRY(r.String("object", &h.object));
  std::string seed;
  GL_TRY(r.String("seed", &seed));
  char* end = nullptr;
  h.seed = std::strtoull(seed.c_str(), &end, 10);
  if (seed.empty() || *end != '\0' || seed.size() > 20) return r.Error("seed", "must be a decimal integer string");
  GL_TRY(r.Int("steps", 1, 1000000, &h.steps));
  GL_TRY(r.Int("grasps", 0, 10000000, &h.grasps));
  std::string set;
  GL_TRY(r.String("set", &set));
  if (set != h.SetId()) {
    return r.Error("set", "is " + set + " but the header's fields give " + h.SetId() + " (an edited header?)");
  }
  if (out->format == kGraspResultsFormat) {
    double shard[2];
    GL_TRY(r.Vector("shard", 2, shard));
    out->shard = static_cast<int>(shard[0]), out->shards = static_cast<int>(shard[1]);
    if (out->shards < 1 || out->shard < 0 || out->shard >= out->shards) return r.Error("shard", "must be [I, N], 0 <= I < N");
  }
  return Status::Ok();
}

}  // namespace

StatusOr<GraspFile> ParseGraspHeader(const Json& header, const std::string& where) {
  GraspFile out;
  GL_TRY(ParseHeader(header, where, &out));
  return out;
}

Status ParseGraspRow(const Json& j, const std::string& where, const GraspSetHeader& header, GraspRow* row) {
  if (!j.is_object()) return Status::Error(where + ": a row must be a JSON object");
  RowReader r(where, j);
  GL_TRY(r.Int("index", 0, header.grasps - 1, &row->index));
  row->grasp.index = row->index;
  row->json = j;
  row->has_dynamic = j.contains("dynamic") || j.contains("dynamicError");
  if (j.contains("error")) return r.String("error", &row->error);
  double p[3], q[4];
  GL_TRY(r.Vector("position", 3, p));
  GL_TRY(r.Vector("orientation", 4, q));
  const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (!(std::fabs(n - 1.0) < 1e-6)) return r.Error("orientation", "must be a unit quaternion [w, x, y, z]");
  // Normalised as the scene parser normalises a robot's orientation, so a
  // row and the scene made from it (GraspRowSceneJson) place the hand alike.
  row->grasp.X_WR = Pose{Vec3(p[0], p[1], p[2]), Quat(q[0], q[1], q[2], q[3]).normalized()};
  GL_TRY(r.Joints("pregrasp", &row->grasp.pregrasp));
  // What summaries read: the static score, and the verification if any.
  GL_TRY(Fields(j, where, "static", {{"contacts", 'i'}, {"forceClosure", 'b'}, {"epsilon", 'n'}}));
  if (j.contains("dynamic")) {
    GL_TRY(Fields(j, where, "dynamic",
                  {{"lifted", 'b'}, {"held", 'b'}, {"slipMm", 'n'}, {"maxSlipMm", 'n'}, {"holdTime", 'n'},
                   {"riseMm", 'n'}, {"contacts", 'i'}, {"forceClosure", 'b'}, {"epsilon", 'n'}, {"stateHash", 's'}}));
  }
  if (j.contains("dynamicError") && !j["dynamicError"].is_string()) {
    return Status::Error(where + ": field \"dynamicError\": must be a string");
  }
  return Status::Ok();
}


std::string GraspSetHeader::SetId() const {
  std::uint64_t h = 14695981039346656037ull;
  for (const std::string& s : {scene_text, robot, object, std::to_string(seed), std::to_string(steps),
                               std::to_string(grasps)}) {
    h = Fnv(h, s);
  }
  return HashToHex(h);
}

Json GraspHeaderJson(const GraspSetHeader& h, const char* format, int shard, int shards) {
  Json j;
  j["format"] = format;
  j["version"] = 1;
  j["set"] = h.SetId();
  j["scene"] = h.scene;
  j["robot"] = h.robot;
  j["object"] = h.object;
  j["seed"] = std::to_string(h.seed);
  j["steps"] = h.steps;
  j["grasps"] = h.grasps;
  if (std::string(format) == kGraspResultsFormat) j["shard"] = {shard, shards};
  j["sceneText"] = h.scene_text;
  return j;
}

Json VerificationJson(const GraspVerification& v) {
  Json d;
  d["lifted"] = v.lifted;
  d["held"] = v.held;
  d["slipMm"] = v.slip * 1000.0;
  d["maxSlipMm"] = v.max_slip * 1000.0;
  d["holdTime"] = v.hold_time;
  d["riseMm"] = v.rise * 1000.0;
  d["contacts"] = v.contacts;
  d["forceClosure"] = v.force_closure;
  d["epsilon"] = v.epsilon;
  d["steps"] = v.steps;
  d["time"] = v.time;
  d["stateHash"] = HashToHex(v.state_hash);
  return d;
}

Json GraspRowJson(const GraspRow& row) {
  Json j;
  if (!row.json.is_null()) {
    j = row.json;
  } else {
    const PlannedGrasp& g = row.grasp;
    j["index"] = row.index;
    j["seed"] = HashToHex(g.seed);
    if (!row.error.empty()) {
      j["error"] = row.error;
    } else {
      j["position"] = Numbers({g.X_WR.p.x(), g.X_WR.p.y(), g.X_WR.p.z()});
      j["orientation"] = Numbers({g.X_WR.q.w(), g.X_WR.q.x(), g.X_WR.q.y(), g.X_WR.q.z()});
      j["amplitudes"] = g.amplitudes;
      j["pregrasp"] = Joints(g.pregrasp);
      j["energy"] = g.energy;
      j["accepted"] = g.accepted;
      j["illegal"] = g.illegal;
      j["closed"] = Joints(g.closed);
      Json s;
      s["contacts"] = g.quality.contact_count;
      s["forceClosure"] = g.quality.force_closure;
      s["epsilon"] = g.quality.epsilon_l1;
      s["volume"] = g.quality.volume_l1;
      j["static"] = s;
    }
  }
  if (row.dynamic) {
    j["dynamic"] = VerificationJson(*row.dynamic);
  } else if (!row.dynamic_error.empty()) {
    j["dynamicError"] = row.dynamic_error;
  }
  return j;
}

StatusOr<GraspFile> ParseGraspFile(std::string_view text, const std::string& file, bool allow_truncated_tail) {
  GraspFile out;
  std::size_t at = 0;
  int line = 0;
  std::vector<char> seen;
  while (at < text.size()) {
    ++line;
    const std::size_t nl = text.find('\n', at);
    const bool complete = nl != std::string_view::npos;
    const std::string_view body = text.substr(at, complete ? nl - at : std::string_view::npos);
    at = complete ? nl + 1 : text.size();
    const std::string where = file + ":" + std::to_string(line);
    if (!complete) {
      if (allow_truncated_tail && line > 1) {
        out.dropped_truncated_tail = true;
        break;
      }
      return Status::Error(where + ": the file ends in the middle of a line (truncated; an interrupted write?)");
    }
    if (body.find_first_not_of(" \t\r") == std::string_view::npos) {
      return Status::Error(where + ": empty line");
    }
    const Json j = Json::parse(body, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return Status::Error(where + ": not valid JSON");
    if (line == 1) {
      GL_TRY(ParseHeader(j, where, &out));
      seen.assign(out.header.grasps, 0);
      continue;
    }
    GraspRow row;
    GL_TRY(ParseGraspRow(j, where, out.header, &row));
    if (seen[row.index]) return Status::Error(where + ": row " + std::to_string(row.index) + " appears twice");
    seen[row.index] = 1;
    out.rows.push_back(std::move(row));
  }
  if (line == 0) return Status::Error(file + ": empty (a grasp set starts with its header line)");
  return out;
}

Json SummarizeGraspRows(const std::vector<Json>& rows) {
  struct Bin {
    const char* name;
    double lo, hi;
    int grasps = 0, held = 0;
  };
  Bin bins[] = {{"no force closure", -1.0, 0.0}, {"(0, 0.05]", 0.0, 0.05}, {"(0.05, 0.1]", 0.05, 0.1},
                {"(0.1, 0.2]", 0.1, 0.2}, {"> 0.2", 0.2, 1e300}};
  int planned = 0, errors = 0, fc = 0, verified = 0, verify_errors = 0, lifted = 0, held = 0, fc_after = 0;
  double slip_sum = 0.0;
  for (const Json& r : rows) {
    if (r.contains("error")) {
      ++errors;
      continue;
    }
    ++planned;
    const bool static_fc = r["static"]["forceClosure"].get<bool>();
    const double eps = r["static"]["epsilon"].get<double>();
    fc += static_fc;
    if (r.contains("dynamicError")) ++verify_errors;
    if (!r.contains("dynamic")) continue;
    const Json& d = r["dynamic"];
    ++verified;
    const bool h = d["held"].get<bool>();
    lifted += d["lifted"].get<bool>();
    held += h;
    fc_after += d["forceClosure"].get<bool>();
    if (h) slip_sum += d["slipMm"].get<double>();
    for (Bin& b : bins) {
      const bool in = static_fc ? (eps > b.lo && eps <= b.hi && b.lo >= 0.0) : b.lo < 0.0;
      if (in) b.grasps += 1, b.held += h;
    }
  }
  Json out;
  out["rows"] = rows.size();
  out["planned"] = planned;
  out["planErrors"] = errors;
  out["staticForceClosure"] = fc;
  if (verified + verify_errors > 0) {
    out["verified"] = verified;
    out["verifyErrors"] = verify_errors;
    out["lifted"] = lifted;
    out["held"] = held;
    out["forceClosureAfter"] = fc_after;
    out["meanSlipMmWhenHeld"] = held > 0 ? slip_sum / held : 0.0;
    Json table = Json::array();
    for (const Bin& b : bins) {
      Json row;
      row["staticEpsilon"] = b.name;
      row["grasps"] = b.grasps;
      row["held"] = b.held;
      row["heldFraction"] = b.grasps > 0 ? static_cast<double>(b.held) / b.grasps : 0.0;
      table.push_back(row);
    }
    out["byStaticEpsilon"] = table;
  }
  return out;
}

Status ParseShard(std::string_view text, int* shard, int* shards) {
  const std::string s(text);
  const std::size_t slash = s.find('/');
  const std::string what = "shard \"" + s + "\"";
  if (slash == std::string::npos) return Status::Error(what + ": must be I/N (this process's slice I of N, 0 <= I < N)");
  char* end = nullptr;
  const std::string a = s.substr(0, slash), b = s.substr(slash + 1);
  const long i = std::strtol(a.c_str(), &end, 10);
  if (a.empty() || *end != '\0') return Status::Error(what + ": I must be a whole number");
  const long n = std::strtol(b.c_str(), &end, 10);
  if (b.empty() || *end != '\0') return Status::Error(what + ": N must be a whole number");
  if (n < 1 || n > 100000) return Status::Error(what + ": N must be in [1, 100000]");
  if (i < 0 || i >= n) {
    return Status::Error(what + ": I must be in [0, N - 1] = [0, " + std::to_string(n - 1) + "] (shards count from 0)");
  }
  *shard = static_cast<int>(i), *shards = static_cast<int>(n);
  return Status::Ok();
}

}  // namespace grasplab
