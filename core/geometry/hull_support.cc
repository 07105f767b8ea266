#include "core/geometry/hull_support.h"

#include <algorithm>
#include <cmath>

namespace grasplab {
namespace {

// tol = kPlateauTolerance * r * |d|_1: far above the rounding of a dot
// product (~1e-16 of r |d|_1) and of Quickhull's merging (1e-10 of the
// extent, which is at most 2 r), far below any real gap between vertices.
constexpr double kPlateauTolerance = 1e-8;
// Vertices a plateau may hold before the support falls back to the scan.
constexpr int kMaxPlateau = 64;

double PlateauTolerance(const ConvexHull& hull, const Vec3& d) {
  return kPlateauTolerance * hull.bounding_radius * (std::abs(d.x()) + std::abs(d.y()) + std::abs(d.z()));
}

bool HasAdjacency(const ConvexHull& hull) {
  return hull.neighbor_offsets.size() == hull.vertices.size() + 1 && !hull.vertices.empty();
}

// The cell of ConvexHull::support_start for direction d (finite, non-zero):
// the face of d's largest component (the first on a tie) and its sign, then
// the other two components over it, each in [-1, 1], in 8 equal bins.
int StartCell(const Vec3& d) {
  const double ax = std::abs(d.x()), ay = std::abs(d.y()), az = std::abs(d.z());
  const int axis = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
  const int face = 2 * axis + (d[axis] < 0.0 ? 1 : 0);
  const double inv = 1.0 / std::abs(d[axis]);
  constexpr double kHalf = 0.5 * kSupportStartCells;
  const auto bin = [&](double c) {
    const int b = static_cast<int>((c * inv + 1.0) * kHalf);  // c * inv in [-1, 1]
    return std::clamp(b, 0, kSupportStartCells - 1);
  };
  return (face * kSupportStartCells + bin(d[(axis + 1) % 3])) * kSupportStartCells + bin(d[(axis + 2) % 3]);
}

}  // namespace

void BuildSupportStartMap(ConvexHull* hull) {
  constexpr int n = kSupportStartCells;
  hull->support_start.assign(6 * n * n, 0);
  if (hull->vertices.empty()) return;
  for (int face = 0; face < 6; ++face) {
    const int axis = face / 2;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        Vec3 d = Vec3::Zero();
        d[axis] = (face % 2 == 0) ? 1.0 : -1.0;
        d[(axis + 1) % 3] = (a + 0.5) * 2.0 / n - 1.0;
        d[(axis + 2) % 3] = (b + 0.5) * 2.0 / n - 1.0;
        hull->support_start[(face * n + a) * n + b] = ScanSupportIndex(hull->vertices, d);
      }
    }
  }
}

int ScanSupportIndex(std::span<const Vec3> points, const Vec3& d) {
  std::size_t best = 0;
  double best_dot = points[0].dot(d);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const double dot = points[i].dot(d);
    if (dot > best_dot) best_dot = dot, best = i;
  }
  return static_cast<int>(best);
}

int HullSupportIndex(const ConvexHull& hull, const Vec3& d) {
  const std::vector<Vec3>& v = hull.vertices;
  const double tol = PlateauTolerance(hull, d);
  if (!HasAdjacency(hull) || !(tol > 0.0) || !std::isfinite(tol)) return ScanSupportIndex(v, d);
  const int* offsets = hull.neighbor_offsets.data();
  const int* nbrs = hull.neighbors.data();

  int top;
  double m;
  if (hull.support_start.size() == 6 * kSupportStartCells * kSupportStartCells) {
    top = hull.support_start[StartCell(d)];
    if (top < 0 || top >= static_cast<int>(v.size())) return ScanSupportIndex(v, d);
    m = v[top].dot(d);
  } else {
    top = hull.axis_extremes[0];
    m = v[top].dot(d);
    for (int k = 1; k < 6; ++k) {
      const int i = hull.axis_extremes[k];
      const double dot = v[i].dot(d);
      if (dot > m) m = dot, top = i;
    }
  }
  // Steepest ascent; `near` records whether the last (non-improving) pass saw
  // a neighbour within tol of the top.
  bool near = false;
  for (;;) {
    int next = -1;
    double next_dot = m;
    near = false;
    for (int k = offsets[top]; k < offsets[top + 1]; ++k) {
      const double dot = v[nbrs[k]].dot(d);
      if (dot > next_dot) next_dot = dot, next = nbrs[k];
      near = near || dot >= m - tol;
    }
    if (next < 0) break;
    top = next;
    m = next_dot;
  }
  if (!near) return top;

  // The plateau, breadth first; membership by linear search (it is small).
  int plateau[kMaxPlateau];
  int count = 1;
  plateau[0] = top;
  int best = top;
  double best_dot = m;
  for (int head = 0; head < count; ++head) {
    const int u = plateau[head];
    for (int k = offsets[u]; k < offsets[u + 1]; ++k) {
      const int w = nbrs[k];
      const double dot = v[w].dot(d);
      if (dot < m - tol || std::find(plateau, plateau + count, w) != plateau + count) continue;
      if (count == kMaxPlateau) return ScanSupportIndex(v, d);
      plateau[count++] = w;
      if (dot > best_dot || (dot == best_dot && w < best)) best_dot = dot, best = w;
    }
  }
  return best;
}

bool HullVerticesAbove(const ConvexHull& hull, const Vec3& d, int top, double min_dot, HullWalkScratch* scratch,
                       std::vector<int>* out) {
  const int n = static_cast<int>(hull.vertices.size());
  const double tol = PlateauTolerance(hull, d);
  if (!HasAdjacency(hull) || !(tol > 0.0) || !std::isfinite(tol) || !std::isfinite(min_dot)) return false;
  const std::vector<Vec3>& v = hull.vertices;
  const double level = min_dot - tol;
  if (!(v[top].dot(d) >= level)) return false;
  if (static_cast<int>(scratch->stamp.size()) < n) scratch->stamp.resize(n, 0);
  if (++scratch->epoch == 0) {  // wrapped: old stamps could collide
    std::fill(scratch->stamp.begin(), scratch->stamp.end(), 0u);
    scratch->epoch = 1;
  }
  const std::uint32_t epoch = scratch->epoch;
  std::vector<int>& queue = scratch->queue;
  queue.clear();
  queue.push_back(top);
  scratch->stamp[top] = epoch;
  // Beyond half the hull the scan is cheaper than the walk.
  const std::size_t limit = static_cast<std::size_t>(n / 2 + 1);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int u = queue[head];
    for (int k = hull.neighbor_offsets[u]; k < hull.neighbor_offsets[u + 1]; ++k) {
      const int w = hull.neighbors[k];
      if (scratch->stamp[w] == epoch) continue;
      scratch->stamp[w] = epoch;
      if (v[w].dot(d) < level) continue;
      if (queue.size() == limit) return false;
      queue.push_back(w);
    }
  }
  out->assign(queue.begin(), queue.end());
  std::sort(out->begin(), out->end());
  return true;
}

}  // namespace grasplab
