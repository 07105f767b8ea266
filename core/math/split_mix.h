// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014; the seeding generator of xoshiro): 64-bit state,
// one add and a mix per number. Our own rather than <random>, whose
// distributions differ between standard libraries: the same seed gives the
// same numbers natively, in WASM and in Python.
#pragma once

#include <cstdint>

namespace grasplab {

// Advances *state and returns the next number.
inline std::uint64_t SplitMix64(std::uint64_t* state) {
  std::uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() { return SplitMix64(&state_); }
  // Uniform in [0, 1): the top 53 bits.
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  // Uniform in [-1, 1).
  double Symmetric() { return 2.0 * Uniform() - 1.0; }

 private:
  std::uint64_t state_;
};

}  // namespace grasplab
