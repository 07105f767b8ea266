// A 64-bit hash of simulation state, used to check bit-identical replay
// (run to run, native vs WASM, Chromium vs Node). FNV-1a over the raw IEEE-754
// bits, so any difference in any bit of any value changes the hash.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/math/types.h"

namespace grasplab {

class StateHasher {
 public:
  void Add(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (bits >> (8 * i)) & 0xffu;
      hash_ *= kPrime;
    }
  }
  void Add(const Vec3& v) { Add(v.x()); Add(v.y()); Add(v.z()); }
  void Add(const Quat& q) { Add(q.w()); Add(q.x()); Add(q.y()); Add(q.z()); }
  // The bytes of a text, in order (a sensor's name seeds its noise with it).
  void AddBytes(std::string_view text) {
    for (unsigned char c : text) {
      hash_ ^= c;
      hash_ *= kPrime;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  static constexpr std::uint64_t kOffset = 14695981039346656037ull;
  static constexpr std::uint64_t kPrime = 1099511628211ull;
  std::uint64_t hash_ = kOffset;
};

// 16 lower-case hex digits; JavaScript cannot hold a uint64 in a Number.
std::string HashToHex(std::uint64_t hash);

}  // namespace grasplab
