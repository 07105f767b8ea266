// The reduced formulation's path through ReduceIsland and FinishIsland
// (solvers/reduced_island.h, ReducedIsland::Trees; solvers/island_tree.h):
// generalized velocities are the free bodies' 6-vectors followed by the
// trees' joint rates, and the inverse inertia is W on free bodies and H^-1
// (the tree's LTDL factor) on each tree.
#include <algorithm>
#include <vector>

#include "core/multibody/kinematics.h"
#include "core/multibody/ltdl.h"
#include "core/solvers/block_gram.h"
#include "core/solvers/reduced_island_internal.h"

namespace grasplab {
namespace {

using internal::ApplyW;
using internal::Cholesky;
using internal::CholeskySolve;
using internal::MirrorLower;
using internal::Velocity;


// The wrench F_W = [p x L + A; L] (world, about the world origin) of a row
// block J = [L; A] on a body with centre of mass p: the block's rate
// L . v_com + A . w equals F_W . [w; v_O] with v_O = v_com - w x p.
SpatialVector BlockWrench(const VelocityBody& body, const Vec6& J) {
  const Vec3 L = J.head<3>(), A = J.tail<3>();
  return MakeSpatial(body.p_W.cross(L) + A, L);
}

// Splits a row into its blocks on free bodies (free) and the joint-space
// image of its blocks on tree bodies (added into q, nq entries); blocks on
// a tree's base have no mobility and drop out.
void SplitRow(const IslandSystem& sys, const ReducedIsland::Trees& tp, const JacobianRow& row, JacobianRow* free,
              double* q) {
  *free = JacobianRow{};
  for (int b = 0; b < row.count; ++b) {
    const IslandTreeLink& link = sys.tree_links[row.body[b]];
    if (link.tree < 0) {
      free->Add(row.body[b], row.J[b]);
    } else if (link.body >= 0) {
      const IslandTree& t = sys.trees[link.tree];
      AddJointSpaceWrench(*t.model, *t.data, link.body, BlockWrench(*sys.bodies[row.body[b]], row.J[b]),
                          q + tp.offset[link.tree]);
    }
  }
}

// The island body's velocity 6-vector [v_com; w] from its tree's joint
// rates qd (the tree's own nq entries) and base twist.
Vec6 TreeBodyVelocity(const IslandSystem& sys, int b, const double* qd_all, const ReducedIsland::Trees& tp) {
  const IslandTreeLink& link = sys.tree_links[b];
  const IslandTree& t = sys.trees[link.tree];
  const SpatialVector V = BodyTwistWorld(*t.model, *t.data, link.body, qd_all + tp.offset[link.tree], t.V_base_W);
  const Vec3 w = Angular(V);
  Vec6 out;
  out << Linear(V) + w.cross(sys.bodies[b]->p_W), w;
  return out;
}

// Body-space velocities (6 per body) from generalized ones.
void BodyVelocities(const IslandSystem& sys, const ReducedIsland::Trees& tp, int N, const double* g, double* v) {
  const int nb = N / 6;
  for (int b = 0; b < nb; ++b) {
    if (sys.tree_links[b].tree < 0) {
      for (int k = 0; k < 6; ++k) v[6 * b + k] = g[6 * b + k];
    } else {
      const Vec6 vb = TreeBodyVelocity(sys, b, g + N, tp);
      for (int k = 0; k < 6; ++k) v[6 * b + k] = vb[k];
    }
  }
}

// x <- per tree: L^-T x (transpose = true) or L^-1 D^-1 x, on the nq tail.
void TreeSolve(const IslandSystem& sys, const ReducedIsland::Trees& tp, double* x, bool transpose) {
  for (std::size_t t = 0; t < sys.trees.size(); ++t) {
    double* xt = x + tp.offset[t];
    if (transpose) {
      ApplyLtdlInverseTranspose(*sys.trees[t].model, *sys.trees[t].data, xt);
    } else {
      ApplyDInverse(*sys.trees[t].data, xt);
      ApplyLtdlInverse(*sys.trees[t].model, *sys.trees[t].data, xt);
    }
  }
}

double Dot(const double* a, const double* b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

}  // namespace

namespace internal {

void ReduceIslandTrees(const IslandSystem& sys, const std::vector<JacobianRow>& H, ReducedIsland* out) {
  const int nb = static_cast<int>(sys.bodies.size());
  const int N = 6 * nb;
  const int mj = static_cast<int>(sys.joint_rows.size());
  const int mh = static_cast<int>(H.size());
  ReducedIsland::Trees& tp = out->trees;
  tp.offset.resize(sys.trees.size());
  tp.nq = 0;
  for (std::size_t t = 0; t < sys.trees.size(); ++t) {
    tp.offset[t] = tp.nq;
    tp.nq += sys.trees[t].model->dof();
  }
  const int nq = tp.nq;
  const int Ng = N + nq;
  out->N = N;
  out->mh = mh;
  out->v_free.assign(N, 0.0);
  for (int i = 0; i < nb; ++i) {
    const Vec6 v = Velocity(*sys.bodies[i]);
    for (int k = 0; k < 6; ++k) out->v_free[6 * i + k] = v[k];
  }
  tp.vfree.assign(Ng, 0.0);
  for (int i = 0; i < nb; ++i) {
    if (sys.tree_links[i].tree >= 0) continue;
    for (int k = 0; k < 6; ++k) tp.vfree[6 * i + k] = out->v_free[6 * i + k];
  }
  tp.Dinv.resize(nq);
  for (std::size_t t = 0; t < sys.trees.size(); ++t) {
    const IslandTree& tr = sys.trees[t];
    const int n = tr.model->dof();
    for (int j = 0; j < n; ++j) {
      tp.vfree[N + tp.offset[t] + j] = tr.qd[j];
      tp.Dinv[tp.offset[t] + j] = 1.0 / tr.data->ltdl[static_cast<std::size_t>(j) * n + j];
    }
  }
  // The rows, split; G = Hf W Hf^T + Yh D^-1 Yh^T.
  tp.Hf.resize(mh);
  tp.Hq.assign(static_cast<std::size_t>(mh) * nq, 0.0);
  for (int r = 0; r < mh; ++r) SplitRow(sys, tp, H[r], &tp.Hf[r], &tp.Hq[static_cast<std::size_t>(r) * nq]);
  tp.Yh = tp.Hq;
  for (int r = 0; r < mh; ++r) TreeSolve(sys, tp, &tp.Yh[static_cast<std::size_t>(r) * nq], /*transpose=*/true);
  std::vector<Vec6>& WH = out->scratch.WH;
  WH.resize(static_cast<std::size_t>(mh) * JacobianRow::kMaxBlocks);
  for (int r = 0; r < mh; ++r) {
    for (int b = 0; b < tp.Hf[r].count; ++b) {
      WH[r * JacobianRow::kMaxBlocks + b] = ApplyW(*sys.bodies[tp.Hf[r].body[b]], tp.Hf[r].J[b]);
    }
  }
  // G_ik = (free blocks) + sum_j Yh_ij Yh_kj / D_j: the free blocks'
  // lower triangle first (BlockGramLower), then row i's entries k <= i
  // together: each entry adds its j terms in increasing j, as one dot
  // product per entry would (the same bits), but the entries are
  // independent, so the loop over k runs without a dependency chain; a
  // zero Yh_ij (a row on free bodies, a joint off the row's branch) adds
  // nothing and is skipped (G's entries never hold -0, so the skipped +-0
  // terms change no bit).
  std::vector<double>& YhT = tp.YhT;  // nq x mh: Yh's columns, contiguous over rows
  YhT.resize(static_cast<std::size_t>(nq) * mh);
  for (int r = 0; r < mh; ++r) {
    for (int j = 0; j < nq; ++j) YhT[static_cast<std::size_t>(j) * mh + r] = tp.Yh[static_cast<std::size_t>(r) * nq + j];
  }
  std::vector<double>& G = out->G;
  G.resize(static_cast<std::size_t>(mh) * mh);  // every entry written below
  BlockGramLower(tp.Hf, WH, G.data(), &out->scratch.gram);
  for (int i = 0; i < mh; ++i) {
    double* gi = &G[static_cast<std::size_t>(i) * mh];
    const double* yi = &tp.Yh[static_cast<std::size_t>(i) * nq];
    for (int j = 0; j < nq; ++j) {
      const double yij = yi[j];
      if (yij == 0.0) continue;
      const double dj = tp.Dinv[j];
      const double* yj = &YhT[static_cast<std::size_t>(j) * mh];
      for (int k = 0; k <= i; ++k) gi[k] += yij * yj[k] * dj;
    }
  }
  out->L.clear();
  out->active.clear();
  out->Y.clear();
  out->Z.clear();
  tp.vc = tp.vfree;
  if (mj > 0) {
    // U = A0 J^T per joint row; S = J A0 J^T; then U <- L^-1 U and
    // t = L^-1 (e - J v*), as in ReduceIsland but dense (a reduced island
    // keeps only coupling and loop rows).
    tp.Jf.resize(mj);
    tp.Jq.assign(static_cast<std::size_t>(mj) * nq, 0.0);
    for (int i = 0; i < mj; ++i) SplitRow(sys, tp, sys.joint_rows[i], &tp.Jf[i], &tp.Jq[static_cast<std::size_t>(i) * nq]);
    tp.U.assign(static_cast<std::size_t>(mj) * Ng, 0.0);
    for (int i = 0; i < mj; ++i) {
      double* ui = &tp.U[static_cast<std::size_t>(i) * Ng];
      AddWRowT(sys.bodies, tp.Jf[i], 1.0, ui);
      for (int j = 0; j < nq; ++j) ui[N + j] = tp.Jq[static_cast<std::size_t>(i) * nq + j];
      TreeSolve(sys, tp, ui + N, /*transpose=*/true);
      TreeSolve(sys, tp, ui + N, /*transpose=*/false);
    }
    std::vector<double>& L = out->L;
    L.assign(static_cast<std::size_t>(mj) * mj, 0.0);
    for (int i = 0; i < mj; ++i) {
      for (int k = 0; k <= i; ++k) {
        const double* uk = &tp.U[static_cast<std::size_t>(k) * Ng];
        const double s = RowDot(tp.Jf[i], uk) + Dot(&tp.Jq[static_cast<std::size_t>(i) * nq], uk + N, nq);
        L[i * mj + k] = s;
        L[k * mj + i] = s;
      }
    }
    Cholesky(&L, mj, &out->active, &out->scratch.nz);
    std::vector<double>& t = out->scratch.t;
    t.resize(mj);
    for (int i = 0; i < mj; ++i) t[i] = sys.joint_targets[i] - RowDot(sys.joint_rows[i], out->v_free);
    for (int i = 0; i < mj; ++i) {
      double* ui = &tp.U[static_cast<std::size_t>(i) * Ng];
      if (!out->active[i]) {
        t[i] = 0.0;
        std::fill(ui, ui + Ng, 0.0);
        continue;
      }
      double s = t[i];
      for (int k = 0; k < i; ++k) {
        const double l = L[i * mj + k];
        s -= l * t[k];
        if (l == 0.0) continue;
        const double* uk = &tp.U[static_cast<std::size_t>(k) * Ng];
        for (int c = 0; c < Ng; ++c) ui[c] -= l * uk[c];
      }
      const double inv = 1.0 / L[i * mj + i];
      t[i] = s * inv;
      for (int c = 0; c < Ng; ++c) ui[c] *= inv;
    }
    for (int i = 0; i < mj; ++i) {
      const double* ui = &tp.U[static_cast<std::size_t>(i) * Ng];
      for (int c = 0; c < Ng; ++c) tp.vc[c] += ui[c] * t[i];
    }
    // Z_ri = h_r . Y_i (generalized); G -= Z Z^T. The joint-space dot
    // runs over the span of h_r's nonzero joint entries (the branches its
    // blocks sit on): outside it the terms are +-0, and a sum that starts
    // at +0 is never -0, so adding them changes no bit.
    std::vector<double>& Z = out->Z;
    Z.resize(static_cast<std::size_t>(mh) * mj);  // every entry written below
    for (int r = 0; r < mh; ++r) {
      const double* hq = &tp.Hq[static_cast<std::size_t>(r) * nq];
      int j0 = 0, j1 = nq;
      while (j0 < j1 && hq[j0] == 0.0) ++j0;
      while (j1 > j0 && hq[j1 - 1] == 0.0) --j1;
      for (int i = 0; i < mj; ++i) {
        const double* ui = &tp.U[static_cast<std::size_t>(i) * Ng];
        Z[static_cast<std::size_t>(r) * mj + i] = RowDot(tp.Hf[r], ui) + Dot(hq + j0, ui + N + j0, j1 - j0);
      }
    }
    // On the lower triangle, row i's entries together: each entry's sum
    // s_ik = (Z Z^T)_ik runs over the joint rows in increasing order from
    // +0, as Dot would (the same bits), along contiguous rows of Z^T.
    std::vector<double>& Zt = out->scratch.Zt;  // mj x mh
    std::vector<double>& s = out->scratch.ZZ;   // row i's s_ik, k <= i
    Zt.resize(static_cast<std::size_t>(mj) * mh);
    s.resize(mh);
    for (int r = 0; r < mh; ++r) {
      for (int i = 0; i < mj; ++i) Zt[static_cast<std::size_t>(i) * mh + r] = Z[static_cast<std::size_t>(r) * mj + i];
    }
    for (int i = 0; i < mh; ++i) {
      std::fill(s.begin(), s.begin() + i + 1, 0.0);
      for (int c = 0; c < mj; ++c) {
        const double zic = Z[static_cast<std::size_t>(i) * mj + c];
        if (zic == 0.0) continue;  // +-0 terms: s_ik starts at +0 and is never -0
        const double* zc = &Zt[static_cast<std::size_t>(c) * mh];
        for (int k = 0; k <= i; ++k) s[k] += zic * zc[k];
      }
      double* gi = &G[static_cast<std::size_t>(i) * mh];
      for (int k = 0; k <= i; ++k) gi[k] -= s[k];
    }
  }
  MirrorLower(&G, mh);
  out->v_c.resize(N);
  BodyVelocities(sys, tp, N, tp.vc.data(), out->v_c.data());
}

void FinishIslandTrees(IslandSystem* sys, const std::vector<JacobianRow>& H, ReducedIsland* red, const double* z,
                       std::vector<double>* joint_impulses) {
  ReducedIsland::Trees& tp = red->trees;
  const int N = red->N;
  const int nb = N / 6;
  const int nq = tp.nq;
  const int Ng = N + nq;
  const int mh = static_cast<int>(H.size());
  const int mj = static_cast<int>(sys->joint_rows.size());
  // delta = A0 H^T z: W on the free blocks, H^-1 (Hq^T z) = L^-1 D^-1 (Yh^T z) on the trees.
  tp.delta.assign(Ng, 0.0);
  for (int r = 0; r < mh; ++r) {
    if (z[r] == 0.0) continue;
    AddWRowT(sys->bodies, tp.Hf[r], z[r], tp.delta.data());
    const double* yr = &tp.Yh[static_cast<std::size_t>(r) * nq];
    for (int j = 0; j < nq; ++j) tp.delta[N + j] += yr[j] * z[r];
  }
  TreeSolve(*sys, tp, tp.delta.data() + N, /*transpose=*/false);
  std::vector<double>& v = red->scratch.v;
  v.resize(Ng);
  for (int c = 0; c < Ng; ++c) v[c] = tp.vc[c] + tp.delta[c];
  if (mj > 0) {
    std::vector<double>& u = red->scratch.u;
    u.assign(mj, 0.0);
    for (int r = 0; r < mh; ++r) {
      if (z[r] == 0.0) continue;
      for (int i = 0; i < mj; ++i) u[i] += red->Z[static_cast<std::size_t>(r) * mj + i] * z[r];
    }
    for (int i = 0; i < mj; ++i) {
      if (u[i] == 0.0) continue;
      const double* ui = &tp.U[static_cast<std::size_t>(i) * Ng];
      for (int c = 0; c < Ng; ++c) v[c] -= ui[c] * u[i];
    }
  }
  for (std::size_t t = 0; t < sys->trees.size(); ++t) {
    const IslandTree& tr = sys->trees[t];
    for (int j = 0; j < tr.model->dof(); ++j) tr.qd[j] = v[N + tp.offset[t] + j];
  }
  for (int b = 0; b < nb; ++b) {
    Vec6 vb;
    if (sys->tree_links[b].tree < 0) {
      for (int k = 0; k < 6; ++k) vb[k] = v[6 * b + k];
    } else {
      vb = TreeBodyVelocity(*sys, b, v.data() + N, tp);
    }
    sys->bodies[b]->v_W = vb.head<3>();
    sys->bodies[b]->w_W = vb.tail<3>();
  }
  // c_j = S^-1 (e - J v* - J A0 H^T z).
  joint_impulses->assign(mj, 0.0);
  if (mj > 0) {
    std::vector<double>& y = red->scratch.y;
    y.resize(mj);
    for (int i = 0; i < mj; ++i) {
      y[i] = sys->joint_targets[i] - RowDot(sys->joint_rows[i], red->v_free) - RowDot(tp.Jf[i], tp.delta.data()) -
             Dot(&tp.Jq[static_cast<std::size_t>(i) * nq], tp.delta.data() + N, nq);
    }
    CholeskySolve(red->L, mj, red->active, &y);
    *joint_impulses = y;
  }
}

}  // namespace internal
}  // namespace grasplab
