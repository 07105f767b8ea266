// Number checks at the edges (core/base/check): the field named, the range
// stated, NaN and infinities refused.
#include <catch2/catch.hpp>
#include <limits>

#include "core/base/check.h"

using namespace grasplab;

TEST_CASE("CheckNumber and CheckWholeNumber name the field and the range", "[check]") {
  CHECK(CheckNumber("solver.tolerance", 0.5, 0.0, 1.0).ok());
  CHECK(CheckNumber("solver.tolerance", 2.0, 0.0, 1.0).message().rfind("solver.tolerance: ", 0) == 0);
  CHECK(CheckNumber("solver.tolerance", 2.0, 0.0, 1.0).message().find("got 2") != std::string::npos);
  CHECK_FALSE(CheckNumber("x", std::numeric_limits<double>::quiet_NaN(), 0.0, 1.0).ok());
  CHECK_FALSE(CheckNumber("x", std::numeric_limits<double>::infinity(), 0.0, 1e308).ok());
  CHECK(CheckNumber("x", 0.0, 0.0, 1.0).ok());
  CHECK_FALSE(CheckNumber("x", 0.0, 0.0, 1.0, /*lo_open=*/true).ok());
  CHECK(CheckWholeNumber("solver.iterations", 50, 1, 1e5).ok());
  CHECK(CheckWholeNumber("solver.iterations", 2.5, 1, 1e5).message() ==
        "solver.iterations: must be a whole number, got 2.5");
  CHECK_FALSE(CheckWholeNumber("solver.iterations", 0, 1, 1e5).ok());
}
