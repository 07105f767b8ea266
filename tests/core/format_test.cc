#include <catch2/catch.hpp>
#include <cstdlib>
#include <limits>

#include "core/base/format.h"

using namespace grasplab;

TEST_CASE("Numbers print as the shortest text that reads back exactly", "[format]") {
  CHECK(FormatNumber(0.6) == "0.6");
  CHECK(FormatNumber(-1.0) == "-1");
  CHECK(FormatNumber(10000.0) == "10000");
  CHECK(FormatNumber(0.0) == "0");
  CHECK(FormatNumber(1e-7) == "1e-07");
  CHECK(FormatNumber(1e300) == "1e+300");
  CHECK(FormatNumber(std::numeric_limits<double>::quiet_NaN()) == "nan");
  CHECK(FormatNumber(-std::numeric_limits<double>::infinity()) == "-inf");
  for (double x : {0.1 + 0.2, 0.050050000000000004, 123456.789, 3.0e-5, 6.02214076e23}) {
    CHECK(std::strtod(FormatNumber(x).c_str(), nullptr) == x);
  }
}
