// Status values returned at the API edges (scene load, body creation, step
// arguments). Errors carry a message that names the field and the problem;
// the core never throws (exceptions are disabled in the WASM build).
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace grasplab {

class [[nodiscard]] Status {
 public:
  static Status Ok() { return Status(); }
  static Status Error(std::string message) {
    Status s;
    s.ok_ = false;
    s.message_ = std::move(message);
    return s;
  }
  bool ok() const { return ok_; }
  const std::string& message() const { return message_; }

 private:
  bool ok_ = true;
  std::string message_;
};

// A value or the error that prevented it.
template <class T>
class [[nodiscard]] StatusOr {
 public:
  StatusOr(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  StatusOr(Status status) : status_(std::move(status)) { assert(!status_.ok()); }  // NOLINT
  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  const T& value() const& { assert(ok()); return *value_; }
  T& value() & { assert(ok()); return *value_; }
  T&& value() && { assert(ok()); return std::move(*value_); }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace grasplab

// Returns the Status of `expr` from the enclosing function when it is an error.
#define GL_TRY(expr)                                           \
  do {                                                         \
    if (::grasplab::Status s_ = (expr); !s_.ok()) return s_;   \
  } while (0)
