// The explicit Runge-Kutta 4(5) pair of Dormand & Prince (J. Comput. Appl.
// Math. 6, 1980; MATLAB's ode45), which Zechmair & Morel integrate their
// penalty contacts with (../shared/papers/002, section III): seven stages,
// the fifth-order solution is propagated (local extrapolation), the
// embedded fourth-order one estimates the error, and the last stage is the
// next step's first (FSAL).
//
// Error control: a step is accepted when
//   err = max_i |y5_i - y4_i| / (atol_i + rtol max(|y_i|, |y5_i|)) <= 1,
// and the next length is h 0.9 err^(-1/5), kept within [0.2 h, 5 h]
// (Hairer, Norsett & Wanner, Solving ODEs I, section II.4).
#pragma once

#include <functional>
#include <vector>

namespace grasplab {

class DormandPrince45 {
 public:
  // dydt = f(t, y). Must be deterministic; may be called with any t in the step.
  using Derivative = std::function<void(double t, const std::vector<double>& y, std::vector<double>* dydt)>;

  // One trial step of length h from (t, y), given k1 = f(t, y). Writes the
  // fifth-order y(t + h) and k7 = f(t + h, y(t + h)), and returns err (above;
  // atol.size() == y.size()). Nothing is kept between calls but buffers.
  double TryStep(const Derivative& f, double t, const std::vector<double>& y, const std::vector<double>& k1, double h,
                 const std::vector<double>& atol, double rtol, std::vector<double>* y5, std::vector<double>* k7);

  // The next step length after a step of length h with error err.
  static double NextStepLength(double h, double err);

 private:
  std::vector<double> k2_, k3_, k4_, k5_, k6_, stage_;
};

}  // namespace grasplab
