// The hill-climbing support (geometry/hull_support.h) against its
// definition, the scan: the same vertex index, ties included, on every convex
// hull the bundled scenes carry (the bunny's included), in random directions
// and in the directions where ties happen (face normals, axes, edges).
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>

#include "core/geometry/convex_hull.h"
#include "core/geometry/hull_support.h"
#include "core/geometry/support.h"
#include "tests/core/bundled_scene.h"

using namespace grasplab;

namespace {

// Every convex hull of every bundled scene's bodies (compound pieces too),
// with the scene's name and body index for the failure message.
struct NamedHull {
  std::string where;
  std::shared_ptr<const ConvexHull> hull;
};
void CollectHulls(const Shape& shape, const std::string& where, std::vector<NamedHull>* out) {
  if (const auto* c = std::get_if<ConvexShape>(&shape)) out->push_back({where, c->hull});
  if (const auto* c = std::get_if<CompoundShape>(&shape)) {
    for (std::size_t i = 0; i < c->pieces->size(); ++i) {
      CollectHulls((*c->pieces)[i].shape, where + ".pieces[" + std::to_string(i) + "]", out);
    }
  }
}
std::vector<NamedHull> BundledHulls() {
  std::vector<NamedHull> hulls;
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(std::string(GRASPLAB_ASSETS_DIR) + "/scenes")) {
    if (e.path().extension() == ".json" && e.path().stem() != "index") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const Scene scene = BundledScene(name);
    for (int b = 0; b < scene.world.body_count(); ++b) {
      CollectHulls(scene.world.body_def(b).shape, name + ".bodies[" + std::to_string(b) + "]", &hulls);
    }
  }
  return hulls;
}

// Directions with exact ties: every face normal (a whole face supports), the
// six axes and the 12 axis-pair diagonals (boxes and symmetric hulls), every
// edge's normal bisector (an edge supports), plus the zero vector.
std::vector<Vec3> TieDirections(const ConvexHull& h) {
  std::vector<Vec3> dirs;
  for (const auto& t : h.triangles) {
    const Vec3 a = h.vertices[t[0]], b = h.vertices[t[1]], c = h.vertices[t[2]];
    const Vec3 n = (b - a).cross(c - a);
    dirs.push_back(n);
    dirs.push_back(n.normalized());
  }
  for (int i = 0; i < 3; ++i) {
    for (double s : {1.0, -1.0}) {
      Vec3 e = Vec3::Zero();
      e[i] = s;
      dirs.push_back(e);
      for (int j = i + 1; j < 3; ++j) {
        for (double r : {1.0, -1.0}) {
          Vec3 f = e;
          f[j] = r;
          dirs.push_back(f);
        }
      }
    }
  }
  dirs.push_back(Vec3::Zero());
  return dirs;
}

}  // namespace

TEST_CASE("Hull support by hill climbing is the scan's vertex on every bundled hull", "[geometry][hull][support]") {
  const std::vector<NamedHull> hulls = BundledHulls();
  REQUIRE(hulls.size() >= 3);  // shapes' gem, the finger prism, the bunny
  bool has_bunny = false;
  std::mt19937 rng(19);
  std::normal_distribution<double> g;
  std::size_t queries = 0;
  for (const NamedHull& nh : hulls) {
    const ConvexHull& h = *nh.hull;
    INFO(nh.where << " (" << h.vertices.size() << " vertices)");
    has_bunny = has_bunny || h.vertices.size() > 100;
    REQUIRE(h.neighbor_offsets.size() == h.vertices.size() + 1);
    std::vector<Vec3> dirs = TieDirections(h);
    for (int k = 0; k < 20000; ++k) {
      const Vec3 d(g(rng), g(rng), g(rng));
      dirs.push_back(k % 2 ? d : 1e-3 * d);  // not unit: GJK passes raw directions
    }
    // The start map's cell edges (components +-1, +-0.75, ..., 0 over the
    // largest) and its corners, where the cell of d changes.
    for (int axis = 0; axis < 3; ++axis) {
      for (int a = 0; a <= kSupportStartCells; ++a) {
        for (int b = 0; b <= kSupportStartCells; b += 2) {
          Vec3 d;
          d[axis] = (a + b) % 3 == 0 ? -0.7 : 0.7;
          d[(axis + 1) % 3] = 0.7 * (2.0 * a / kSupportStartCells - 1.0);
          d[(axis + 2) % 3] = 0.7 * (2.0 * b / kSupportStartCells - 1.0);
          dirs.push_back(d);
        }
      }
    }
    REQUIRE(h.support_start.size() == 6 * kSupportStartCells * kSupportStartCells);
    // The same answer from the map's start, from the six axis extremes (no
    // map) and from a map that fits another hull (every cell vertex 0).
    ConvexHull no_map = h, stale_map = h;
    no_map.support_start.clear();
    std::fill(stale_map.support_start.begin(), stale_map.support_start.end(), 0);
    for (const Vec3& d : dirs) {
      INFO("d = " << d.transpose());
      const int scan = ScanSupportIndex(h.vertices, d);
      REQUIRE(HullSupportIndex(h, d) == scan);
      REQUIRE(HullSupportIndex(no_map, d) == scan);
      REQUIRE(HullSupportIndex(stale_map, d) == scan);
    }
    queries += dirs.size();
  }
  CHECK(has_bunny);
  CHECK(queries > 60000);
}

TEST_CASE("Hull adjacency is the triangles' edges, and a hull without it is scanned", "[geometry][hull][support]") {
  // A cube with interior points: 8 vertices, each on 3 square faces, so 3
  // cube edges plus 1-3 face diagonals from the triangulation: degree 4-6,
  // 18 undirected edges (E = V + F - 2 with F = 12 triangles).
  std::vector<Vec3> pts;
  for (int i = 0; i < 8; ++i) pts.push_back(Vec3((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1));
  pts.push_back(Vec3(0.1, 0.2, 0.3));
  const auto hull = BuildConvexHull(pts, "points").value();
  REQUIRE(hull->vertices.size() == 8);
  CHECK(hull->neighbors.size() == 2 * 18);
  for (int i = 0; i < 8; ++i) {
    const int degree = hull->neighbor_offsets[i + 1] - hull->neighbor_offsets[i];
    CHECK(degree >= 3);
    CHECK(degree <= 6);
  }
  // The start map: each cell's vertex is the support of the cell's centre
  // direction; +z's face cells of the cube all start at a vertex of the top
  // face (z = 1).
  REQUIRE(hull->support_start.size() == 6 * kSupportStartCells * kSupportStartCells);
  const int top_face = 4;  // +z
  for (int c = 0; c < kSupportStartCells * kSupportStartCells; ++c) {
    CHECK(hull->vertices[hull->support_start[top_face * kSupportStartCells * kSupportStartCells + c]].z() == 1.0);
  }
  // A face turned exactly to d: four tied vertices, the scan keeps the first.
  CHECK(HullSupportIndex(*hull, Vec3(0, 0, 1)) == ScanSupportIndex(hull->vertices, Vec3(0, 0, 1)));
  ConvexHull bare = *hull;
  bare.neighbor_offsets.clear();
  bare.neighbors.clear();
  for (const Vec3& d : {Vec3(0, 0, 1), Vec3(1, -1, 0), Vec3(0.3, 0.2, -0.9)}) {
    CHECK(HullSupportIndex(bare, d) == ScanSupportIndex(hull->vertices, d));
  }
}

TEST_CASE("Hull support features by walking the band are those of the scan", "[geometry][hull][support]") {
  // SupportFeature on a hull shape walks the adjacency; on a copy without it,
  // it scans. Same points in the same order, for bands from 0 to the whole hull.
  const std::vector<NamedHull> hulls = BundledHulls();
  std::mt19937 rng(7);
  std::normal_distribution<double> g;
  SupportFeatureScratch s1, s2;
  std::vector<Vec3> walked, scanned;
  for (const NamedHull& nh : hulls) {
    INFO(nh.where);
    auto bare = std::make_shared<ConvexHull>(*nh.hull);
    bare->neighbor_offsets.clear();
    bare->neighbors.clear();
    const Shape with = ConvexShape{nh.hull}, without = ConvexShape{bare};
    const double r = nh.hull->bounding_radius;
    std::vector<Vec3> dirs = TieDirections(*nh.hull);
    dirs.pop_back();  // not the zero vector: SupportFeature normalises d
    for (int k = 0; k < 3000; ++k) dirs.push_back(Vec3(g(rng), g(rng), g(rng)));
    int k = 0;
    for (const Vec3& d : dirs) {
      const double band = std::array<double, 4>{0.0, 1e-4 * r, 0.05 * r, 1e300}[k++ % 4];
      const double sin_tol = (k % 3 == 0) ? 0.0 : 0.035;
      SupportFeature(with, d, sin_tol, band, &s1, &walked);
      SupportFeature(without, d, sin_tol, band, &s2, &scanned);
      INFO("d = " << d.transpose() << ", band " << band);
      REQUIRE(walked == scanned);
    }
  }
}
