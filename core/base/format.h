// Number formatting for messages and text output.
#pragma once

#include <string>

namespace grasplab {

// The shortest decimal that reads back as the same double ("0.6", not
// "0.59999999999999998"); "nan", "inf", "-inf" for non-finite values.
std::string FormatNumber(double x);
// "[x, y, z]", each by FormatNumber: a point or vector in a message.
std::string FormatTriple(double x, double y, double z);

}  // namespace grasplab
