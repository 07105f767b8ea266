#include "core/grasp/convex_hull_nd.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>

namespace grasplab {
namespace {

using Row = std::array<double, kMaxHullDim>;

// Determinant of the k x k matrix a (row-major, k <= kMaxHullDim) by
// Gaussian elimination with partial pivoting; a is destroyed.
double Determinant(std::array<double, kMaxHullDim * kMaxHullDim>& a, int k) {
  double det = 1.0;
  for (int c = 0; c < k; ++c) {
    int piv = c;
    for (int r = c + 1; r < k; ++r) {
      if (std::abs(a[r * kMaxHullDim + c]) > std::abs(a[piv * kMaxHullDim + c])) piv = r;
    }
    const double pv = a[piv * kMaxHullDim + c];
    if (pv == 0.0) return 0.0;
    if (piv != c) {
      for (int j = 0; j < k; ++j) std::swap(a[c * kMaxHullDim + j], a[piv * kMaxHullDim + j]);
      det = -det;
    }
    det *= pv;
    for (int r = c + 1; r < k; ++r) {
      const double f = a[r * kMaxHullDim + c] / pv;
      if (f == 0.0) continue;
      for (int j = c; j < k; ++j) a[r * kMaxHullDim + j] -= f * a[c * kMaxHullDim + j];
    }
  }
  return det;
}

class Builder {
 public:
  Builder(const std::vector<double>& pts, int dim, const HullSettings& st)
      : pts_(pts), d_(dim), n_(static_cast<int>(pts.size()) / dim), st_(st) {}

  HullNd Run();

 private:
  struct Facet {
    HullFacet f;
    std::array<int, kMaxHullDim> neighbors{};  // across the ridge opposite vertices[j]
    std::vector<int> outside;
    bool alive = true;
    bool visible = false;
    bool seen = false;  // scratch of FindStart
  };

  const double* P(int i) const { return &pts_[static_cast<std::size_t>(i) * d_]; }
  double Height(const HullFacet& f, int i) const {
    double s = f.offset;
    for (int k = 0; k < d_; ++k) s += f.normal[k] * P(i)[k];
    return s;
  }
  // The hyperplane through the facet's d vertices (generalised cross
  // product of the edge vectors), oriented so that the reference points
  // (hull points off the facet) lie below it: the one farthest from the
  // plane decides, which stays robust when the hull is thin.
  bool MakePlane(HullFacet* f, std::initializer_list<int> below) const;
  bool InitialSimplex(std::vector<int>* simplex, HullNd* out);
  // The simplex's d + 1 facets, every other point outside one of them.
  bool InitialFacets(const std::vector<int>& simplex, HullNd* out);
  void AssignOutside(int point, const std::vector<int>& candidates);
  // Adds the farthest point outside facet *fi (Quickhull's step); *fi is
  // stepped back when fi survives with outside points left.
  bool AddFarthestPoint(std::size_t* fi, HullNd* out);
  // The facet the apex is highest above, searched over the facets
  // connected to fi that it is above or within 100 tolerances of (see .cc).
  int FindStart(int apex, int fi, double height_above_fi);
  // The connected facets that see the apex, grown from `start`, sorted.
  void FindVisible(int apex, int start);
  // New facets from each horizon ridge to the apex, stitched to their
  // neighbours (into horizon_new_).
  bool ConeHorizon(int apex, HullNd* out);
  // The facets, vertices and volume (cones from the interior point), and
  // the check that no point ends outside.
  void Finish(HullNd* out);

  const std::vector<double>& pts_;
  const int d_;
  const int n_;
  const HullSettings st_;
  double eps_ = 0.0;
  Row interior_{};
  std::vector<Facet> facets_;
  // Scratch of AddFarthestPoint, kept between points.
  std::vector<int> visible_, stack_, horizon_new_, orphans_, region_;
  // The ridges through the apex of the new facets: the d - 1 vertex
  // indices ascending (unused slots -1), the facet and its slot. Sorted by
  // key, each ridge appears twice, once for each facet it joins.
  struct Ridge {
    std::array<int, kMaxHullDim - 1> key;
    int facet, slot;
  };
  std::vector<Ridge> ridges_;
};

bool Builder::MakePlane(HullFacet* f, std::initializer_list<int> below) const {
  const double* x0 = P(f->vertices[0]);
  // The normal spans the null space of the (d-1) x d edge matrix, rows
  // x_i - x_0: Gaussian elimination with full pivoting to upper-trapezoidal
  // form, the one free column set to 1, back-substitution. (The generalised
  // cross product, d determinants of (d-1) x (d-1), gives the same vector
  // up to scale and rounding at 4x the work: it was a third of the time of
  // a 6-D hull.)
  const int r_count = d_ - 1;
  std::array<double, kMaxHullDim * kMaxHullDim> e{};
  for (int r = 0; r < r_count; ++r) {
    const double* xr = P(f->vertices[r + 1]);
    for (int c = 0; c < d_; ++c) e[r * kMaxHullDim + c] = xr[c] - x0[c];
  }
  std::array<int, kMaxHullDim> col{};  // col[j]: the original column in position j
  for (int c = 0; c < d_; ++c) col[c] = c;
  for (int k = 0; k < r_count; ++k) {
    int pr = k, pc = k;
    double best = 0.0;
    for (int r = k; r < r_count; ++r) {
      for (int c = k; c < d_; ++c) {
        const double v = std::abs(e[r * kMaxHullDim + c]);
        if (v > best) best = v, pr = r, pc = c;
      }
    }
    if (!(best > 0.0)) return false;  // the vertices do not span d - 1 dimensions
    if (pr != k) {
      for (int c = 0; c < d_; ++c) std::swap(e[k * kMaxHullDim + c], e[pr * kMaxHullDim + c]);
    }
    if (pc != k) {
      for (int r = 0; r < r_count; ++r) std::swap(e[r * kMaxHullDim + k], e[r * kMaxHullDim + pc]);
      std::swap(col[k], col[pc]);
    }
    const double pv = e[k * kMaxHullDim + k];
    for (int r = k + 1; r < r_count; ++r) {
      const double m = e[r * kMaxHullDim + k] / pv;
      if (m == 0.0) continue;
      for (int c = k; c < d_; ++c) e[r * kMaxHullDim + c] -= m * e[k * kMaxHullDim + c];
    }
  }
  // U y = 0 with y_{d-1} = 1 (the free column, last after pivoting).
  std::array<double, kMaxHullDim> y{};
  y[d_ - 1] = 1.0;
  for (int k = r_count - 1; k >= 0; --k) {
    double s = 0.0;
    for (int c = k + 1; c < d_; ++c) s += e[k * kMaxHullDim + c] * y[c];
    y[k] = -s / e[k * kMaxHullDim + k];
  }
  double norm2 = 0.0;
  for (int c = 0; c < d_; ++c) {
    f->normal[col[c]] = y[c];
    norm2 += y[c] * y[c];
  }
  if (!(norm2 > 0.0)) return false;
  const double inv = 1.0 / std::sqrt(norm2);
  for (int k = 0; k < d_; ++k) f->normal[k] *= inv;
  double side = 0.0;
  for (int ref : below) {
    double s = 0.0;
    for (int k = 0; k < d_; ++k) s += f->normal[k] * (P(ref)[k] - x0[k]);
    if (std::abs(s) > std::abs(side)) side = s;
  }
  if (side > 0.0) {
    for (int k = 0; k < d_; ++k) f->normal[k] = -f->normal[k];
  }
  f->offset = 0.0;
  for (int k = 0; k < d_; ++k) f->offset -= f->normal[k] * x0[k];
  return true;
}

// Greedy: the lowest point along the widest coordinate, then repeatedly the point farthest from the affine span so far (Gram-Schmidt).
bool Builder::InitialSimplex(std::vector<int>* simplex, HullNd* out) {
  double best_w = -1.0;
  int lo_i = 0;
  for (int k = 0; k < d_; ++k) {
    int lo = 0, hi = 0;
    for (int i = 1; i < n_; ++i) {
      if (P(i)[k] < P(lo)[k]) lo = i;
      if (P(i)[k] > P(hi)[k]) hi = i;
    }
    const double w = P(hi)[k] - P(lo)[k];
    if (w > best_w) best_w = w, lo_i = lo;
  }
  simplex->assign({lo_i});
  std::vector<Row> basis;
  out->rank = 0;
  for (int added = 0; added < d_; ++added) {
    int best = -1;
    double best_dist = eps_;
    Row best_r{};
    for (int i = 0; i < n_; ++i) {
      Row r{};
      for (int k = 0; k < d_; ++k) r[k] = P(i)[k] - P((*simplex)[0])[k];
      for (const Row& b : basis) {
        double dot = 0.0;
        for (int k = 0; k < d_; ++k) dot += r[k] * b[k];
        for (int k = 0; k < d_; ++k) r[k] -= dot * b[k];
      }
      double len2 = 0.0;
      for (int k = 0; k < d_; ++k) len2 += r[k] * r[k];
      const double len = std::sqrt(len2);
      if (len > best_dist) best_dist = len, best = i, best_r = r;
    }
    if (best < 0) return false;
    for (int k = 0; k < d_; ++k) best_r[k] /= best_dist;
    basis.push_back(best_r);
    simplex->push_back(best);
    out->rank = added + 1;
  }
  return true;
}

void Builder::AssignOutside(int point, const std::vector<int>& candidates) {
  for (int fi : candidates) {
    if (Height(facets_[fi].f, point) > eps_) {
      facets_[fi].outside.push_back(point);
      return;
    }
  }
}

bool Builder::InitialFacets(const std::vector<int>& simplex, HullNd* out) {
  for (int k = 0; k < d_; ++k) {
    interior_[k] = 0.0;
    for (int v : simplex) interior_[k] += P(v)[k];
    interior_[k] /= (d_ + 1);
  }
  // Facet i omits simplex vertex i; its neighbour across the ridge opposite
  // vertex slot j is the facet omitting the simplex vertex in that slot.
  for (int i = 0; i <= d_; ++i) {
    Facet f;
    std::array<int, kMaxHullDim> omitted{};
    int s = 0;
    for (int j = 0; j <= d_; ++j) {
      if (j == i) continue;
      f.f.vertices[s] = simplex[j];
      omitted[s] = j;
      ++s;
    }
    for (int j = 0; j < d_; ++j) f.neighbors[j] = omitted[j];
    if (!MakePlane(&f.f, {simplex[i]})) {
      out->status = HullStatus::kNumerical;
      out->message = "degenerate initial simplex";
      return false;
    }
    facets_.push_back(f);
  }
  std::vector<int> all(d_ + 1);
  for (int i = 0; i <= d_; ++i) all[i] = i;
  std::vector<char> in_simplex(n_, 0);
  for (int v : simplex) in_simplex[v] = 1;
  for (int p = 0; p < n_; ++p) {
    if (!in_simplex[p]) AssignOutside(p, all);
  }
  return true;
}

// Visible facets are the connected region seeing the apex, grown from the
// facet it is highest above. Not from fi: the apex may sit barely above
// fi, behind a band of facets it is within tolerance of, and far above the
// rest of its visible region (measured on the wrench spaces of parallel-jaw
// grasps). That facet is searched over the region connected to fi through
// facets the apex is above or within 100 tolerances of (the band
// included), not over the whole hull: in R^6 the hull has thousands of
// facets and a scan per added point was most of the time of an
// L-infinity wrench space. The facets the apex is above are connected
// (exactly: they are what it sees of a convex polytope), so the search
// finds the same facet the scan did, ties to the lowest index.
int Builder::FindStart(int apex, int fi, double height_above_fi) {
  int start = fi;
  double best = height_above_fi;
  region_.assign({fi});
  stack_.assign({fi});
  facets_[fi].seen = true;
  while (!stack_.empty()) {
    const int v = stack_.back();
    stack_.pop_back();
    for (int j = 0; j < d_; ++j) {
      const int nb = facets_[v].neighbors[j];
      if (facets_[nb].seen) continue;
      const double h = Height(facets_[nb].f, apex);
      if (!(h > -100.0 * eps_)) continue;
      facets_[nb].seen = true;
      region_.push_back(nb);
      stack_.push_back(nb);
      if (h > best || (h == best && start != fi && nb < start)) best = h, start = nb;
    }
  }
  for (int v : region_) facets_[v].seen = false;
  return start;
}

void Builder::FindVisible(int apex, int start) {
  visible_.clear();
  stack_.assign({start});
  facets_[start].visible = true;
  while (!stack_.empty()) {
    const int v = stack_.back();
    stack_.pop_back();
    visible_.push_back(v);
    for (int j = 0; j < d_; ++j) {
      const int nb = facets_[v].neighbors[j];
      if (facets_[nb].visible) continue;
      if (Height(facets_[nb].f, apex) > eps_) {
        facets_[nb].visible = true;
        stack_.push_back(nb);
      }
    }
  }
  std::sort(visible_.begin(), visible_.end());
}

bool Builder::ConeHorizon(int apex, HullNd* out) {
  horizon_new_.clear();
  ridges_.clear();
  for (int v : visible_) {
    for (int j = 0; j < d_; ++j) {
      const int nb = facets_[v].neighbors[j];
      if (facets_[nb].visible) continue;
      Facet g;
      g.f.vertices = facets_[v].f.vertices;
      g.f.vertices[j] = apex;
      // Below the new facet: the vertex it replaces, and the neighbour's
      // vertex across the ridge.
      int across = -1;
      for (int k = 0; k < d_; ++k) {
        if (facets_[nb].neighbors[k] == v) across = facets_[nb].f.vertices[k];
      }
      if (!MakePlane(&g.f, {facets_[v].f.vertices[j], across < 0 ? facets_[v].f.vertices[j] : across})) {
        out->status = HullStatus::kNumerical;
        out->message = "a degenerate facet while adding a point";
        return false;
      }
      g.neighbors[j] = nb;
      const int gi = static_cast<int>(facets_.size());
      for (int k = 0; k < d_; ++k) {
        if (facets_[nb].neighbors[k] == v) facets_[nb].neighbors[k] = gi;
      }
      // Ridges through the apex: omit each other vertex in turn.
      for (int k = 0; k < d_; ++k) {
        if (k == j) continue;
        std::array<int, kMaxHullDim - 1> key;
        key.fill(-1);
        int used = 0;
        for (int m = 0; m < d_; ++m) {
          if (m == k) continue;
          int at = used++;  // insertion sort: at most 5 entries
          for (; at > 0 && key[at - 1] > g.f.vertices[m]; --at) key[at] = key[at - 1];
          key[at] = g.f.vertices[m];
        }
        ridges_.push_back({key, gi, k});
      }
      facets_.push_back(std::move(g));
      horizon_new_.push_back(gi);
      if (static_cast<int>(facets_.size()) > st_.max_facets) {
        out->status = HullStatus::kTooLarge;
        out->message = "more than " + std::to_string(st_.max_facets) + " facets";
        return false;
      }
    }
  }
  // Stitch the new facets to each other across the ridges they share.
  std::sort(ridges_.begin(), ridges_.end(), [](const Ridge& a, const Ridge& b) { return a.key < b.key; });
  for (std::size_t i = 0; i < ridges_.size(); i += 2) {
    if (i + 1 >= ridges_.size() || ridges_[i].key != ridges_[i + 1].key ||
        (i + 2 < ridges_.size() && ridges_[i + 2].key == ridges_[i].key)) {
      out->status = HullStatus::kNumerical;
      out->message = "the horizon is not a closed ridge cycle";
      return false;
    }
    const Ridge &a = ridges_[i], &b = ridges_[i + 1];
    facets_[a.facet].neighbors[a.slot] = b.facet;
    facets_[b.facet].neighbors[b.slot] = a.facet;
  }
  return true;
}

bool Builder::AddFarthestPoint(std::size_t* fi_io, HullNd* out) {
  const std::size_t fi = *fi_io;
  // The farthest outside point.
  int apex = -1;
  double far = -1.0;
  for (int p : facets_[fi].outside) {
    const double h = Height(facets_[fi].f, p);
    if (h > far) far = h, apex = p;
  }
  FindVisible(apex, FindStart(apex, static_cast<int>(fi), far));
  if (!ConeHorizon(apex, out)) return false;
  if (!facets_[fi].visible) {  // fi stays: the apex is on the hull now
    auto& out_fi = facets_[fi].outside;
    out_fi.erase(std::remove(out_fi.begin(), out_fi.end(), apex), out_fi.end());
    --*fi_io;  // look at fi again: it may have more outside points
  }
  orphans_.clear();
  for (int v : visible_) {
    facets_[v].alive = false;
    for (int p : facets_[v].outside) {
      if (p != apex) orphans_.push_back(p);
    }
    facets_[v].outside.clear();
    facets_[v].outside.shrink_to_fit();
  }
  std::sort(orphans_.begin(), orphans_.end());
  for (int p : orphans_) AssignOutside(p, horizon_new_);
  return true;
}

void Builder::Finish(HullNd* out) {
  std::vector<char> is_vertex(n_, 0);
  double factorial = 1.0;
  for (int k = 2; k <= d_; ++k) factorial *= k;
  for (const Facet& f : facets_) {
    if (!f.alive) continue;
    out->facets.push_back(f.f);
    std::array<double, kMaxHullDim * kMaxHullDim> m{};
    for (int r = 0; r < d_; ++r) {
      is_vertex[f.f.vertices[r]] = 1;
      for (int c = 0; c < d_; ++c) m[r * kMaxHullDim + c] = P(f.f.vertices[r])[c] - interior_[c];
    }
    out->volume += std::abs(Determinant(m, d_)) / factorial;
  }
  for (int i = 0; i < n_; ++i) {
    if (is_vertex[i]) out->vertices.push_back(i);
  }
  out->rank = d_;
  for (const HullFacet& f : out->facets) {
    for (int i = 0; i < n_; ++i) {
      if (Height(f, i) > 100.0 * eps_) {
        out->status = HullStatus::kNumerical;
        out->message = "point " + std::to_string(i) + " ends " + std::to_string(Height(f, i) / eps_) +
                       " tolerances outside a facet";
        return;
      }
    }
  }
}

HullNd Builder::Run() {
  HullNd out;
  out.dim = d_;
  double scale = 0.0;
  for (double x : pts_) scale = std::max(scale, std::abs(x));
  eps_ = st_.relative_tolerance * std::max(scale, 1e-300);
  out.tolerance = eps_;
  std::vector<int> simplex;
  // Fewer than d + 1 points cannot span d dimensions, but the simplex search
  // still finds the dimension they do span (out.rank).
  if (n_ == 0 || !InitialSimplex(&simplex, &out) || n_ < d_ + 1) {
    out.status = HullStatus::kDegenerate;
    char buf[160];
    std::snprintf(buf, sizeof buf, "the %d points span only %d of %d dimensions", n_, out.rank, d_);
    out.message = buf;
    return out;
  }
  if (!InitialFacets(simplex, &out)) return out;
  for (std::size_t fi = 0; fi < facets_.size(); ++fi) {
    if (!facets_[fi].alive || facets_[fi].outside.empty()) continue;
    if (!AddFarthestPoint(&fi, &out)) return out;
  }
  Finish(&out);
  return out;
}

}  // namespace

HullNd ConvexHullNd(const std::vector<double>& points, int dim, const HullSettings& settings) {
  if (dim < 2 || dim > kMaxHullDim || points.size() % dim != 0) {
    HullNd out;
    out.status = HullStatus::kDegenerate;
    out.message = "dimension must be 2.." + std::to_string(kMaxHullDim);
    return out;
  }
  HullNd hull = Builder(points, dim, settings).Run();
  // Degenerate input (many coplanar wrenches from parallel contacts) can
  // defeat the tolerance tests. Then the points are joggled, as Qhull's
  // 'QJ' does: each coordinate moves by at most j times the largest
  // coordinate, from a fixed pseudo-random sequence (the same on every
  // platform), with j = 1e-6, 1e-5, 1e-4 (below that, measured on the
  // wrench spaces of parallel-jaw grasps, the degeneracy remains). The
  // metrics move by about j.
  double scale = 0.0;
  for (double x : points) scale = std::max(scale, std::abs(x));
  for (double j : {1e-6, 1e-5, 1e-4}) {
    if (hull.status != HullStatus::kNumerical) break;
    std::vector<double> joggled = points;
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    for (double& x : joggled) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      const double u = static_cast<double>(state >> 11) * (1.0 / 9007199254740992.0);  // [0, 1)
      x += (2.0 * u - 1.0) * j * scale;
    }
    hull = Builder(joggled, dim, settings).Run();
    hull.joggle = j * scale;
  }
  return hull;
}

double OriginDepth(const HullNd& hull) {
  if (hull.status != HullStatus::kOk || hull.facets.empty()) return 0.0;
  double depth = hull.facets[0].offset;
  for (const HullFacet& f : hull.facets) depth = std::max(depth, f.offset);
  return -depth;
}

}  // namespace grasplab
