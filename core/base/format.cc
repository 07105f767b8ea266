#include "core/base/format.h"

#include <cstdio>
#include <cstdlib>

namespace grasplab {

std::string FormatNumber(double x) {
  if (x != x) return "nan";
  if (x - x != 0.0) return x > 0.0 ? "inf" : "-inf";
  // std::to_chars for double is missing from Emscripten 3.1.6's libc++; the
  // shortest %.*g that round-trips gives the same text on both builds.
  // Plain notation for everyday magnitudes ("10000", "0.0001"), the
  // exponent form for the rest.
  char buf[64];
  const double ax = x < 0.0 ? -x : x;
  if (ax == 0.0 || (ax >= 1e-5 && ax < 1e15)) {
    for (int decimals = 0; decimals <= 21; ++decimals) {
      std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
      if (std::strtod(buf, nullptr) == x) return buf;
    }
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

std::string FormatTriple(double x, double y, double z) {
  // Appended piece by piece: "[" + std::string, inlined, set off GCC 12's
  // false -Wrestrict/-Wstringop-overflow warning (its bug 105329) in every build.
  std::string s = "[";
  s += FormatNumber(x);
  s += ", ";
  s += FormatNumber(y);
  s += ", ";
  s += FormatNumber(z);
  s += "]";
  return s;
}

}  // namespace grasplab
