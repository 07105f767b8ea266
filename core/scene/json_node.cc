#include "core/scene/json_node.h"

#include <algorithm>

#include "core/base/format.h"

namespace grasplab {
namespace {

// Levenshtein distance, for "did you mean" suggestions.
int EditDistance(const std::string& a, const std::string& b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string Describe(const Json& v) {
  std::string s = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

Status Node::ExpectObject(const std::vector<std::string>& allowed) const {
  if (!v_->is_object()) return Error("must be an object, got " + Describe(*v_));
  for (auto it = v_->begin(); it != v_->end(); ++it) {
    if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end()) continue;
    std::string best;
    int best_d = 3;
    for (const std::string& a : allowed) {
      const int d = EditDistance(it.key(), a);
      if (d < best_d) best_d = d, best = a;
    }
    std::string msg = Child(it.key()) + ": unknown field";
    if (!best.empty()) msg += " (did you mean '" + best + "'?)";
    return Status::Error(msg);
  }
  return Status::Ok();
}

Status Number(const Node& parent, const std::string& key, double* out, bool required, double lo, double hi,
              bool lo_open) {
  if (!parent.Has(key)) {
    return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  }
  const Json& v = parent.json().at(key);
  const std::string path = parent.Child(key);
  if (!v.is_number()) return Status::Error(path + ": must be a number, got " + Describe(v));
  const double x = v.get<double>();
  const bool ok = IsFinite(x) && (lo_open ? x > lo : x >= lo) && x <= hi;
  if (!ok) {
    return Status::Error(path + ": must be a finite number " + (lo_open ? "> " : ">= ") + FormatNumber(lo) +
                         (hi < 1e300 ? " and <= " + FormatNumber(hi) : std::string()) + ", got " + Describe(v));
  }
  *out = x;
  return Status::Ok();
}

Status Integer(const Node& parent, const std::string& key, int* out, bool required, int lo, int hi) {
  double x = *out;
  GL_TRY(Number(parent, key, &x, required, lo, hi));
  if (x != static_cast<double>(static_cast<int>(x))) {
    return Status::Error(parent.Child(key) + ": must be a whole number, got " + Describe(parent.json().at(key)));
  }
  *out = static_cast<int>(x);
  return Status::Ok();
}

Status Vector(const Node& parent, const std::string& key, int n, double* out, bool required) {
  if (!parent.Has(key)) return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  const Json& v = parent.json().at(key);
  const std::string path = parent.Child(key);
  if (!v.is_array() || static_cast<int>(v.size()) != n) {
    return Status::Error(path + ": must be an array of " + std::to_string(n) + " numbers, got " + Describe(v));
  }
  for (int i = 0; i < n; ++i) {
    if (!v[i].is_number() || !IsFinite(v[i].get<double>())) {
      return Status::Error(path + "[" + std::to_string(i) + "]: must be a finite number, got " + Describe(v[i]));
    }
    out[i] = v[i].get<double>();
  }
  return Status::Ok();
}

Status String(const Node& parent, const std::string& key, std::string* out, bool required) {
  if (!parent.Has(key)) return required ? Status::Error(parent.Child(key) + ": required") : Status::Ok();
  const Json& v = parent.json().at(key);
  if (!v.is_string()) return Status::Error(parent.Child(key) + ": must be a string, got " + Describe(v));
  *out = v.get<std::string>();
  if (out->empty() || out->size() > 256) return Status::Error(parent.Child(key) + ": must have 1 to 256 characters");
  return Status::Ok();
}

Status Bool(const Node& parent, const std::string& key, bool* out) {
  if (!parent.Has(key)) return Status::Ok();
  const Json& v = parent.json().at(key);
  if (!v.is_boolean()) return Status::Error(parent.Child(key) + ": must be true or false, got " + Describe(v));
  *out = v.get<bool>();
  return Status::Ok();
}

Status Pose7(const Node& n, Pose* X) {
  double p[3] = {0, 0, 0}, q[4] = {1, 0, 0, 0};
  GL_TRY(Vector(n, "position", 3, p, false));
  GL_TRY(Vector(n, "orientation", 4, q, false));
  Quat qq(q[0], q[1], q[2], q[3]);
  if (!(qq.norm() > 1e-6)) return Status::Error(n.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
  X->p = Vec3(p[0], p[1], p[2]);
  X->q = qq.normalized();
  return Status::Ok();
}

Status Size2(const Node& n, double* x, double* y) {
  if (!n.Has("size")) return Status::Error(n.Child("size") + ": required, [x, y] in m");
  double size[2] = {0.0, 0.0};
  GL_TRY(Vector(n, "size", 2, size, true));
  for (int k = 0; k < 2; ++k) {
    if (!(size[k] > 0.0) || size[k] > 10.0) {
      return Status::Error(n.Child("size") + "[" + std::to_string(k) + "]: must be a finite number > 0 and <= 10 (m), got " +
                           Describe(n.At("size").json().at(k)));
    }
  }
  *x = size[0];
  *y = size[1];
  return Status::Ok();
}

}  // namespace grasplab
