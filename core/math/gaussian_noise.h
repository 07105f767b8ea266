// Seeded Gaussian noise that is the same bit for bit natively, in WASM and in
// Python: SplitMix64 uniforms (math/split_mix.h) turned into standard normal
// deviates by Marsaglia's polar method (Marsaglia & Bray, "A convenient
// method for generating normal variables", SIAM Review 6, 1964):
//
//   u, v uniform in [-1, 1), s = u^2 + v^2, rejected unless 0 < s < 1;
//   z1 = u sqrt(-2 ln s / s),  z2 = v sqrt(-2 ln s / s)
//
// are two independent N(0, 1) deviates. ln is DetLog (math/det_math.h) and
// the rest is +, -, *, / and sqrt, so no libm function whose last bit may
// differ between glibc and musl is involved, and std::normal_distribution
// (whose algorithm differs between libstdc++ and libc++) is not used. The
// second deviate of each pair is kept for the next call.
#pragma once

#include <cstdint>

#include "core/math/split_mix.h"

namespace grasplab {

class GaussianNoise {
 public:
  explicit GaussianNoise(std::uint64_t seed = 0) : uniform_(seed) {}
  // The next N(0, 1) deviate.
  double Next();
  // sigma * Next() (0 without drawing when sigma is 0, so a noise-free
  // channel does not move the sequence of the others).
  double Next(double sigma) { return sigma == 0.0 ? 0.0 : sigma * Next(); }

 private:
  SplitMix uniform_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace grasplab
