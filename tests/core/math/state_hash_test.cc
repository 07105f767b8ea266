// The state hash (core/math/state_hash): FNV-1a 64 over the bytes of each
// double, little-endian; the reference values are FNV-1a's own.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/math/state_hash.h"

using namespace grasplab;

TEST_CASE("State hash: FNV-1a over the raw bits, sensitive to one bit and to the sign of zero", "[hash]") {
  StateHasher empty;
  CHECK(HashToHex(empty.value()) == "cbf29ce484222325");  // FNV-1a 64's offset basis
  // 0.0 is eight zero bytes: FNV-1a of "\0" x 8, computed by the definition.
  std::uint64_t h = 14695981039346656037ull;
  for (int i = 0; i < 8; ++i) h = (h ^ 0u) * 1099511628211ull;
  StateHasher zero;
  zero.Add(0.0);
  CHECK(zero.value() == h);
  StateHasher minus_zero;
  minus_zero.Add(-0.0);
  CHECK(minus_zero.value() != zero.value());
  StateHasher a, b;
  a.Add(1.0);
  b.Add(std::nextafter(1.0, 2.0));  // one ulp
  CHECK(a.value() != b.value());
  StateHasher v1, v2;  // order matters
  v1.Add(Vec3(1, 2, 3));
  v2.Add(Vec3(3, 2, 1));
  CHECK(v1.value() != v2.value());
  CHECK(HashToHex(0x0123456789abcdefull) == "0123456789abcdef");
}
