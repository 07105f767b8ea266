#include "core/solvers/reduced_island.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "core/solvers/block_gram.h"
#include "core/solvers/reduced_island_internal.h"

namespace grasplab {
namespace internal {

// W = M^-1 applied to a 6-vector [f; tau] of body x.
Vec6 ApplyW(const VelocityBody& body, const Vec6& j) {
  Vec6 out;
  out.head<3>() = body.inv_mass * j.head<3>();
  out.tail<3>() = body.inv_I_W * j.tail<3>();
  return out;
}

Vec6 Velocity(const VelocityBody& body) {
  Vec6 v;
  v << body.v_W, body.w_W;
  return v;
}

// Cholesky S = L L^T in place (lower triangle), skipping pivots below
// `floor` (redundant rows): their column of L is zeroed and `active` false.
void Cholesky(std::vector<double>* S, int n, std::vector<char>* active, std::vector<int>* nz_scratch) {
  std::vector<double>& a = *S;
  double max_diag = 0.0;
  for (int i = 0; i < n; ++i) max_diag = std::max(max_diag, a[i * n + i]);
  const double floor = 1e-12 * std::max(max_diag, 1e-300);
  active->assign(n, 1);
  // Right-looking, on U = L^T (row j of U is column j of L, contiguous):
  // once column j is final, every later entry loses L_ij L_kj. Each entry
  // sees the same subtractions in the same order as the left-looking dot
  // products l_ik = (s_ik - sum_j l_ij l_kj) / l_kk (bit-identical), but
  // the inner loop is a contiguous axpy rather than a chain of dependent
  // additions. S's upper triangle holds S (symmetric) on entry.
  //
  // Only the nonzeros of row j of U take part: an entry of S or of a
  // partial sum is never -0 (a sum starting at +0 cancels to +0), so
  // subtracting a +-0 product would leave it unchanged. A tree's S is
  // sparse (a joint row meets its parent's and children's), so this costs
  // the fill-in, not n^3 / 6.
  std::vector<int>& nz = *nz_scratch;
  nz.reserve(n);
  for (int j = 0; j < n; ++j) {
    double* uj = &a[j * n];
    const double d = uj[j];
    if (!(d > floor)) {
      (*active)[j] = 0;
      for (int i = j; i < n; ++i) uj[i] = 0.0;
      continue;
    }
    const double l = std::sqrt(d);
    uj[j] = l;
    nz.clear();
    for (int i = j + 1; i < n; ++i) {
      if (uj[i] == 0.0) continue;  // +0 / l = +0
      uj[i] /= l;
      nz.push_back(i);
    }
    for (std::size_t kk = 0; kk < nz.size(); ++kk) {
      const int k = nz[kk];
      const double f = uj[k];
      double* uk = &a[k * n];
      for (std::size_t ii = kk; ii < nz.size(); ++ii) uk[nz[ii]] -= uj[nz[ii]] * f;
    }
  }
  // L into the lower triangle, where its users read it (the upper keeps U).
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j) a[i * n + j] = a[j * n + i];
  }
}

void MirrorLower(std::vector<double>* G, int n) {
  double* g = G->data();
  // Rows i, i + 1 (i even) at a time, in 2 x 2 blocks of columns k, k + 1
  // (k < i): two contiguous reads per row and two contiguous writes per
  // column, with half the loop overhead of one entry at a time.
  int i = 0;
  for (; i + 1 < n; i += 2) {
    const double* r0 = g + static_cast<std::size_t>(i) * n;
    const double* r1 = r0 + n;
    for (int k = 0; k < i; k += 2) {
      double* c0 = g + static_cast<std::size_t>(k) * n + i;
      double* c1 = c0 + n;
      c0[0] = r0[k];
      c0[1] = r1[k];
      c1[0] = r0[k + 1];
      c1[1] = r1[k + 1];
    }
    g[static_cast<std::size_t>(i) * n + i + 1] = r1[i];
  }
  if (i < n) {  // the last row of an odd n
    for (int k = 0; k < i; ++k) g[static_cast<std::size_t>(k) * n + i] = g[static_cast<std::size_t>(i) * n + k];
  }
}

// Solves L L^T x = b in place, with inactive (redundant) rows set to 0.
void CholeskySolve(const std::vector<double>& L, int n, const std::vector<char>& active, std::vector<double>* b) {
  std::vector<double>& x = *b;
  for (int i = 0; i < n; ++i) {
    if (!active[i]) {
      x[i] = 0.0;
      continue;
    }
    double s = x[i];
    for (int k = 0; k < i; ++k) s -= L[i * n + k] * x[k];
    x[i] = s / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    if (!active[i]) {
      x[i] = 0.0;
      continue;
    }
    double s = x[i];
    for (int k = i + 1; k < n; ++k) s -= L[k * n + i] * x[k];
    x[i] = s / L[i * n + i];
  }
}

}  // namespace internal

namespace {

using internal::ApplyW;
using internal::Cholesky;
using internal::CholeskySolve;
using internal::MirrorLower;
using internal::Velocity;

// Per row of an mj x N matrix, the set of bodies (6 columns each) on which
// its entries may differ from +0, as bits (in the caller's storage).
class BodySets {
 public:
  BodySets(int rows, int bodies, std::vector<std::uint64_t>* storage)
      : words_((bodies + 63) / 64), bits_(*storage) {
    bits_.assign(static_cast<std::size_t>(rows) * words_, 0);
  }
  void Add(int row, int body) { bits_[Word(row, body)] |= std::uint64_t{1} << (body % 64); }
  void Clear(int row) { std::fill_n(&bits_[static_cast<std::size_t>(row) * words_], words_, 0); }
  // Row `into` takes the union with row `from`.
  void Merge(int into, int from) {
    for (int w = 0; w < words_; ++w) bits_[Index(into, w)] |= bits_[Index(from, w)];
  }
  bool Has(int row, int body) const { return (bits_[Word(row, body)] >> (body % 64)) & 1u; }
  // Whether Jacobian row r has a block on a body of the set.
  bool Touches(int row, const JacobianRow& r) const {
    for (int b = 0; b < r.count; ++b) {
      if (Has(row, r.body[b])) return true;
    }
    return false;
  }
  // f(body) for each body of the set, in increasing order.
  template <class F>
  void ForEach(int row, F&& f) const {
    for (int w = 0; w < words_; ++w) {
      for (std::uint64_t m = bits_[Index(row, w)]; m != 0; m &= m - 1) f(64 * w + std::countr_zero(m));
    }
  }

 private:
  std::size_t Index(int row, int w) const { return static_cast<std::size_t>(row) * words_ + w; }
  std::size_t Word(int row, int body) const { return Index(row, body / 64); }
  int words_;
  std::vector<std::uint64_t>& bits_;
};

// The part every body-coordinate reduction starts with: the sizes, the
// free velocities v_free (= v_c until the solve), and W h per block of
// every row into out->scratch.WH.
void BeginReduction(const IslandSystem& sys, const std::vector<JacobianRow>& H, ReducedIsland* out) {
  const int nb = static_cast<int>(sys.bodies.size());
  const int mh = static_cast<int>(H.size());
  out->N = 6 * nb;
  out->mh = mh;
  out->v_free.assign(out->N, 0.0);
  for (int i = 0; i < nb; ++i) {
    const Vec6 v = Velocity(*sys.bodies[i]);
    for (int k = 0; k < 6; ++k) out->v_free[6 * i + k] = v[k];
  }
  out->v_c = out->v_free;
  std::vector<Vec6>& WH = out->scratch.WH;
  WH.resize(static_cast<std::size_t>(mh) * JacobianRow::kMaxBlocks);
  for (int r = 0; r < mh; ++r) {
    for (int b = 0; b < H[r].count; ++b) WH[r * JacobianRow::kMaxBlocks + b] = ApplyW(*sys.bodies[H[r].body[b]], H[r].J[b]);
  }
}

}  // namespace

// Row . (island velocity vector, 6 per body, dense).
double RowDot(const JacobianRow& r, const double* v) {
  double s = 0.0;
  for (int b = 0; b < r.count; ++b) {
    const double* vb = v + 6 * r.body[b];
    for (int k = 0; k < 6; ++k) s += r.J[b][k] * vb[k];
  }
  return s;
}

// Adds s * W row^T into the dense island vector v (6 per body).
void AddWRowT(const std::vector<VelocityBody*>& bodies, const JacobianRow& r, double s, double* v) {
  for (int b = 0; b < r.count; ++b) {
    const Vec6 w = ApplyW(*bodies[r.body[b]], r.J[b]);
    for (int k = 0; k < 6; ++k) v[6 * r.body[b] + k] += s * w[k];
  }
}

// The rate of contact c's relative velocity along d: (v_a + w_a x r_a -
// v_b - w_b x r_b) . d.
JacobianRow ContactRow(const IslandSystem& sys, int c, const Vec3& d) {
  const Contact& ct = *sys.contacts[c];
  const auto [a, b] = sys.contact_bodies[c];
  JacobianRow r;
  if (a >= 0) {
    Vec6 j;
    j << d, (ct.p_W - sys.bodies[a]->p_W).cross(d);
    r.Add(a, j);
  }
  if (b >= 0) {
    Vec6 j;
    j << -d, -(ct.p_W - sys.bodies[b]->p_W).cross(d);
    r.Add(b, j);
  }
  return r;
}

// rho (w_a - w_b) . n: the spin at contact c, as a velocity at radius rho.
JacobianRow TorsionRow(const IslandSystem& sys, int c, double rho) {
  const Vec3& n = sys.contacts[c]->n_W;
  const auto [a, b] = sys.contact_bodies[c];
  JacobianRow r;
  Vec6 j;
  j << Vec3::Zero(), rho * n;
  r.Add(a, j);
  r.Add(b, -j);
  return r;
}

JacobianRow RollingRow(const IslandSystem& sys, int c, const Vec3& t) {
  const auto [a, b] = sys.contact_bodies[c];
  JacobianRow r;
  Vec6 j;
  j << Vec3::Zero(), t;
  r.Add(a, j);
  r.Add(b, -j);
  return r;
}

void ReduceIsland(const IslandSystem& sys, const std::vector<JacobianRow>& H, ReducedIsland* out) {
  if (!sys.trees.empty()) {
    internal::ReduceIslandTrees(sys, H, out);
    return;
  }
  const int nb = static_cast<int>(sys.bodies.size());
  const int N = 6 * nb;
  const int mj = static_cast<int>(sys.joint_rows.size());
  const int mh = static_cast<int>(H.size());
  // Free velocities, dense; W h_k per block of row k (for H W H^T: dotted
  // with row i's blocks on the same bodies).
  BeginReduction(sys, H, out);
  std::vector<Vec6>& WH = out->scratch.WH;
  std::vector<double>& G = out->G;
  G.resize(static_cast<std::size_t>(mh) * mh);  // every entry written below
  BlockGramLower(H, WH, G.data(), &out->scratch.gram);  // the upper triangle after G -= Z^T Z
  out->L.clear();
  out->active.clear();
  out->Y.clear();
  out->Z.clear();
  if (mj == 0) {
    MirrorLower(&G, mh);
    return;
  }
  // S = J W J^T, from the rows W J^T (dense, mj x N). Each row's entries
  // that may differ from +0 lie on the bodies of its set (BodySets).
  std::vector<double>& Y = out->Y;
  Y.assign(static_cast<std::size_t>(mj) * N, 0.0);
  BodySets sets(mj, nb, &out->scratch.body_sets);
  for (int i = 0; i < mj; ++i) {
    const JacobianRow& row = sys.joint_rows[i];
    AddWRowT(sys.bodies, row, 1.0, &Y[static_cast<std::size_t>(i) * N]);
    for (int b = 0; b < row.count; ++b) sets.Add(i, row.body[b]);
  }
  std::vector<double>& L = out->L;
  L.assign(static_cast<std::size_t>(mj) * mj, 0.0);
  for (int i = 0; i < mj; ++i) {
    for (int k = 0; k <= i; ++k) {
      // A row that meets none of Y_k's bodies dots only +0 entries: S_ik = +0.
      if (!sets.Touches(k, sys.joint_rows[i])) continue;
      const double s = RowDot(sys.joint_rows[i], &Y[static_cast<std::size_t>(k) * N]);
      L[i * mj + k] = s;
      L[k * mj + i] = s;
    }
  }
  Cholesky(&L, mj, &out->active, &out->scratch.nz);
  // v_c = v* + W J^T S^-1 (e - J v*) = v* + Y^T L^-1 (e - J v*), before Y
  // is overwritten: t = L^-1 (e - J v*) needs only L.
  std::vector<double>& t = out->scratch.t;
  t.resize(mj);
  for (int i = 0; i < mj; ++i) t[i] = sys.joint_targets[i] - RowDot(sys.joint_rows[i], out->v_free);
  for (int i = 0; i < mj; ++i) {
    if (!out->active[i]) {
      t[i] = 0.0;
      continue;
    }
    double s = t[i];
    for (int k = 0; k < i; ++k) s -= L[i * mj + k] * t[k];
    t[i] = s / L[i * mj + i];
  }
  // Y = L^-1 (W J^T)^T in place, row by row (forward substitution; the
  // redundant rows are zero, as in CholeskySolve). A row of a tree's joint
  // fills in only over the bodies of the rows it is eliminated against, so
  // each update runs over the union of the two rows' body sets: outside
  // both, y_ic = +0 - l (+0) = +0 exactly (the same bits as a full sweep).
  for (int i = 0; i < mj; ++i) {
    double* yi = &Y[static_cast<std::size_t>(i) * N];
    if (!out->active[i]) {
      for (int c = 0; c < N; ++c) yi[c] = 0.0;
      sets.Clear(i);
      continue;
    }
    for (int k = 0; k < i; ++k) {
      const double l = L[i * mj + k];
      if (l == 0.0) continue;
      const double* yk = &Y[static_cast<std::size_t>(k) * N];
      sets.Merge(i, k);
      sets.ForEach(i, [&](int b) {
        for (int c = 6 * b; c < 6 * b + 6; ++c) yi[c] -= l * yk[c];
      });
    }
    const double inv = 1.0 / L[i * mj + i];  // > 0: +0 stays +0 off the set
    sets.ForEach(i, [&](int b) {
      for (int c = 6 * b; c < 6 * b + 6; ++c) yi[c] *= inv;
    });
  }
  for (int i = 0; i < mj; ++i) {
    if (t[i] == 0.0) continue;
    const double* yi = &Y[static_cast<std::size_t>(i) * N];
    for (int c = 0; c < N; ++c) out->v_c[c] += yi[c] * t[i];
  }
  // Z: row r is Y h_r; then G -= Z Z^T (symmetric).
  std::vector<double>& Z = out->Z;
  Z.assign(static_cast<std::size_t>(mh) * mj, 0.0);
  for (int r = 0; r < mh; ++r) {
    double* zr = &Z[static_cast<std::size_t>(r) * mj];
    for (int i = 0; i < mj; ++i) {
      if (sets.Touches(i, H[r])) zr[i] = RowDot(H[r], &Y[static_cast<std::size_t>(i) * N]);  // else +0
    }
  }
  // Z^T Z's lower triangle, accumulated joint row by joint row: each entry
  // sums z_ic z_kc in the order c = 0, 1, ... as a dot product would, but
  // the inner loop runs along a contiguous row of Z^T.
  if (mh == 0) return;  // no rows to couple (a chain without contacts, limits or motors)
  std::vector<double>& Zt = out->scratch.Zt;
  std::vector<double>& ZZ = out->scratch.ZZ;
  Zt.resize(static_cast<std::size_t>(mj) * mh);
  ZZ.assign(static_cast<std::size_t>(mh) * mh, 0.0);
  for (int r = 0; r < mh; ++r) {
    for (int c = 0; c < mj; ++c) Zt[static_cast<std::size_t>(c) * mh + r] = Z[static_cast<std::size_t>(r) * mj + c];
  }
  // A partial sum starts at +0 and can never become -0 (x + (-x) = +0), so
  // skipping a zero z_ic (adding +-0) leaves it bit for bit as it was.
  std::vector<int>& nz = out->scratch.nz;
  nz.reserve(mh);
  for (int c = 0; c < mj; ++c) {
    const double* zc = &Zt[static_cast<std::size_t>(c) * mh];
    nz.clear();
    for (int i = 0; i < mh; ++i) {
      if (zc[i] != 0.0) nz.push_back(i);
    }
    for (std::size_t ii = 0; ii < nz.size(); ++ii) {
      const int i = nz[ii];
      const double zi = zc[i];
      double* acc = &ZZ[static_cast<std::size_t>(i) * mh];
      for (std::size_t kk = 0; kk <= ii; ++kk) acc[nz[kk]] += zi * zc[nz[kk]];
    }
  }
  for (int i = 0; i < mh; ++i) {
    for (int k = 0; k <= i; ++k) G[static_cast<std::size_t>(i) * mh + k] -= ZZ[static_cast<std::size_t>(i) * mh + k];
  }
  MirrorLower(&G, mh);
}

void FinishIsland(IslandSystem* sys, const std::vector<JacobianRow>& H, ReducedIsland* red_io, const double* z,
                  std::vector<double>* joint_impulses) {
  if (!sys->trees.empty()) {
    internal::FinishIslandTrees(sys, H, red_io, z, joint_impulses);
    return;
  }
  const ReducedIsland& red = *red_io;
  ReducedIsland::Scratch& scratch = red_io->scratch;
  const int N = red.N;
  const int nb = N / 6;
  const int mh = static_cast<int>(H.size());
  const int mj = static_cast<int>(sys->joint_rows.size());
  // v^{l+1} = v_c + A H^T z = v_c + W H^T z - Y^T (Z^T z).
  std::vector<double>& WHz = scratch.WHz;
  WHz.assign(N, 0.0);
  for (int r = 0; r < mh; ++r) {
    if (z[r] != 0.0) AddWRowT(sys->bodies, H[r], z[r], WHz.data());
  }
  std::vector<double>& v = scratch.v;
  v = red.v_c;
  for (int k = 0; k < N; ++k) v[k] += WHz[k];
  if (mj > 0) {
    std::vector<double>& u = scratch.u;
    u.assign(mj, 0.0);
    for (int r = 0; r < mh; ++r) {
      if (z[r] == 0.0) continue;
      const double* zr = &red.Z[static_cast<std::size_t>(r) * mj];
      for (int i = 0; i < mj; ++i) u[i] += zr[i] * z[r];
    }
    for (int i = 0; i < mj; ++i) {
      if (u[i] == 0.0) continue;
      const double* yi = &red.Y[static_cast<std::size_t>(i) * N];
      for (int k = 0; k < N; ++k) v[k] -= yi[k] * u[i];
    }
  }
  for (int i = 0; i < nb; ++i) {
    sys->bodies[i]->v_W = Vec3(v[6 * i], v[6 * i + 1], v[6 * i + 2]);
    sys->bodies[i]->w_W = Vec3(v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]);
  }
  // Joint impulses: c_j = S^-1 (e - J v* - J W H^T z): J v^{l+1} = e holds,
  // and M (v - v*) = J^T c_j + H^T z.
  joint_impulses->assign(mj, 0.0);
  if (mj > 0) {
    std::vector<double>& y = scratch.y;
    y.resize(mj);
    for (int i = 0; i < mj; ++i) {
      y[i] = sys->joint_targets[i] - RowDot(sys->joint_rows[i], red.v_free) - RowDot(sys->joint_rows[i], WHz);
    }
    CholeskySolve(red.L, mj, red.active, &y);
    *joint_impulses = y;
  }
}

}  // namespace grasplab
