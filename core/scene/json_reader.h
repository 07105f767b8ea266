// The strict JSON reader for scenes and links (untrusted input). nlohmann's
// parser (Debian nlohmann-json3-dev) does the lexing; this reader drives it
// through its SAX interface so that every error names where it happened:
// the JSON path of the value being read ("bodies[1].inertia[0]") and its
// line and column. It refuses what the JSON grammar refuses (NaN and
// Infinity tokens among them) and, beyond the grammar, numbers that
// overflow a double (1e400), duplicate keys and nesting deeper than
// kMaxJsonDepth.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "core/base/status.h"

namespace grasplab {

inline constexpr int kMaxJsonDepth = 64;

// "bodies[0].mass: number 1e400 overflows a double (line 5, column 23)".
StatusOr<nlohmann::json> ReadJsonStrict(std::string_view text);

}  // namespace grasplab
