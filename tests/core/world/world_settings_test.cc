// World settings are checked once, where they enter, with the caller's names
// (core/world/world_settings); the defaults are the paper's.
#include <catch2/catch.hpp>

#include "core/world/world_settings.h"

using namespace grasplab;

TEST_CASE("Default world settings are the paper's and valid", "[settings]") {
  const WorldSettings s;
  CHECK(ValidateWorldSettings(s).ok());
  CHECK(s.contact_threshold == 1e-4);   // 0.1 mm, section 3.2
  CHECK(s.error_reduction == 0.2);      // gamma, eqs. 16 and 19
  CHECK(s.friction_directions == 8);
  CHECK(s.gravity.z() == -9.81);
}

TEST_CASE("Bad settings are named as the caller names them", "[settings]") {
  WorldSettings s;
  s.error_reduction = 2.0;
  CHECK(ValidateWorldSettings(s).message().rfind("error_reduction: ", 0) == 0);  // C++ names by default
  WorldSettingNames json;
  json.error_reduction = "solver.errorReduction";
  CHECK(ValidateWorldSettings(s, json).message().rfind("solver.errorReduction: ", 0) == 0);
  s = WorldSettings{};
  s.friction_directions = 7;
  CHECK_FALSE(ValidateWorldSettings(s).ok());
  s = WorldSettings{};
  s.contact_threshold = 0.0;
  CHECK_FALSE(ValidateWorldSettings(s).ok());
}
