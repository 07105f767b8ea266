#include "core/solvers/pgs_cone_solver.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>

#include <Eigen/Core>

#include "core/base/spin_barrier.h"
#include "core/base/worker_pool.h"
#include "core/math/tangent_basis.h"
#include "core/solvers/contact_partition.h"
#include "core/solvers/contact_target.h"
#include "core/solvers/friction_disk_projection.h"
#include "core/solvers/reduced_island.h"
#include "core/solvers/soft_contact.h"

namespace grasplab {
namespace {

using Mat3d = Eigen::Matrix3d;
using Vec3d = Eigen::Vector3d;

// An island of contacts only goes to the pool's workers from this many
// contacts on (the 1,000-body pile has ~4,600), for its packed rows
// (BuildPackedContacts) and its substeps (SolveSubsteps): below, one worker
// does the same work (the same bits) without waking the pool (~50 us).
constexpr int kParallelContacts = 512;

// |(x, y)| with sqrt only: std::hypot differs in the last bit between
// glibc and the WASM libc, which would break native/WASM bit equality.
double Norm2(double x, double y) { return std::sqrt(x * x + y * y); }

// (x, y) scaled onto the disk of radius limit when outside it (a warm
// start's clip: radial, not the metric projection of the sweeps).
void ScaleIntoDisk(double limit, double* x, double* y) {
  const double norm = Norm2(*x, *y);
  if (norm > limit) {
    const double s = norm > 0.0 ? limit / norm : 0.0;
    *x *= s;
    *y *= s;
  }
}

// A pair of rows bounded by a disk, |(x1, x2)| <= limit, given the rest:
// with their 2x2 block (a, b; b, d) and velocities (w1, w2), the sticking
// impulse s = z - G^-1 w (which stops the pair's motion) when it lies in
// the disk, else the disk point nearest to s in the metric of the block
// (solvers/friction_disk_projection.h: Newton on the secular equation, 2-3
// steps on typical blocks), whose remaining velocity opposes it (maximal
// dissipation). Zeros when the block is singular or the disk is a point.
// The tangential pair (limit mu z_n) and the rolling pair (mu_r z_n).
inline void UpdateDiskPair(double a, double b, double d, double z1, double z2, double w1, double w2, double limit,
                           double* x1, double* x2) {
  const double det = a * d - b * b;
  if (!(det > 0.0)) {
    *x1 = *x2 = 0.0;
    return;
  }
  const double s1 = z1 - (d * w1 - b * w2) / det;
  const double s2 = z2 - (a * w2 - b * w1) / det;
  if (Norm2(s1, s2) <= limit) {
    *x1 = s1;
    *x2 = s2;
    return;
  }
  if (!(limit > 0.0)) {
    *x1 = *x2 = 0.0;
    return;
  }
  const DiskProjection x = ProjectOntoFrictionDisk(a, b, d, s1, s2, limit);
  *x1 = x.x1;
  *x2 = x.x2;
}

// One contact's update given the others (header): the normal impulse
// first, then the tangential one projected onto the disk
// |lambda_t| <= mu lambda_n in the metric of the tangential block. z: the old (lambda_n, lambda_t1, lambda_t2), w
// the block's current velocities, G its Delassus block.
inline Vec3d UpdateContact(const Vec3d& z, const Vec3d& w, const Mat3d& G, double mu) {
  Vec3d out = z;
  out[0] = G(0, 0) > 0.0 ? std::max(0.0, z[0] - w[0] / G(0, 0)) : 0.0;
  // The tangential velocities after the normal change, then the 2x2 solve.
  const double dn = out[0] - z[0];
  const double w1 = w[1] + G(1, 0) * dn, w2 = w[2] + G(2, 0) * dn;
  UpdateDiskPair(G(1, 1), G(1, 2), G(2, 2), z[1], z[2], w1, w2, mu * out[0], &out[1], &out[2]);
  return out;
}

}  // namespace

namespace {

// A contact's rows n, t1, t2 (and the spin row s, with torsional friction)
// laid out for the velocity-form sweep, per block j (its bodies, at most
// two, in H's order): the rows' entries interleaved, J[j][e] = (h_n[e],
// h_t1[e], h_t2[e], h_s[e]), so the three row velocities are summed in one
// pass over v (the spin's lane rides along unused: the sweep needs the spin
// velocity after the block's update, SpinVelocity), and W h_n, W h_t1,
// W h_t2, W h_s in a row each, added to a body's velocity held in
// registers. The same sums in the same order as RowVelocity and Apply on H
// (the same bits).
struct SweepContact {
  int count = 0;
  int v0[2] = {0, 0};  // 6 * the island index of block j's body
  double J[2][6][4] = {};  // lane 3: the spin row, 0 without torsional friction
  double WH[2][4][6] = {};
};

// v += W h_n dz[0] + W h_t1 dz[1] + W h_t2 dz[2] (+ W h_s dz[3] when rows
// is 4) over the contact's blocks, each body's six entries held in
// registers and moved in that row order (the order of Apply row by row, so
// the same bits). A zero dz is skipped, as Apply's callers skip it: adding
// +0 would turn a -0 into +0.
inline void AddPacked(const SweepContact& sc, const double* dz, int rows, double* v) {
  for (int j = 0; j < sc.count; ++j) {
    double* vb = v + sc.v0[j];
    double u[6];
    for (int e = 0; e < 6; ++e) u[e] = vb[e];
    for (int k = 0; k < rows; ++k) {
      if (dz[k] == 0.0) continue;
      const double* wh = sc.WH[j][k];
      for (int e = 0; e < 6; ++e) u[e] += wh[e] * dz[k];
    }
    for (int e = 0; e < 6; ++e) vb[e] = u[e];
  }
}

// A contact's two rolling rows (rolling resistance, header): their 2x2
// block of G, (a, b; b, d) with the regularisation on the diagonal, and for
// the velocity form each block j's side (+1 for A, -1 for B) and
// W h_r1, W h_r2 (angular only: h_rk = +-[0; t_k], so W h_rk = +-[0; I^-1 t_k]).
struct RollingBlock {
  double a = 0.0, b = 0.0, d = 0.0;
  int count = 0;
  int v0[2] = {0, 0};  // 6 * the island index of block j's body
  double sign[2] = {0.0, 0.0};
  double WH[2][2][3] = {};
};

// v += W h_r1 dz[0] + W h_r2 dz[1] over the contact's blocks (angular
// entries only), as AddPacked for the other rows; a zero dz is skipped.
inline void AddPackedRolling(const RollingBlock& rb, const double* dz, double* v) {
  for (int j = 0; j < rb.count; ++j) {
    double* wb = v + rb.v0[j] + 3;
    for (int k = 0; k < 2; ++k) {
      if (dz[k] == 0.0) continue;
      for (int e = 0; e < 3; ++e) wb[e] += rb.WH[j][k][e] * dz[k];
    }
  }
}

// The island's rows for Gauss-Seidel: limits, then per contact n, t1, t2
// (and the spin, then the two rolling rows), then bounded rows (joint friction); the Delassus operator
// G = H A H^T (row-major, regularised) and b = H v_c - target.
struct PgsProblem {
  int p = 0, q = 0, f = 0, m = 0;  // kept between solves: the vectors only grow
  bool torsion = false;
  bool rolling = false;
  int per_contact = 3;
  int packed_rows = 3;  // n, t1, t2 (and the spin): the rows SweepContact holds
  int roll0 = 3;        // the first rolling row's offset in a contact's rows
  double rolling_resistance = 0.0;  // mu_r (m)
  std::vector<RollingBlock> roll;  // per contact, with rolling resistance
  int contact0 = 0, bounded0 = 0;
  std::vector<JacobianRow> H;
  std::vector<double> target;  // each row's target velocity
  std::vector<Vec3> t1, t2;    // each contact's tangent rows
  // Soft contacts (solvers/soft_contact.h; PgsSettings::contact_hertz > 0):
  // each contact past its resting gap gets its normal row's regularisation
  // soft_reg = G_nn / a2 (0 for a rigid row: a gap, or hertz 0).
  SoftContact soft;
  std::vector<std::uint8_t> soft_row;
  std::vector<double> soft_reg;
  // Substeps (PgsSettings::substeps, contacts-only islands): each contact's
  // G_nn before regularisation and its separation at the step's start; each
  // body's displacement over the substeps so far, dx = sum h_k v_k (6 per
  // body, [m; rad]), and the step's external velocity change per substep.
  std::vector<double> g_nn, sep0;
  std::vector<double> dx, dv_ext;
  std::vector<double> sep_now;  // s_0 + h_n . dx per contact (UpdateSubstepSeparations)
  ContactPartition partition;    // the contacts' sweep order by part (PartitionContacts)
  std::vector<Vec3> centres;     // PartitionContacts' body centres and copy of the island's order
  std::vector<Contact*> contacts_in;
  std::vector<std::pair<int, int>> bodies_in;
  double torsional_radius = 0.0;  // rho, m
  ReducedIsland red;
  std::vector<double> G, b;
  double g(int i, int k) const { return G[static_cast<std::size_t>(i) * m + k]; }
  // Row i is a contact's rolling row (kept out of the regularisation's
  // max_diag, PackRolling).
  bool IsRollingRow(int i) const {
    return rolling && i >= contact0 && i < bounded0 && (i - contact0) % per_contact >= roll0;
  }
  // The nonzero entries of each row of G, ascending (compressed rows), for
  // an island with joints, limits or bounded rows: a sweep costs the
  // nonzeros, not m^2. Skipping G_ki = 0 leaves every w_i += G_ki dz the
  // same sum of the same terms in the same order.
  std::vector<int> nz_start, nz_index;
  std::vector<double> nz_value;
  std::vector<double> diag;  // G_ii (regularised)
  // G_ik from the nonzeros (0 where row i has no entry at k).
  double at(int i, int k) const {
    const int* first = nz_index.data() + nz_start[i];
    const int* last = nz_index.data() + nz_start[i + 1];
    const int* it = std::lower_bound(first, last, k);
    return (it != last && *it == k) ? nz_value[it - nz_index.data()] : 0.0;
  }
  // An island of contacts only (a pile, a stack) is swept in velocity form
  // instead (no G at all): w = H v - target + r z with v = v_c + W H^T z
  // the island's velocity, kept up to date, and r the regularisation. Row
  // i's velocity is then 12 flops (two bodies) and an impulse change dz
  // moves v by W h_k dz (12 more), where w += G_k dz costs the row's
  // nonzeros (every row on either body: about 50 in a pile) and forming G
  // cost as much as ten sweeps. Same iterates as the G form up to rounding
  // (Box2D, Bullet and Jolt sweep this way).
  bool velocity_form = false;
  double reg = 0.0;          // r (velocity form)
  std::vector<double> v;     // v (velocity form), 6 per body
  std::vector<Mat3d> block;  // each contact's 3x3 block of G (regularised)
  // Each body's mass matrix M = W^-1 (velocity form): m and I_W, for the
  // line search's body sums (PgsIterate::Extrapolate). line_search is false
  // when a body has no finite mass or inertia (the sums need M).
  std::vector<double> mass;
  std::vector<Mat3d> inertia;
  bool line_search = false;
  // An island of contacts only (`direct`): each contact's three rows (four
  // with the spin row) packed for the sweep (SweepContact), built straight
  // from the contacts (BuildPackedContacts), H left empty. The sweep reads a
  // contact's blocks from one place, ~0.6 kB, where H and W h keep
  // kMaxBlocks = 4 blocks per row (~1.2 kB a contact, half of it unused,
  // zero-filled on every emplace_back). With velocity_form (set with
  // direct), the sweep, the warm start and the end velocities read `packed`.
  std::vector<SweepContact> packed;
  bool direct = false;
  // Working memory of the solve.
  std::vector<double> z, w;
  std::vector<double> z_mark, v_mark;  // the line search's start (velocity form)
};

// ContactRow (solvers/reduced_island.h) for the directions of contact c,
// built in place with the lever arms p - p_body formed once: the same rows,
// bit for bit.
void AppendContactRows(const IslandSystem& sys, int c, std::initializer_list<const Vec3*> dirs, std::vector<JacobianRow>* H) {
  const Contact& ct = *sys.contacts[c];
  const auto [a, b] = sys.contact_bodies[c];
  const Vec3 r_a = a >= 0 ? Vec3(ct.p_W - sys.bodies[a]->p_W) : Vec3::Zero();
  const Vec3 r_b = b >= 0 ? Vec3(ct.p_W - sys.bodies[b]->p_W) : Vec3::Zero();
  for (const Vec3* d : dirs) {
    JacobianRow& row = H->emplace_back();
    if (a >= 0) {
      row.body[row.count] = a;
      row.J[row.count] << *d, r_a.cross(*d);
      ++row.count;
    }
    if (b >= 0) {
      row.body[row.count] = b;
      row.J[row.count] << -*d, -r_b.cross(*d);
      ++row.count;
    }
  }
}

// An island of contacts only (a pile, a stack): no trees, joints, limits
// or bounded rows. Its rows are packed straight from the contacts
// (BuildPackedContacts, PgsProblem::direct), and in substeps it is swept in
// its contacts' partition order (PartitionContacts, SolveSubsteps).
bool ContactsOnly(const IslandSystem& sys) {
  return sys.trees.empty() && sys.joint_rows.empty() && sys.limit_rows.empty() && sys.friction_rows.empty();
}

void BuildPgsRows(const IslandSystem& sys, const PgsSettings& st, PgsProblem* pr) {
  pr->p = static_cast<int>(sys.limit_rows.size());
  pr->q = static_cast<int>(sys.contacts.size());
  pr->f = static_cast<int>(sys.friction_rows.size());
  pr->torsion = st.torsional_radius > 0.0;
  pr->rolling = st.rolling_resistance > 0.0;
  pr->rolling_resistance = st.rolling_resistance;
  pr->packed_rows = pr->torsion ? 4 : 3;
  pr->roll0 = pr->packed_rows;
  pr->per_contact = pr->packed_rows + (pr->rolling ? 2 : 0);
  if (pr->rolling) pr->roll.resize(static_cast<std::size_t>(sys.contacts.size()));
  std::vector<JacobianRow>& H = pr->H;
  std::vector<double>& target = pr->target;
  H.clear();
  target.clear();
  // An island of contacts only gets its rows packed straight from the
  // contacts (BuildPackedContacts) and no H at all.
  pr->direct = ContactsOnly(sys);
  if (!pr->direct) H.reserve(pr->p + pr->per_contact * pr->q + pr->f);
  for (int i = 0; i < pr->p; ++i) {
    H.push_back(sys.limit_rows[i]);
    target.push_back(sys.limit_targets[i]);
  }
  pr->t1.resize(pr->q);
  pr->t2.resize(pr->q);
  pr->soft = MakeSoftContact(st.contact_hertz, st.contact_damping_ratio, st.h);
  pr->soft_row.assign(pr->q, 0);
  pr->soft_reg.assign(pr->q, 0.0);
  pr->torsional_radius = st.torsional_radius;
  for (int c = 0; c < pr->q; ++c) {
    const Contact& ct = *sys.contacts[c];
    // t1 is friction_directions.h's first direction d_0 = 1 t1 + 0 t2 of the
    // tangent basis, without building the other u - 1.
    Vec3 t2;
    TangentBasis(ct.n_W, &pr->t1[c], &t2);
    pr->t2[c] = ct.n_W.cross(pr->t1[c]);
    if (!pr->direct) AppendContactRows(sys, c, {&ct.n_W, &pr->t1[c], &pr->t2[c]}, &H);
    const double dp = ct.separation - 0.5 * st.threshold;
    if (pr->soft.enabled() && dp < 0.0) {
      pr->soft_row[c] = 1;
      target.push_back(SoftContactTarget(pr->soft, dp, st.slop));
    } else {
      target.push_back(ContactTargetVelocity(ct.separation, st.h, st.threshold, st.error_reduction, st.slop));
    }
    target.push_back(pr->t1[c].dot(ct.slip_target_W));  // a friction anchor's target, 0 without
    target.push_back(pr->t2[c].dot(ct.slip_target_W));
    if (pr->torsion) {
      if (!pr->direct) H.push_back(TorsionRow(sys, c, st.torsional_radius));
      target.push_back(0.0);
    }
    if (pr->rolling) {
      if (!pr->direct) {
        H.push_back(RollingRow(sys, c, pr->t1[c]));
        H.push_back(RollingRow(sys, c, pr->t2[c]));
      }
      target.push_back(0.0);
      target.push_back(0.0);
    }
  }
  for (int i = 0; i < pr->f; ++i) {
    H.push_back(sys.friction_rows[i]);
    target.push_back(OptionalEntry(sys.friction_targets, i));
  }
  pr->m = pr->direct ? pr->per_contact * pr->q : static_cast<int>(H.size());
  pr->contact0 = pr->p;
  pr->bounded0 = pr->p + pr->per_contact * pr->q;
}

// Each body's m and I_W for the line search (PgsProblem::mass, inertia);
// no line search when a body has no finite mass or inertia.
void SetLineSearchMasses(const IslandSystem& sys, const PgsSettings& st, PgsProblem* pr) {
  const int nb = static_cast<int>(sys.bodies.size());
  pr->mass.resize(nb);
  pr->inertia.resize(nb);
  pr->line_search = st.line_search;
  for (int i = 0; i < nb && pr->line_search; ++i) {
    const VelocityBody& body = *sys.bodies[i];
    const Mat3d& inv_I = body.inv_I_W;
    const double det = inv_I.determinant();
    if (!(body.inv_mass > 0.0) || !(det > 0.0)) {
      pr->line_search = false;
      break;
    }
    pr->mass[i] = 1.0 / body.inv_mass;
    pr->inertia[i] = inv_I.inverse();
  }
}

// Contact c's rolling rows for the velocity form (RollingBlock): each
// side's W h_rk = +-[0; I_W^-1 t_k] and the block G_rr = sum over the sides
// of t_i . I_W^-1 t_k (unregularised here; BuildPackedContacts adds r).
// Outside the max_diag that scales the regularisation: an angular row's
// diagonal is 1 / (kg m^2), 10^3-10^4 times a small body's 1 / kg.
void PackRolling(const IslandSystem& sys, int c, PgsProblem* pr) {
  const auto [a, b] = sys.contact_bodies[c];
  RollingBlock& rb = pr->roll[c];
  rb = RollingBlock{};
  const Vec3* t[2] = {&pr->t1[c], &pr->t2[c]};
  double g[2][2] = {};
  auto side = [&](int body, double sign) {
    const VelocityBody& vb = *sys.bodies[body];
    const Mat3& I = vb.inv_I_W;
    const int j = rb.count++;
    rb.v0[j] = 6 * body;
    rb.sign[j] = sign;
    for (int k = 0; k < 2; ++k) {
      const Vec3& d = *t[k];
      for (int e = 0; e < 3; ++e) rb.WH[j][k][e] = sign * (I(e, 0) * d[0] + (I(e, 1) * d[1] + I(e, 2) * d[2]));
    }
    for (int i = 0; i < 2; ++i) {
      for (int k = 0; k < 2; ++k) {
        const Vec3& d = *t[i];
        g[i][k] += sign * (d[0] * rb.WH[j][k][0] + (d[1] * rb.WH[j][k][1] + d[2] * rb.WH[j][k][2]));
      }
    }
  };
  if (a >= 0) side(a, 1.0);
  if (b >= 0) side(b, -1.0);
  rb.a = g[0][0];
  rb.b = 0.5 * (g[0][1] + g[1][0]);
  rb.d = g[1][1];
}

// The velocity form of an island of contacts only (PgsProblem::direct),
// built from the contacts without H: the rows, W h, the diagonal and the
// 3x3 blocks with the expressions the row-by-row path used on H
// (ContactRow's blocks [d; r x d] and [-d; -(r x d)], TorsionRow's
// [0; rho n], ApplyW's W h, the Vec6 dot products of G_ik), so the same bits.
void BuildPackedContacts(const IslandSystem& sys, const PgsSettings& st, WorkerPool* pool, PgsProblem* pr) {
  const int nb = static_cast<int>(sys.bodies.size());
  ReducedIsland& red = pr->red;
  red.N = 6 * nb;
  red.mh = pr->m;
  red.v_free.resize(red.N);
  for (int i = 0; i < nb; ++i) {
    const VelocityBody& body = *sys.bodies[i];
    for (int e = 0; e < 3; ++e) {
      red.v_free[6 * i + e] = body.v_W[e];
      red.v_free[6 * i + 3 + e] = body.w_W[e];
    }
  }
  red.v_c = red.v_free;
  red.G.clear();
  red.L.clear();
  red.active.clear();
  red.Y.clear();
  red.Z.clear();
  pr->velocity_form = true;
  pr->diag.resize(pr->m);
  pr->block.resize(pr->q);
  pr->packed.resize(pr->q);
  pr->g_nn.resize(pr->q);
  pr->sep0.resize(pr->q);
  // Contacts [c0, c1), each writing only its own entries; the largest
  // diagonal entry into *max_diag.
  const auto pack = [&](int c0, int c1, double* max_diag) {
    for (int c = c0; c < c1; ++c) {
      const Contact& ct = *sys.contacts[c];
      const auto [a, b] = sys.contact_bodies[c];
      const Vec3* dirs[3] = {&ct.n_W, &pr->t1[c], &pr->t2[c]};
      SweepContact& sc = pr->packed[c];
      sc.count = 0;
      // Rows n, t1, t2 and, with torsional friction, the spin row s.
      const int rows = pr->torsion ? 4 : 3;
      // G_ik = sum over the blocks of h_i . W h_k (g_same in BuildDelassus),
      // summed block by block from +0 as there; of the spin row only G_ss.
      double g[3][3] = {}, gs = 0.0;
      auto block = [&](int body, bool negate) {
        const VelocityBody& vb = *sys.bodies[body];
        const double r[3] = {ct.p_W[0] - vb.p_W[0], ct.p_W[1] - vb.p_W[1], ct.p_W[2] - vb.p_W[2]};
        const Mat3& I = vb.inv_I_W;
        const int j = sc.count++;
        sc.v0[j] = 6 * body;
        double h[4][6], wh[4][6];
        for (int k = 0; k < rows; ++k) {
          // [d; r x d] (Eigen's cross, term for term), or the spin row's
          // [0; rho n] (TorsionRow), negated on side B.
          double x[6];
          if (k < 3) {
            const Vec3& d = *dirs[k];
            const double xd[6] = {
                d[0], d[1], d[2], r[1] * d[2] - r[2] * d[1], r[2] * d[0] - r[0] * d[2], r[0] * d[1] - r[1] * d[0]};
            for (int e = 0; e < 6; ++e) x[e] = xd[e];
          } else {
            const double rho = st.torsional_radius;
            const double xs[6] = {0.0, 0.0, 0.0, rho * ct.n_W[0], rho * ct.n_W[1], rho * ct.n_W[2]};
            for (int e = 0; e < 6; ++e) x[e] = xs[e];
          }
          for (int e = 0; e < 6; ++e) h[k][e] = negate ? -x[e] : x[e];
          // ApplyW: m^-1 h_lin and I_W^-1 h_ang, each entry summed as Eigen's
          // 3x3 product sums it, a0 + (a1 + a2).
          for (int e = 0; e < 3; ++e) {
            wh[k][e] = vb.inv_mass * h[k][e];
            wh[k][3 + e] = I(e, 0) * h[k][3] + (I(e, 1) * h[k][4] + I(e, 2) * h[k][5]);
          }
        }
        for (int k = rows; k < 4; ++k) {  // lane 3 stays 0 without the spin row
          for (int e = 0; e < 6; ++e) h[k][e] = wh[k][e] = 0.0;
        }
        for (int k = 0; k < 4; ++k) {
          for (int e = 0; e < 6; ++e) {
            sc.J[j][e][k] = h[k][e];
            sc.WH[j][k][e] = wh[k][e];
          }
        }
        // Vec6::dot's sum, (p0 + (p1 + p2)) + (p3 + (p4 + p5)).
        auto dot6 = [](const double* u, const double* w) {
          return (u[0] * w[0] + (u[1] * w[1] + u[2] * w[2])) + (u[3] * w[3] + (u[4] * w[4] + u[5] * w[5]));
        };
        for (int i = 0; i < 3; ++i) {
          for (int k = 0; k <= i; ++k) g[i][k] += dot6(h[i], wh[k]);
        }
        if (rows == 4) gs += dot6(h[3], wh[3]);
      };
      if (a >= 0) block(a, false);
      if (b >= 0) block(b, true);
      if (pr->rolling) PackRolling(sys, c, pr);
      const int r0 = pr->contact0 + pr->per_contact * c;
      if (pr->soft_row[c]) pr->soft_reg[c] = g[0][0] / pr->soft.a2;
      pr->g_nn[c] = g[0][0];
      pr->sep0[c] = ct.separation;
      for (int i = 0; i < 3; ++i) {
        pr->diag[r0 + i] = g[i][i];
        *max_diag = std::max(*max_diag, g[i][i]);
        for (int k = 0; k < i; ++k) pr->block[c](i, k) = pr->block[c](k, i) = g[i][k];
      }
      if (pr->torsion) {
        pr->diag[r0 + 3] = gs;
        *max_diag = std::max(*max_diag, gs);
      }
    }
  };
  // On the pool's workers for a large island: the same entries, and the
  // maximum does not depend on the order it is taken in.
  double max_diag = 0.0;
  if (pool != nullptr && pool->size() > 1 && pr->q >= kParallelContacts) {
    std::array<double, WorkerPool::kMaxThreads> worker_max{};
    pool->ParallelFor(pr->q, 64, [&](int worker, int begin, int end) { pack(begin, end, &worker_max[worker]); });
    for (const double d : worker_max) max_diag = std::max(max_diag, d);
  } else {
    pack(0, pr->q, &max_diag);
  }
  pr->reg = st.regularization * max_diag;
  for (int i = 0; i < pr->m; ++i) pr->diag[i] += pr->reg;
  for (int c = 0; c < pr->q; ++c) {
    const int r0 = pr->contact0 + pr->per_contact * c;
    if (pr->soft_row[c]) pr->diag[r0] += pr->soft_reg[c];
    for (int i = 0; i < 3; ++i) pr->block[c](i, i) = pr->diag[r0 + i];
    if (pr->rolling) {
      RollingBlock& rb = pr->roll[c];
      rb.a = pr->diag[r0 + pr->roll0] = rb.a + pr->reg;
      rb.d = pr->diag[r0 + pr->roll0 + 1] = rb.d + pr->reg;
    }
  }
  pr->b.resize(pr->m);
  SetLineSearchMasses(sys, st, pr);
}

void BuildDelassus(const IslandSystem& sys, const PgsSettings& st, WorkerPool* pool, PgsProblem* pr) {
  if (pr->direct) {
    BuildPackedContacts(sys, st, pool, pr);
    return;
  }
  const int m = pr->m;
  // An island with joints, limits or bounded rows: the dense G and its
  // elimination, swept on w = G z + b (an island of contacts only is
  // packed and swept in velocity form, BuildPackedContacts above).
  pr->velocity_form = false;
  pr->nz_start.resize(m + 1);
  pr->nz_index.clear();
  pr->nz_value.clear();
  pr->diag.resize(m);
  pr->b.resize(m);
  pr->block.resize(pr->q);
  ReduceIsland(sys, pr->H, &pr->red);
  pr->G.resize(static_cast<std::size_t>(m) * m);
  double max_diag = 0.0;
  for (int i = 0; i < m; ++i) {
    for (int k = 0; k < m; ++k) pr->G[static_cast<std::size_t>(i) * m + k] = pr->red.Coupling(i, k);
    pr->b[i] = RowDot(pr->H[i], pr->red.v_c) - pr->target[i];
    if (!pr->IsRollingRow(i)) max_diag = std::max(max_diag, pr->G[static_cast<std::size_t>(i) * m + i]);
  }
  for (int i = 0; i < m; ++i) pr->G[static_cast<std::size_t>(i) * m + i] += st.regularization * max_diag;
  for (int c = 0; c < pr->q; ++c) {
    if (!pr->soft_row[c]) continue;
    const std::size_t r = pr->contact0 + pr->per_contact * c;
    pr->soft_reg[c] = pr->red.Coupling(r, r) / pr->soft.a2;  // G_nn before any regularisation
    pr->G[r * m + r] += pr->soft_reg[c];
  }
  for (int i = 0; i < pr->f; ++i) {
    const int r = pr->bounded0 + i;
    pr->G[static_cast<std::size_t>(r) * m + r] += OptionalEntry(sys.friction_compliance, i);
  }
  for (int k = 0; k < m; ++k) {
    pr->nz_start[k] = static_cast<int>(pr->nz_index.size());
    const double* gk = &pr->G[static_cast<std::size_t>(k) * m];
    pr->diag[k] = gk[k];
    for (int i = 0; i < m; ++i) {
      if (gk[i] != 0.0) {
        pr->nz_index.push_back(i);
        pr->nz_value.push_back(gk[i]);
      }
    }
  }
  pr->nz_start[m] = static_cast<int>(pr->nz_index.size());  for (int c = 0; c < pr->q; ++c) {
    const int r = pr->contact0 + pr->per_contact * c;
    for (int i = 0; i < 3; ++i) {
      for (int k = 0; k < 3; ++k) pr->block[c](i, k) = pr->at(r + i, r + k);
    }
    if (pr->rolling) {
      const int r1 = r + pr->roll0;
      RollingBlock& rb = pr->roll[c];
      rb.a = pr->at(r1, r1);
      rb.b = pr->at(r1, r1 + 1);
      rb.d = pr->at(r1 + 1, r1 + 1);
    }
  }
}

class PgsIterate {
 public:
  explicit PgsIterate(PgsProblem* pr)
      : pr_(*pr), z_(pr->z), w_(pr->w), v_(pr->v), z_mark_(pr->z_mark), v_mark_(pr->v_mark) {
    z_.assign(pr_.m, 0.0);
  }

  // Warm start from the contacts' impulses on entry, clipped into the cone.
  void WarmStart(const IslandSystem& sys) {
    LoadWarmImpulses(sys);
    // G form: G is exactly symmetric (ReduceIsland mirrors its triangle;
    // the regularisation and compliances are diagonal), so column k is read
    // as the contiguous row k.
    if (pr_.velocity_form) v_ = pr_.red.v_c;
    else w_ = pr_.b;
    if (pr_.velocity_form) {
      // Apply row by row from the packed rows: per entry of v the same
      // additions in the same (row) order.
      ApplyImpulses();
      return;
    }
    for (int k = 0; k < pr_.m; ++k) {
      if (z_[k] == 0.0) continue;
      Apply(k, z_[k]);
    }
  }

  // Substeps (velocity form): each substep's impulse, the warm start's over
  // n, and the velocities the step started from (before gravity and the
  // other external impulses).
  void BeginSubsteps(const IslandSystem& sys, int n) {
    LoadWarmImpulses(sys);
    for (double& x : z_) x /= n;
    const int nb = static_cast<int>(sys.bodies.size());
    v_.resize(6 * static_cast<std::size_t>(nb));
    for (int i = 0; i < nb; ++i) {
      const VelocityBody& b = *sys.bodies[i];
      for (int e = 0; e < 3; ++e) {
        v_[6 * i + e] = b.v_pre_W[e];
        v_[6 * i + 3 + e] = b.w_pre_W[e];
      }
    }
  }

  // v += W H^T z over every contact's rows (velocity form).
  void ApplyImpulses() {
    for (int c = 0; c < pr_.q; ++c) ApplyContactImpulse(c);
  }
  // v += W H^T z over contact c's rows (velocity form).
  void ApplyContactImpulse(int c) {
    const int r = pr_.contact0 + pr_.per_contact * c;
    AddPacked(pr_.packed[c], &z_[r], pr_.packed_rows, v_.data());
    if (pr_.rolling) AddPackedRolling(pr_.roll[c], &z_[r + pr_.roll0], v_.data());
  }

  std::vector<double>& v() { return v_; }

 private:
  void LoadWarmImpulses(const IslandSystem& sys) {
    for (int c = 0; c < pr_.q; ++c) {
      const Contact& ct = *sys.contacts[c];
      const int r = pr_.contact0 + pr_.per_contact * c;
      z_[r] = std::max(0.0, ct.normal_impulse);
      z_[r + 1] = ct.friction_impulse.dot(pr_.t1[c]);
      z_[r + 2] = ct.friction_impulse.dot(pr_.t2[c]);
      const double limit = ct.friction * z_[r];
      ScaleIntoDisk(limit, &z_[r + 1], &z_[r + 2]);
      // The spin and rolling rows from the previous step's couples too,
      // held to this step's limits (header: warm start).
      if (pr_.torsion) z_[r + 3] = std::clamp(ct.torsional_impulse / pr_.torsional_radius, -limit, limit);
      if (pr_.rolling) {
        const int r1 = r + pr_.roll0;
        z_[r1] = ct.rolling_impulse_W.dot(pr_.t1[c]);
        z_[r1 + 1] = ct.rolling_impulse_W.dot(pr_.t2[c]);
        ScaleIntoDisk(pr_.rolling_resistance * z_[r], &z_[r1], &z_[r1 + 1]);
      }
    }
  }

 public:

  // One sweep: limits, contacts (exact-cone block update, then the spin),
  // bounded rows. Returns the largest change of an impulse; *largest gets
  // the largest |z| after the sweep (every row is visited once).
  double Sweep(const IslandSystem& sys, const std::vector<Mat3d>& block, double* largest) {
    largest_change_ = 0.0;
    double big = 0.0;
    for (int i = 0; i < pr_.p; ++i) {
      if (pr_.diag[i] > 0.0) Update(i, std::max(0.0, z_[i] - RowVelocity(i) / pr_.diag[i]));
      big = std::max(big, std::abs(z_[i]));
    }
    for (int c = 0; c < pr_.q; ++c) {
      if (pr_.velocity_form) {
        SweepPackedContact(sys, block, c, &largest_change_, &big);
        continue;
      }
      const int r = pr_.contact0 + pr_.per_contact * c;
      const double mu = sys.contacts[c]->friction;
      const Vec3d zc(z_[r], z_[r + 1], z_[r + 2]);
      const Vec3d wc(RowVelocity(r), RowVelocity(r + 1), RowVelocity(r + 2));
      const Vec3d next = UpdateContact(zc, wc, block[c], mu);
      for (int k = 0; k < 3; ++k) Update(r + k, next[k]);
      if (pr_.torsion && pr_.diag[r + 3] > 0.0) {
        const double limit = mu * z_[r];  // a torque of at most mu z_n rho
        Update(r + 3, std::clamp(z_[r + 3] - RowVelocity(r + 3) / pr_.diag[r + 3], -limit, limit));
      }
      if (pr_.rolling) {
        const int r1 = r + pr_.roll0;
        double next[2];
        const RollingBlock& rb = pr_.roll[c];
        UpdateDiskPair(rb.a, rb.b, rb.d, z_[r1], z_[r1 + 1], RowVelocity(r1), RowVelocity(r1 + 1),
                       pr_.rolling_resistance * z_[r], &next[0], &next[1]);
        Update(r1, next[0]);
        Update(r1 + 1, next[1]);
      }
      for (int k = 0; k < pr_.per_contact; ++k) big = std::max(big, std::abs(z_[r + k]));
    }
    for (int i = 0; i < pr_.f; ++i) {
      const int r = pr_.bounded0 + i;
      const double limit = sys.friction_limits[i];
      if (pr_.diag[r] > 0.0) Update(r, std::clamp(z_[r] - RowVelocity(r) / pr_.diag[r], -limit, limit));
      big = std::max(big, std::abs(z_[r]));
    }
    *largest = big;
    return largest_change_;
  }

  std::vector<double>& z() { return z_; }
  const std::vector<double>& v() const { return v_; }

  // Contact c's rows in velocity form (the sweep's contact step): the
  // block's exact-cone update, then the spin, then the rolling pair. The
  // largest impulse change goes into *change and the largest |z| after the
  // update into *big (each worker of a parallel sweep keeps its own).
  void SweepPackedContact(const IslandSystem& sys, const std::vector<Mat3d>& block, int c, double* change,
                          double* big) {
    const int r = pr_.contact0 + pr_.per_contact * c;
    const double mu = sys.contacts[c]->friction;
    const Vec3d zc(z_[r], z_[r + 1], z_[r + 2]);
    const SweepContact& sc = pr_.packed[c];
    double wc[3];
    PackedVelocities(sc, r, wc);
    if (pr_.soft_row[c]) wc[0] += pr_.soft_reg[c] * z_[r];
    const Vec3d next = UpdateContact(zc, Vec3d(wc[0], wc[1], wc[2]), block[c], mu);
    UpdatePacked(sc, r, next, change);
    // |z| after the update is |next| (an unchanged impulse differs from
    // next by at most the sign of a zero).
    for (int k = 0; k < 3; ++k) *big = std::max(*big, std::abs(next[k]));
    if (pr_.torsion) {
      if (pr_.diag[r + 3] > 0.0) {
        const double limit = mu * z_[r];  // as in Sweep, from the packed spin lane
        UpdatePackedSpin(sc, r + 3, std::clamp(z_[r + 3] - SpinVelocity(sc, r + 3) / pr_.diag[r + 3], -limit, limit),
                         change);
      }
      *big = std::max(*big, std::abs(z_[r + 3]));
    }
    if (pr_.rolling) {
      const int r1 = r + pr_.roll0;
      const RollingBlock& rb = pr_.roll[c];
      double wr[2];
      PackedRollingVelocities(rb, c, r1, wr);
      double next_r[2];
      UpdateDiskPair(rb.a, rb.b, rb.d, z_[r1], z_[r1 + 1], wr[0], wr[1], pr_.rolling_resistance * z_[r], &next_r[0],
                     &next_r[1]);
      UpdatePackedRolling(rb, r1, next_r, change);
      *big = std::max(*big, std::max(std::abs(z_[r1]), std::abs(z_[r1 + 1])));
    }
  }

  // Before a sweep (velocity form): the iterate the line search starts from.
  void Mark() {
    z_mark_ = z_;
    v_mark_ = v_;
  }

  // After a sweep (velocity form) that moved z by d = z - z_mark and the
  // island's velocity by dv = v - v_mark = W H^T d: the exact line search of
  // the Gauss-Seidel quadratic f(z) = 1/2 z.G z + b.z (whose gradient is w)
  // along d,
  //     alpha = -(d . w) / (d . G d),
  // from body sums (p = H^T d = M dv, the sweep's impulse on each body):
  //     d . w   = p . v - d . target + r d . z,
  //     d . G d = p . dv + r d . d,
  // then z += alpha d and v += alpha dv, when every contact stays in its
  // cone (normal >= 0, |friction| <= mu normal, the spin within mu normal).
  //
  // Why: a sweep is a local update, and the slowest modes of a stack are
  // global (the whole column rocking: G's smallest nonzero eigenvalue on
  // 4 boxes is 0.029 against 42 for the largest, and a sweep removes 0.66 %
  // of that mode's error). Late in the sweeps d lies along those modes,
  // and one step along d removes them. alpha > 0 only (never back).
  void Extrapolate(const IslandSystem& sys) {
    const int nb = static_cast<int>(pr_.mass.size());
    double p_v = 0.0, p_dv = 0.0;
    for (int b = 0; b < nb; ++b) {
      const double* vb = v_.data() + 6 * b;
      const double* vm = v_mark_.data() + 6 * b;
      const double dv[6] = {vb[0] - vm[0], vb[1] - vm[1], vb[2] - vm[2], vb[3] - vm[3], vb[4] - vm[4], vb[5] - vm[5]};
      const Mat3d& I = pr_.inertia[b];
      const double m = pr_.mass[b];
      for (int e = 0; e < 3; ++e) {
        const double p_lin = m * dv[e];
        const double p_ang = I(e, 0) * dv[3] + I(e, 1) * dv[4] + I(e, 2) * dv[5];
        p_v += p_lin * vb[e] + p_ang * vb[3 + e];
        p_dv += p_lin * dv[e] + p_ang * dv[3 + e];
      }
    }
    double d_w = p_v, d_g_d = p_dv;
    for (int i = 0; i < pr_.m; ++i) {
      const double d = z_[i] - z_mark_[i];
      d_w += d * (pr_.reg * z_[i] - pr_.target[i]);
      d_g_d += pr_.reg * d * d;
    }
    for (int c = 0; c < pr_.q && pr_.soft.enabled(); ++c) {
      if (!pr_.soft_row[c]) continue;
      const int r = pr_.contact0 + pr_.per_contact * c;
      const double d = z_[r] - z_mark_[r];
      d_w += d * pr_.soft_reg[c] * z_[r];
      d_g_d += pr_.soft_reg[c] * d * d;
    }
    if (!(d_g_d > 0.0)) return;
    const double alpha = -d_w / d_g_d;
    if (!(alpha > 0.0) || !(alpha < kMaxStep)) return;
    // Only inside the cones: a contact the step would take out of its cone
    // (a sliding one on the disk's rim, a separating one at zero) makes the
    // quadratic the wrong model there, and the step is not taken at all.
    for (int c = 0; c < pr_.q; ++c) {
      const int r = pr_.contact0 + pr_.per_contact * c;
      const double zn = z_[r] + alpha * (z_[r] - z_mark_[r]);
      const double t1 = z_[r + 1] + alpha * (z_[r + 1] - z_mark_[r + 1]);
      const double t2 = z_[r + 2] + alpha * (z_[r + 2] - z_mark_[r + 2]);
      const double limit = sys.contacts[c]->friction * zn;
      if (!(zn >= 0.0) || !(Norm2(t1, t2) <= limit)) return;
      if (pr_.torsion && !(std::abs(z_[r + 3] + alpha * (z_[r + 3] - z_mark_[r + 3])) <= limit)) return;
      if (pr_.rolling) {
        const int r1 = r + pr_.roll0;
        const double x1 = z_[r1] + alpha * (z_[r1] - z_mark_[r1]);
        const double x2 = z_[r1 + 1] + alpha * (z_[r1 + 1] - z_mark_[r1 + 1]);
        if (!(Norm2(x1, x2) <= pr_.rolling_resistance * zn)) return;
      }
    }
    for (std::size_t k = 0; k < v_.size(); ++k) v_[k] += alpha * (v_[k] - v_mark_[k]);
    for (int i = 0; i < pr_.m; ++i) z_[i] += alpha * (z_[i] - z_mark_[i]);
  }

 private:
  // w_i = (G z + b)_i, kept up to date (the G form; the velocity form
  // reads the packed rows: PackedVelocities, SpinVelocity).
  double RowVelocity(int i) const { return w_[i]; }

  // w of the contact's rows n, t1, t2 from the packed rows: h . v - target +
  // r z, each h . v summed over the blocks and entries in RowDot's order.
  void PackedVelocities(const SweepContact& sc, int r, double* w) const {
    double s[4] = {0.0, 0.0, 0.0, 0.0};  // n, t1, t2 and the padding lane
    for (int j = 0; j < sc.count; ++j) {
      const double* vb = v_.data() + sc.v0[j];
      for (int e = 0; e < 6; ++e) {
        const double x = vb[e];
        for (int k = 0; k < 4; ++k) s[k] += sc.J[j][e][k] * x;
      }
    }
    for (int k = 0; k < 3; ++k) w[k] = s[k] - pr_.target[r + k] + pr_.reg * z_[r + k];
  }

  // dz = next - z on contact rows r, r + 1, r + 2; z takes `next` where it
  // changed and the largest change is noted. False when none changed.
  bool TakeContactStep(int r, const Vec3d& next, double* dz, double* change) {
    for (int k = 0; k < 3; ++k) {
      dz[k] = next[k] - z_[r + k];
      if (dz[k] == 0.0) continue;
      z_[r + k] = next[k];
      *change = std::max(*change, std::abs(dz[k]));
    }
    return !(dz[0] == 0.0 && dz[1] == 0.0 && dz[2] == 0.0);
  }

  // The contact's rows n, t1, t2 to `next` from the packed rows: each
  // body's velocity is loaded once, moved by W h_n dz_n, W h_t1 dz_1,
  // W h_t2 dz_2 in that order per entry (Apply's order row by row), and
  // stored once.
  void UpdatePacked(const SweepContact& sc, int r, const Vec3d& next, double* change) {
    double dz[3];
    if (!TakeContactStep(r, next, dz, change)) return;
    AddPacked(sc, dz, 3, v_.data());
  }

  // w of the spin row s (row index), h_s . v - target + r z, from the
  // packed lane 3, summed over the blocks and entries in RowDot's order.
  double SpinVelocity(const SweepContact& sc, int s) const {
    double sum = 0.0;
    for (int j = 0; j < sc.count; ++j) {
      const double* vb = v_.data() + sc.v0[j];
      for (int e = 0; e < 6; ++e) sum += sc.J[j][e][3] * vb[e];
    }
    return sum - pr_.target[s] + pr_.reg * z_[s];
  }

  // The spin row s to `value` from the packed rows: v += W h_s dz.
  void UpdatePackedSpin(const SweepContact& sc, int s, double value, double* change) {
    const double dz = value - z_[s];
    if (dz == 0.0) return;
    z_[s] = value;
    *change = std::max(*change, std::abs(dz));
    for (int j = 0; j < sc.count; ++j) {
      double* vb = v_.data() + sc.v0[j];
      for (int e = 0; e < 6; ++e) vb[e] += sc.WH[j][3][e] * dz;
    }
  }

  // w of contact c's rolling rows r1, r1 + 1 (velocity form): t_k . (w_a -
  // w_b) - target + r z, from the bodies' angular velocities.
  void PackedRollingVelocities(const RollingBlock& rb, int c, int r1, double* w) const {
    const Vec3* t[2] = {&pr_.t1[c], &pr_.t2[c]};
    for (int k = 0; k < 2; ++k) {
      double sum = 0.0;
      for (int j = 0; j < rb.count; ++j) {
        const double* wb = v_.data() + rb.v0[j] + 3;
        sum += rb.sign[j] * ((*t[k])[0] * wb[0] + ((*t[k])[1] * wb[1] + (*t[k])[2] * wb[2]));
      }
      w[k] = sum - pr_.target[r1 + k] + pr_.reg * z_[r1 + k];
    }
  }

  // The rolling rows r1, r1 + 1 to `next` (velocity form): v += W h_rk dz_k.
  void UpdatePackedRolling(const RollingBlock& rb, int r1, const double* next, double* change) {
    double dz[2];
    for (int k = 0; k < 2; ++k) {
      dz[k] = next[k] - z_[r1 + k];
      if (dz[k] == 0.0) continue;
      z_[r1 + k] = next[k];
      *change = std::max(*change, std::abs(dz[k]));
    }
    AddPackedRolling(rb, dz, v_.data());
  }

  // The longest step of the line search, in sweeps' changes. The stacks'
  // rocking mode (rho = 0.9934 a sweep) wants rho / (1 - rho) = 150; much
  // longer steps aim at G's near-null modes (redundant contacts, curvature
  // r only), and in a settling pile they kept bodies from falling asleep.
  static constexpr double kMaxStep = 256.0;

  void Update(int k, double value) {
    const double dz = value - z_[k];
    if (dz == 0.0) return;
    z_[k] = value;
    largest_change_ = std::max(largest_change_, std::abs(dz));
    Apply(k, dz);
  }

  // Row k's impulse changed by dz (the G form): w += G_k dz over row k's
  // nonzeros (G is symmetric).
  void Apply(int k, double dz) {
    const int* index = pr_.nz_index.data();
    const double* value = pr_.nz_value.data();
    for (int j = pr_.nz_start[k]; j < pr_.nz_start[k + 1]; ++j) w_[index[j]] += value[j] * dz;
  }

  const PgsProblem& pr_;
  std::vector<double>& z_;
  std::vector<double>& w_;
  std::vector<double>& v_;
  double largest_change_ = 0.0;
  std::vector<double>& z_mark_;
  std::vector<double>& v_mark_;
};

}  // namespace

// FinishIsland for a contacts-only island, from the packed rows' W h_k:
// v^{l+1} = v_c + W H^T z, summed as FinishIsland sums it (the same bits),
// not the sweeps' running v.
void FinishContactIsland(IslandSystem* sys, PgsProblem& pr, const double* z, std::vector<double>* joint_impulses) {
  ReducedIsland::Scratch& scratch = pr.red.scratch;
  const int N = pr.red.N;
  std::vector<double>& WHz = scratch.WHz;
  WHz.assign(N, 0.0);
  // WHz += W h_r z_r in row order (z_r * wh = wh * z_r exactly).
  for (int c = 0; c < pr.q; ++c) {
    const double* zc = z + pr.contact0 + pr.per_contact * c;
    AddPacked(pr.packed[c], zc, pr.packed_rows, WHz.data());
    if (!pr.rolling) continue;
    AddPackedRolling(pr.roll[c], zc + pr.roll0, WHz.data());  // then the rolling rows, in row order
  }
  std::vector<double>& v = scratch.v;
  v = pr.red.v_c;
  for (int k = 0; k < N; ++k) v[k] += WHz[k];
  for (int i = 0; i < N / 6; ++i) {
    sys->bodies[i]->v_W = Vec3(v[6 * i], v[6 * i + 1], v[6 * i + 2]);
    sys->bodies[i]->w_W = Vec3(v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]);
  }
  joint_impulses->clear();
}

namespace {

// Substeps: each contact's separation now, s = s_0 + h_n . dx (the step's
// start separation moved by the bodies' displacement over the substeps so
// far, linear in dx: the rows' Jacobians stay the step's, as Box2D v3 keeps
// its anchors), for contacts [c0, c1). Once per change of dx: the relaxing
// sweep and the next substep's sweeps read the same.
void UpdateSubstepSeparations(int c0, int c1, PgsProblem* pr) {
  for (int c = c0; c < c1; ++c) {
    const SweepContact& sc = pr->packed[c];
    double s = pr->sep0[c];
    for (int j = 0; j < sc.count; ++j) {
      const double* d = pr->dx.data() + sc.v0[j];
      for (int e = 0; e < 6; ++e) s += sc.J[j][e][0] * d[e];
    }
    pr->sep_now[c] = s;
  }
}

// Substeps: the normal rows of contacts [c0, c1) for the substep about to
// be swept, from their separations now (UpdateSubstepSeparations). With
// dp = s - threshold / 2: a gap asks for -dp / h_k (rigid, speculative);
// a penetrating contact, when `bias`, for the soft target (soft enabled) or
// eq. 19's with h_k, and its soft regularisation; in the relaxing sweep
// (bias false) for 0, rigid. The diagonal follows.
void SetSubstepRows(const PgsSettings& st, const SoftContact& soft, double hk, bool bias, int c0, int c1,
                    PgsProblem* pr) {
  for (int c = c0; c < c1; ++c) {
    const double s = pr->sep_now[c];
    const int r = pr->contact0 + pr->per_contact * c;
    const double dp = s - 0.5 * st.threshold;
    bool soft_row = false;
    double target = 0.0;
    if (dp >= 0.0) {
      target = -dp / hk;
    } else if (bias && soft.enabled()) {
      soft_row = true;
      target = SoftContactTarget(soft, dp, st.slop);
    } else if (bias) {
      target = ContactTargetVelocity(s, hk, st.threshold, st.error_reduction, st.slop);
    }
    pr->target[r] = target;
    pr->soft_row[c] = soft_row ? 1 : 0;
    pr->soft_reg[c] = soft_row ? pr->g_nn[c] / soft.a2 : 0.0;
    pr->diag[r] = (pr->g_nn[c] + pr->reg) + pr->soft_reg[c];
    pr->block[c](0, 0) = pr->diag[r];
  }
}

// Substeps: the island's contacts partitioned (solvers/contact_partition.h)
// and reordered into the sweep's order, sys->contacts and
// sys->contact_bodies alike, before the rows are built: every per-contact
// array of the solve then follows that order, and a group is one range.
void PartitionContacts(IslandSystem* sys, PgsProblem* pr) {
  const int nb = static_cast<int>(sys->bodies.size());
  pr->centres.resize(nb);
  for (int i = 0; i < nb; ++i) pr->centres[i] = sys->bodies[i]->p_W;
  pr->partition.Build(sys->contact_bodies, pr->centres);
  const std::vector<int>& order = pr->partition.contact_order();
  pr->contacts_in.assign(sys->contacts.begin(), sys->contacts.end());
  pr->bodies_in.assign(sys->contact_bodies.begin(), sys->contact_bodies.end());
  for (std::size_t p = 0; p < order.size(); ++p) {
    sys->contacts[p] = pr->contacts_in[order[p]];
    sys->contact_bodies[p] = pr->bodies_in[order[p]];
  }
}

// Worker w's share [begin, end) of [0, count) split among `workers`.
std::pair<int, int> Share(int count, int w, int workers) {
  const auto part = [&](int k) { return static_cast<int>(static_cast<long long>(count) * k / workers); };
  return {part(w), part(w + 1)};
}

// Substeps (PgsSettings::substeps > 1; an island of contacts only). The
// step h in n substeps h_k = h / n, each (Box2D v3's soft step; Catto,
// "Solver2D", 2024):
//   1. v += (v* - v_pre) / n, the step's gravity and other external
//      impulses spread evenly;
//   2. v += W H^T z, the last substep's impulses (the warm start);
//   3. sweeps with the rows' targets from the separations now
//      (SetSubstepRows, bias on), up to max_iterations, to tolerance;
//   4. dx += h_k v, the bodies' displacement;
//   5. one relaxing sweep, the penetrating rows asking for 0, so the push
//      apart moved the bodies but leaves no velocity.
// The contacts get n times the last substep's impulses (the step's), the
// bodies the end velocity v_n and the move dx / h - v_n
// (VelocityBody::v_move_W). Returns the sweeps; *residual gets the last
// substep's last (biased) sweep's largest impulse change.
//
// In parallel (as Box2D v3's solver stages): every pass over the contacts
// (the warm start, each sweep, the relaxing sweep) visits the stages of the
// contacts' nested dissection (solvers/contact_partition.h) in turn, each
// stage's groups shared among the pool's workers, who meet at a
// SpinBarrier after each stage; the passes over bodies (1, 4) and over
// contacts alone (the rows' targets, the separations) are split among them
// too. The groups of a stage touch disjoint bodies, so the result is the
// same bits for any number of workers (and with none: WASM, small islands,
// which visit the same groups on one worker).
int SolveSubsteps(IslandSystem* sys, const PgsSettings& st, PgsProblem* pr, PgsIterate* iterate, WorkerPool* pool,
                  double* residual) {
  const int n = st.substeps;
  const double hk = st.h / n;
  const SoftContact soft = MakeSoftContact(st.contact_hertz, st.contact_damping_ratio, hk);
  const int nb = static_cast<int>(sys->bodies.size());
  pr->dx.assign(6 * static_cast<std::size_t>(nb), 0.0);
  pr->dv_ext.resize(6 * static_cast<std::size_t>(nb));
  for (int i = 0; i < nb; ++i) {
    const VelocityBody& b = *sys->bodies[i];
    for (int e = 0; e < 3; ++e) {
      pr->dv_ext[6 * i + e] = (b.v_W[e] - b.v_pre_W[e]) / n;
      pr->dv_ext[6 * i + 3 + e] = (b.w_W[e] - b.w_pre_W[e]) / n;
    }
  }
  iterate->BeginSubsteps(*sys, n);
  pr->sep_now.resize(pr->q);
  UpdateSubstepSeparations(0, pr->q, pr);
  const ContactPartition& partition = pr->partition;  // built and applied by PartitionContacts
  std::vector<double>& v = iterate->v();
  const int q = pr->q;
  const int n6 = 6 * nb;
  const bool parallel = pool != nullptr && pool->size() > 1 && q >= kParallelContacts;
  SpinBarrier barrier(parallel ? pool->size() : 1);
  // Each worker's largest impulse change and |z| of a sweep, in two slots
  // by the sweep's parity (a worker may start the next sweep while another
  // still reads this one's), a cache line apart.
  struct alignas(64) SweepMax {
    double change[2] = {0.0, 0.0};
    double big[2] = {0.0, 0.0};
  };
  std::array<SweepMax, WorkerPool::kMaxThreads> sweep_max{};
  int sweeps = 0;
  double last_change = 0.0;
  auto job = [&](int w, int workers) {
    const auto sync = [&] {
      if (workers > 1) barrier.Wait();
    };
    // fn(contact) over this worker's groups of each stage in turn, a
    // barrier after each stage; after_stage(s) before that barrier.
    const auto by_stage = [&](const auto& fn, const auto& after_stage) {
      for (int stage = 0; stage < ContactPartition::kStages; ++stage) {
        const auto [g0, g1] = Share(ContactPartition::groups(stage), w, workers);
        for (int g = g0; g < g1; ++g) {
          for (int c = partition.group_begin(stage, g); c < partition.group_begin(stage, g + 1); ++c) fn(c);
        }
        after_stage(stage);
        sync();
      }
    };
    const auto nothing = [](int) {};
    const auto [b0, b1] = Share(n6, w, workers);  // entries of v, dx
    const auto [c0, c1] = Share(q, w, workers);   // contacts
    for (int k = 0; k < n; ++k) {
      SetSubstepRows(st, soft, hk, /*bias=*/true, c0, c1, pr);
      for (int e = b0; e < b1; ++e) v[e] += pr->dv_ext[e];
      sync();
      by_stage([&](int c) { iterate->ApplyContactImpulse(c); }, nothing);
      for (int sweep = 0; sweep < st.max_iterations; ++sweep) {
        double change = 0.0, big = 0.0;
        const int slot = sweep & 1;
        // The sweep; this worker's maxima are posted before the last
        // stage's barrier, so every worker reads them all after it.
        by_stage([&](int c) { iterate->SweepPackedContact(*sys, pr->block, c, &change, &big); },
                 [&](int stage) {
                   if (stage == ContactPartition::kStages - 1) {
                     sweep_max[w].change[slot] = change;
                     sweep_max[w].big[slot] = big;
                   }
                 });
        double all_change = 0.0, all_big = 0.0;
        for (int u = 0; u < workers; ++u) {
          all_change = std::max(all_change, sweep_max[u].change[slot]);
          all_big = std::max(all_big, sweep_max[u].big[slot]);
        }
        if (w == 0) ++sweeps, last_change = all_change;
        if (all_change <= st.tolerance * (1.0 + all_big)) break;
      }
      for (int e = b0; e < b1; ++e) pr->dx[e] += hk * v[e];
      sync();
      UpdateSubstepSeparations(c0, c1, pr);
      SetSubstepRows(st, soft, hk, /*bias=*/false, c0, c1, pr);
      sync();
      double change = 0.0, big = 0.0;  // the relaxing sweep's, not reported
      by_stage([&](int c) { iterate->SweepPackedContact(*sys, pr->block, c, &change, &big); }, nothing);
      if (w == 0) ++sweeps;
    }
  };
  if (parallel) pool->RunOnEach(job);
  else job(0, 1);
  *residual = last_change;
  for (int i = 0; i < nb; ++i) {
    VelocityBody& b = *sys->bodies[i];
    const double* vi = v.data() + 6 * i;
    const double* di = pr->dx.data() + 6 * i;
    b.v_W = Vec3(vi[0], vi[1], vi[2]);
    b.w_W = Vec3(vi[3], vi[4], vi[5]);
    b.v_move_W = Vec3(di[0] / st.h - vi[0], di[1] / st.h - vi[1], di[2] / st.h - vi[2]);
    b.w_move_W = Vec3(di[3] / st.h - vi[3], di[4] / st.h - vi[4], di[5] / st.h - vi[5]);
  }
  for (double& x : iterate->z()) x *= n;
  return sweeps;
}

}  // namespace

// The line search starts once a sweep changes no impulse by more than this
// (relative, as the tolerance). From 1e-4 on, bin-picking's pile had 13
// bodies asleep at 1.5 s against 19 with plain sweeps; from 1e-5, 26.
constexpr double kLineSearchFrom = 1e-5;

struct PgsWorkspace : PgsProblem {};

IslandPgsSolver::IslandPgsSolver() : ws_(std::make_unique<PgsWorkspace>()) {}
IslandPgsSolver::~IslandPgsSolver() = default;
IslandPgsSolver::IslandPgsSolver(IslandPgsSolver&&) noexcept = default;
IslandPgsSolver& IslandPgsSolver::operator=(IslandPgsSolver&&) noexcept = default;

PgsStats SolveIslandPgs(IslandSystem* sys, const PgsSettings& st, std::vector<double>* joint_impulses,
                        std::vector<double>* limit_impulses, std::vector<double>* friction_impulses) {
  IslandPgsSolver solver;
  return solver.Solve(sys, st, joint_impulses, limit_impulses, friction_impulses);
}

PgsStats IslandPgsSolver::Solve(IslandSystem* sys, const PgsSettings& st, std::vector<double>* joint_impulses,
                                std::vector<double>* limit_impulses, std::vector<double>* friction_impulses) {
  PgsProblem& pr = *ws_;
  if (st.substeps > 1 && ContactsOnly(*sys)) PartitionContacts(sys, &pr);
  BuildPgsRows(*sys, st, &pr);
  BuildDelassus(*sys, st, pool_, &pr);
  PgsIterate iterate(&pr);
  const bool substeps = pr.direct && st.substeps > 1;
  if (!substeps) iterate.WarmStart(*sys);
  PgsStats stats;
  stats.size = pr.m;
  std::vector<double>& z = iterate.z();
  if (substeps) {
    pr.line_search = false;
    stats.iterations = SolveSubsteps(sys, st, &pr, &iterate, pool_, &stats.residual);
  }
  for (int sweep = 0; sweep < st.max_iterations && !substeps; ++sweep) {
    double largest = 0.0;
    if (pr.line_search) iterate.Mark();
    const double largestagechange = iterate.Sweep(*sys, pr.block, &largest);
    stats.iterations = sweep + 1;
    stats.residual = largestagechange;
    // Converged on a plain sweep's change: the line search moves between
    // sweeps, never after the last one.
    if (largestagechange <= st.tolerance * (1.0 + largest)) {
      stats.converged = true;
      break;
    }
    // The line search only in the sweeps' linear tail (kLineSearchFrom):
    // while impulses still change by more, contacts change between
    // sticking, sliding and separating, and the quadratic is no model.
    if (pr.line_search && largestagechange <= kLineSearchFrom * (1.0 + largest)) iterate.Extrapolate(*sys);
  }
  for (double& x : z) {
    if (!(x - x == 0.0)) x = 0.0;  // never propagate a non-finite impulse
  }
  if (substeps) joint_impulses->clear();  // the bodies have their velocities (SolveSubsteps)
  else if (pr.velocity_form) FinishContactIsland(sys, pr, z.data(), joint_impulses);
  else FinishIsland(sys, pr.H, &pr.red, z.data(), joint_impulses);
  limit_impulses->assign(z.begin(), z.begin() + pr.p);
  if (friction_impulses) friction_impulses->assign(z.begin() + pr.bounded0, z.end());
  for (int c = 0; c < pr.q; ++c) {
    Contact& ct = *sys->contacts[c];
    const int r = pr.contact0 + pr.per_contact * c;
    ct.normal_impulse = z[r];
    ct.friction_impulse = z[r + 1] * pr.t1[c] + z[r + 2] * pr.t2[c];
    ct.torsional_impulse = pr.torsion ? st.torsional_radius * z[r + 3] : 0.0;
    ct.rolling_impulse_W = pr.rolling ? Vec3(z[r + pr.roll0] * pr.t1[c] + z[r + pr.roll0 + 1] * pr.t2[c]) : Vec3::Zero();
  }
  return stats;
}

}  // namespace grasplab
