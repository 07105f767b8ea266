// A dot product without one long dependency chain: the sum of a_k b_k over
// k < n in four interleaved partial sums (k mod 4 over the leading multiple
// of 4), combined as (s0 + s1) + (s2 + s3), then the n mod 4 remaining
// terms added in increasing k. A fixed order, so the same bits natively and
// in WASM (no -ffast-math reassociation anywhere: CMakeLists.txt); four
// independent adds in flight instead of one (the back substitutions of the
// dense factorisations were bound by the add latency, ~4 cycles a term).
#pragma once

namespace grasplab {

inline double Dot4(const double* a, const double* b, int n) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  double s = (s0 + s1) + (s2 + s3);
  for (; k < n; ++k) s += a[k] * b[k];
  return s;
}

}  // namespace grasplab
