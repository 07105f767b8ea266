// Typed, path-carrying access to a parsed JSON document (json_reader.h), the
// vocabulary of the scene parser: every accessor's error names the JSON
// path ("bodies[3].shape.size[1]: must be > 0 ...") and unknown fields are
// refused with a suggestion for near misses.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

using Json = nlohmann::json;

// At most 40 characters of v, as JSON.
std::string Describe(const Json& v);

// A JSON value with the path that leads to it.
class Node {
 public:
  Node(const Json& value, std::string path) : v_(&value), path_(std::move(path)) {}
  const Json& json() const { return *v_; }
  const std::string& path() const { return path_; }
  std::string Child(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  bool Has(const std::string& key) const { return v_->is_object() && v_->contains(key); }
  Node At(const std::string& key) const { return Node(v_->at(key), Child(key)); }
  Node At(std::size_t i) const { return Node(v_->at(i), path_ + "[" + std::to_string(i) + "]"); }

  Status Error(const std::string& what) const { return Status::Error(path_ + ": " + what); }
  // An object whose keys are all in `allowed` ("did you mean" for near misses).
  Status ExpectObject(const std::vector<std::string>& allowed) const;

 private:
  const Json* v_;  // the document outlives its nodes
  std::string path_;
};

// Field `key` of `parent` into *out; absent: an error if required, else *out
// is left as it is. Numbers must be finite and in [lo, hi] ((lo, hi] when
// lo_open).
Status Number(const Node& parent, const std::string& key, double* out, bool required, double lo, double hi,
              bool lo_open = false);
// A whole number in [lo, hi].
Status Integer(const Node& parent, const std::string& key, int* out, bool required, int lo, int hi);
// An array of n finite numbers.
Status Vector(const Node& parent, const std::string& key, int n, double* out, bool required);
// A string of 1 to 256 characters.
Status String(const Node& parent, const std::string& key, std::string* out, bool required);
Status Bool(const Node& parent, const std::string& key, bool* out);
// "position" [x, y, z] and "orientation" [w, x, y, z] of n (defaults: origin,
// identity); the quaternion normalised.
Status Pose7(const Node& n, Pose* X);
// "size" [x, y] of n (m), required, each in (0, 10]: a tactile array's or a
// pad's extent.
Status Size2(const Node& n, double* x, double* y);

}  // namespace grasplab
