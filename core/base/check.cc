#include "core/base/check.h"

#include "core/base/format.h"

namespace grasplab {

Status CheckNumber(const std::string& field, double x, double lo, double hi, bool lo_open) {
  const bool finite = x == x && x - x == 0.0;
  if (finite && (lo_open ? x > lo : x >= lo) && x <= hi) return Status::Ok();
  return Status::Error(field + ": must be a finite number " + (lo_open ? "> " : ">= ") + FormatNumber(lo) +
                       (hi < 1e300 ? " and <= " + FormatNumber(hi) : std::string()) + ", got " + FormatNumber(x));
}

Status CheckWholeNumber(const std::string& field, double x, double lo, double hi) {
  if (Status s = CheckNumber(field, x, lo, hi); !s.ok()) return s;
  if (x != static_cast<double>(static_cast<long long>(x))) {
    return Status::Error(field + ": must be a whole number, got " + FormatNumber(x));
  }
  return Status::Ok();
}

}  // namespace grasplab
