// OBJ and STL files (core/io/mesh_io) and meshes in the narrow phase.
#include <catch2/catch.hpp>
#include <cstring>

#include "core/collision/narrow_phase.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/triangle_mesh.h"
#include "core/geometry/mesh_io.h"

using namespace grasplab;

TEST_CASE("OBJ: vertices, fanned polygons, negative indices, errors with line numbers", "[io][mesh]") {
  const auto m = ParseObj("# square\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//1 4//1\nf -4 -2 -1\n", "sq.obj");
  REQUIRE(m.ok());
  CHECK(m.value().vertices.size() == 4);
  REQUIRE(m.value().triangles.size() == 3);
  CHECK(m.value().triangles[1] == std::array<int, 3>{0, 2, 3});
  CHECK(m.value().triangles[2] == std::array<int, 3>{0, 2, 3});

  auto bad = ParseObj("v 0 0 0\nv 1 0 0\nf 1 2 3\n", "bad.obj");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "bad.obj:3: f: vertex index '3' out of range 1..2");
  bad = ParseObj("v 0 0 nan\n", "nan.obj");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "nan.obj:1: v: expected three finite numbers");
  bad = ParseObj("v 0 0 0\n", "empty.obj");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "empty.obj: no faces");
  CHECK(ParseMesh("", "x.ply").status().message() == "x.ply: unknown mesh format '.ply' (expected .obj or .stl)");
}

TEST_CASE("STL: binary and ASCII give the same welded mesh", "[io][mesh]") {
  const float tris[2][3][3] = {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}}, {{0, 0, 0}, {1, 1, 0}, {0, 1, 0}}};
  std::string bin(80, ' ');
  const std::uint32_t n = 2;
  bin.append(reinterpret_cast<const char*>(&n), 4);
  for (const auto& t : tris) {
    bin.append(12, '\0');  // normal
    bin.append(reinterpret_cast<const char*>(t), 36);
    bin.append(2, '\0');
  }
  const auto b = ParseStl(bin, "sq.stl");
  REQUIRE(b.ok());
  CHECK(b.value().vertices.size() == 4);  // 6 corners welded to 4
  CHECK(b.value().triangles.size() == 2);
  const std::string ascii =
      "solid sq\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 1 1 0\n  endloop\n endfacet\n"
      " facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 1 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid\n";
  const auto a = ParseStl(ascii, "sq.stl");
  REQUIRE(a.ok());
  CHECK(a.value().vertices == b.value().vertices);
  CHECK(a.value().triangles == b.value().triangles);
  CHECK(ParseStl(std::string(100, 'x'), "junk.stl").status().message() ==
        "junk.stl: neither binary STL (size does not match the facet count) nor ASCII STL");
}

TEST_CASE("A box on a tessellated floor mesh touches at its 4 corners", "[collision][mesh]") {
  // A 2 m square floor in 8 x 8 cells, two triangles each.
  std::vector<Vec3> v;
  std::vector<std::array<int, 3>> t;
  for (int j = 0; j <= 8; ++j) {
    for (int i = 0; i <= 8; ++i) v.push_back(Vec3(-1.0 + 0.25 * i, -1.0 + 0.25 * j, 0.0));
  }
  for (int j = 0; j < 8; ++j) {
    for (int i = 0; i < 8; ++i) {
      const int a = j * 9 + i;
      t.push_back({a, a + 1, a + 10});
      t.push_back({a, a + 10, a + 9});
    }
  }
  const auto floor = TriangleMesh::Create(v, t, "floor").value();
  NarrowPhaseSettings s;
  std::vector<Contact> cs;
  // Straddling four cells.
  CollideShapes(0, BoxShape{Vec3(0.1, 0.1, 0.1)}, Pose{Vec3(0.03, -0.02, 0.1 + 5e-5), Quat::Identity()}, 1,
                MeshShape{floor}, Pose{}, s, &cs);
  REQUIRE(cs.size() == 4);
  for (const Contact& c : cs) {
    CHECK(c.n_W.isApprox(Vec3::UnitZ(), 1e-9));
    CHECK(c.separation == Approx(5e-5).epsilon(1e-6));
    CHECK(std::abs(std::abs(c.p_W.x() - 0.03) - 0.1) < 1e-9);
    CHECK(std::abs(std::abs(c.p_W.y() + 0.02) - 0.1) < 1e-9);
  }
}

TEST_CASE("The Stanford bunny: hull on a plane touches at its footprint's hull points", "[collision][mesh]") {
  const auto data = ReadMeshFile(GRASPLAB_BUNNY_OBJ);
  REQUIRE(data.ok());
  CHECK(data.value().triangles.size() > 1000);
  // Scale the bunny (about 10 units tall) to 10 cm.
  std::vector<Vec3> pts;
  for (const Vec3& p : data.value().vertices) pts.push_back(0.01 * p);
  const auto hull = BuildConvexHull(pts, "bunny").value();
  CHECK(hull->vertices.size() < pts.size());
  // Rest it on the hull face lying lowest along -z: rotate that face's normal to -z.
  Vec3 n_face = Vec3::Zero();
  double best = -1e9;
  for (const auto& t : hull->triangles) {
    const Vec3 a = hull->vertices[t[0]], b = hull->vertices[t[1]], c = hull->vertices[t[2]];
    const Vec3 n = (b - a).cross(c - a).normalized();
    const double area = (b - a).cross(c - a).norm();
    if (area > best) best = area, n_face = n;  // the largest triangle: a clear footprint
  }
  const Quat q = Quat::FromTwoVectors(n_face, -Vec3::UnitZ());
  double lowest = 1e9;
  for (const Vec3& p : hull->vertices) lowest = std::min(lowest, (q * p).z());
  const Pose X{Vec3(0, 0, -lowest + 5e-5), q};
  std::vector<Contact> cs;
  NarrowPhaseSettings s;
  CollideShapes(0, ConvexShape{hull}, X, 1, PlaneShape{}, Pose{}, s, &cs);
  REQUIRE(cs.size() >= 3);
  for (const Contact& c : cs) {
    CHECK(c.separation == Approx(5e-5).margin(1e-9));
    // Each contact sits on a hull vertex of the footprint.
    bool on_vertex = false;
    for (const Vec3& p : hull->vertices) on_vertex |= ((X.Apply(p) - c.p_W).head<2>().norm() < 1e-9);
    CHECK(on_vertex);
  }

  // As a static mesh: a sphere resting on top of it touches once.
  const auto mesh = TriangleMesh::Create(pts, data.value().triangles, "bunny").value();
  double top = -1e9;
  Vec3 top_p = Vec3::Zero();
  for (const Vec3& p : pts) {
    if (p.y() > top) top = p.y(), top_p = p;  // the bunny's "up" is +y in the file
  }
  std::vector<Contact> on_top;
  CollideShapes(0, SphereShape{0.01}, Pose{top_p + Vec3(0, 0.01 + 5e-5, 0), Quat::Identity()}, 1, MeshShape{mesh},
                Pose{}, s, &on_top);
  REQUIRE(on_top.size() >= 1);
  for (const Contact& c : on_top) CHECK(c.separation == Approx(5e-5).margin(1e-6));
}

TEST_CASE("CheckClosedMesh: a solid's every edge belongs to two triangles", "[mesh_io][planning]") {
  // A unit cube, 12 triangles.
  const std::string cube = R"(v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 3 2
f 1 4 3
f 5 6 7
f 5 7 8
f 1 2 6
f 1 6 5
f 2 3 7
f 2 7 6
f 3 4 8
f 3 8 7
f 4 1 5
f 4 5 8
)";
  auto closed = ParseObj(cube, "cube.obj");
  REQUIRE(closed.ok());
  CHECK(CheckClosedMesh(closed.value(), "cube.obj").ok());
  // One face missing: its edges belong to one triangle each.
  auto open = ParseObj(cube.substr(0, cube.rfind("f 4 5 8")), "open.obj");
  REQUIRE(open.ok());
  const Status s = CheckClosedMesh(open.value(), "open.obj");
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("open.obj: the mesh is not closed: the edge from [") == 0);
  CHECK(s.message().find("belongs to 1 triangle ") != std::string::npos);
  // The same cube with every face's vertices repeated (as OBJ exporters
  // write flat-shaded meshes): welded by position, still closed.
  MeshData split;
  for (const auto& t : closed.value().triangles) {
    const int base = static_cast<int>(split.vertices.size());
    for (int k = 0; k < 3; ++k) split.vertices.push_back(closed.value().vertices[t[k]]);
    split.triangles.push_back({base, base + 1, base + 2});
  }
  CHECK(CheckClosedMesh(split, "split.obj").ok());
  // A fin: a triangle glued onto an edge makes that edge belong to 3.
  MeshData fin = closed.value();
  fin.vertices.push_back(Vec3(0.5, -1, 0));
  fin.triangles.push_back({0, 1, 8});
  CHECK(CheckClosedMesh(fin, "fin.obj").message().find("belongs to 3 triangles") != std::string::npos);
}
