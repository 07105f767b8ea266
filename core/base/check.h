// Range checks for numbers at the API edges, with one wording everywhere
// ("solver.tolerance: must be a finite number >= 0 and <= 1, got 2"). The
// field name is always the caller's: the scene format passes its JSON path,
// an API setter the C++ name of its argument.
#pragma once

#include <string>

#include "core/base/status.h"

namespace grasplab {

// x finite and in [lo, hi] ((lo, hi] when lo_open); hi >= 1e300 means no
// upper bound worth printing.
Status CheckNumber(const std::string& field, double x, double lo, double hi, bool lo_open = false);

// x a whole number in [lo, hi].
Status CheckWholeNumber(const std::string& field, double x, double lo, double hi);

}  // namespace grasplab
