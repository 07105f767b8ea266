#include "core/math/gaussian_noise.h"

#include <cmath>

#include "core/math/det_math.h"

namespace grasplab {

double GaussianNoise::Next() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u = 0.0, v = 0.0, s = 0.0;
  do {
    u = uniform_.Symmetric();
    v = uniform_.Symmetric();
    s = u * u + v * v;
  } while (!(s > 0.0 && s < 1.0));
  const double f = std::sqrt(-2.0 * DetLog(s) / s);
  spare_ = v * f;
  has_spare_ = true;
  return u * f;
}

}  // namespace grasplab
