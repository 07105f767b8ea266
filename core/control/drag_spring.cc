#include "core/control/drag_spring.h"

#include <cmath>

#include "core/base/format.h"

namespace grasplab {

StatusOr<DragSpring> MakeDragSpring(BodyId body, double mass, const Vec3& p_B, const Vec3& target_W, double kp) {
  if (!IsFinite(p_B) || !IsFinite(target_W)) return Status::Error("drag: point and target must be finite");
  if (!IsFinite(kp) || kp <= 0.0) return Status::Error("drag: k_p must be > 0, got " + FormatNumber(kp));
  return DragSpring{body, p_B, target_W, kp, std::sqrt(2.0 * mass * kp), Vec3::Zero()};
}

void ApplyDragSpring(const Pose& X_WB, const Vec3& v_WB, const Vec3& w_WB, double h, DragSpring* drag, VelocityBody* vb) {
  const Vec3 r = X_WB.q * drag->p_B;
  const Vec3 x_dot = v_WB + w_WB.cross(r);
  drag->force_W = drag->kp * (drag->target_W - (X_WB.p + r)) - drag->kv * x_dot;
  vb->v_W += (h * vb->inv_mass) * drag->force_W;
  vb->w_W += vb->inv_I_W * r.cross(h * drag->force_W);
}

StatusOr<double> DragStiffness(double mass, double frequency_hz) {
  if (!(frequency_hz > 0.0 && frequency_hz <= 100.0)) return Status::Error("drag: frequency must be in (0, 100] Hz");
  if (!(mass > 0.0) || !IsFinite(mass)) return Status::Error("drag: only a dynamic body (mass > 0) can be dragged");
  const double omega = 2.0 * 3.14159265358979323846 * frequency_hz;
  return mass * omega * omega;
}

}  // namespace grasplab
