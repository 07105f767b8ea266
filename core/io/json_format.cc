#include "core/io/json_format.h"

namespace grasplab {
namespace {

bool IsFlat(const nlohmann::ordered_json& value) {
  if (!value.is_array()) return false;
  for (const auto& v : value) {
    if (v.is_structured()) return false;
  }
  return true;
}

void Write(const nlohmann::ordered_json& value, int indent, int depth, std::string* out) {
  const std::string pad(static_cast<std::size_t>(indent * (depth + 1)), ' ');
  const std::string close_pad(static_cast<std::size_t>(indent * depth), ' ');
  if (value.is_object() && !value.empty()) {
    *out += "{\n";
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first) *out += ",\n";
      first = false;
      *out += pad + nlohmann::ordered_json(it.key()).dump() + ": ";
      Write(it.value(), indent, depth + 1, out);
    }
    *out += "\n" + close_pad + "}";
  } else if (value.is_array() && !value.empty() && !IsFlat(value)) {
    *out += "[\n";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i) *out += ",\n";
      *out += pad;
      Write(value[i], indent, depth + 1, out);
    }
    *out += "\n" + close_pad + "]";
  } else if (value.is_array()) {
    *out += "[";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i) *out += ", ";
      *out += value[i].dump();
    }
    *out += "]";
  } else {
    *out += value.dump();
  }
}

}  // namespace

std::string FormatJson(const nlohmann::ordered_json& value, int indent) {
  std::string out;
  Write(value, indent, 0, &out);
  return out;
}

}  // namespace grasplab
