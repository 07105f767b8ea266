// Human-readable JSON: objects indented, arrays of numbers, strings and
// booleans kept on one line (poses read as [x, y, z]). Numbers keep the
// shortest representation that round-trips.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace grasplab {

std::string FormatJson(const nlohmann::ordered_json& value, int indent = 2);

}  // namespace grasplab
