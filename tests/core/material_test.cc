// Materials, the pair table and eq. 13 (core/dynamics/material).
#include <catch2/catch.hpp>

#include "core/dynamics/material.h"

using namespace grasplab;

TEST_CASE("Pair friction: table override, else geometric mean, restitution: max", "[material]") {
  MaterialTable t;
  const MaterialId rubber = t.Add({"rubber", 1.0, 0.8, 0.1}).value();
  const MaterialId wood = t.Add({"wood", 0.49, 0.36, 0.5}).value();
  const MaterialId ice = t.Add({"ice", 0.0, 0.0, 0.0}).value();
  PairProperties p = t.Combine(rubber, wood);
  CHECK(p.static_friction == Approx(0.7));
  CHECK(p.kinetic_friction == Approx(std::sqrt(0.8 * 0.36)));
  CHECK(p.restitution == 0.5);
  CHECK(t.Combine(ice, rubber).static_friction == 0.0);

  REQUIRE(t.SetPair(wood, rubber, 0.9, 0.7).ok());
  p = t.Combine(rubber, wood);
  CHECK(p.static_friction == 0.9);
  CHECK(p.kinetic_friction == 0.7);
  CHECK(t.Combine(wood, rubber).static_friction == 0.9);  // either order
  CHECK(t.Find("wood") == wood);
  CHECK(t.Find("steel") == -1);
}

TEST_CASE("Bad materials are refused with the field named", "[material]") {
  MaterialTable t;
  auto r = t.Add({"glue", 0.5, 0.6, 0.0});
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "materials.glue.kineticFriction: must be a number in [0, staticFriction = 0.5], got 0.6");
  r = t.Add({"default", 0.5, 0.4, 0.0});
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "materials.default: duplicate material name");
  r = t.Add({"bouncy", 0.5, 0.4, 1.5});
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().message() == "materials.bouncy.restitution: must be a number in [0, 1], got 1.5");
}

TEST_CASE("Eq. 13: static below the slip threshold, kinetic at or above it", "[material]") {
  const PairProperties p{0.9, 0.7, 0.0};
  CHECK(SelectFriction(p, 0.0, 1e-3) == 0.9);
  CHECK(SelectFriction(p, 0.99e-3, 1e-3) == 0.9);
  CHECK(SelectFriction(p, 1e-3, 1e-3) == 0.7);
  CHECK(SelectFriction(p, 2.0, 1e-3) == 0.7);
}
