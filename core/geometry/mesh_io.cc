#include "core/geometry/mesh_io.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "core/base/format.h"
#include "core/geometry/triangle_mesh.h"

namespace grasplab {
namespace {

// Splits a line into whitespace-separated tokens.
std::vector<std::string_view> Tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool ParseNumber(std::string_view token, double* out) {
  const std::string s(token);
  char* end = nullptr;
  *out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size() && IsFinite(*out);
}

bool ParseInt(std::string_view token, long* out) {
  const std::string s(token);
  char* end = nullptr;
  *out = std::strtol(s.c_str(), &end, 10);
  return !s.empty() && end == s.c_str() + s.size();
}

std::string At(const std::string& name, int line) { return name + ":" + std::to_string(line) + ": "; }

// Welds exactly equal vertices (STL stores every corner of every facet).
class Welder {
 public:
  int Add(const Vec3& v, MeshData* mesh) {
    const std::array<double, 3> key{v.x(), v.y(), v.z()};
    auto [it, inserted] = index_.emplace(key, static_cast<int>(mesh->vertices.size()));
    if (inserted) mesh->vertices.push_back(v);
    return it->second;
  }

 private:
  std::map<std::array<double, 3>, int> index_;
};

Status CheckTriangleCount(std::size_t n, const std::string& name) {
  if (n > static_cast<std::size_t>(kMaxMeshTriangles)) {
    return Status::Error(name + ": more than " + std::to_string(kMaxMeshTriangles) + " triangles");
  }
  return Status::Ok();
}

StatusOr<MeshData> ParseAsciiStl(std::string_view text, const std::string& name) {
  MeshData mesh;
  Welder welder;
  std::array<int, 3> tri{};
  int corner = 0, line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const auto tok = Tokens(text.substr(pos, end - pos));
    pos = end + 1;
    ++line_no;
    if (tok.empty() || tok[0] != "vertex") continue;
    Vec3 v;
    if (tok.size() != 4 || !ParseNumber(tok[1], &v.x()) || !ParseNumber(tok[2], &v.y()) ||
        !ParseNumber(tok[3], &v.z())) {
      return Status::Error(At(name, line_no) + "vertex: expected three finite numbers");
    }
    tri[corner++] = welder.Add(v, &mesh);
    if (corner == 3) {
      mesh.triangles.push_back(tri);
      corner = 0;
      if (Status s = CheckTriangleCount(mesh.triangles.size(), name); !s.ok()) return s;
    }
  }
  if (corner != 0) return Status::Error(name + ": facet with " + std::to_string(corner) + " vertices at the end");
  if (mesh.triangles.empty()) return Status::Error(name + ": no facets");
  return mesh;
}

}  // namespace

StatusOr<MeshData> ParseObj(std::string_view text, const std::string& name) {
  MeshData mesh;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const auto tok = Tokens(line);
    if (tok.empty()) continue;
    if (tok[0] == "v") {
      Vec3 v;
      if (tok.size() < 4 || !ParseNumber(tok[1], &v.x()) || !ParseNumber(tok[2], &v.y()) ||
          !ParseNumber(tok[3], &v.z())) {
        return Status::Error(At(name, line_no) + "v: expected three finite numbers");
      }
      mesh.vertices.push_back(v);
    } else if (tok[0] == "f") {
      if (tok.size() < 4) return Status::Error(At(name, line_no) + "f: a face needs at least 3 vertices");
      std::vector<int> face;
      for (std::size_t k = 1; k < tok.size(); ++k) {
        long idx = 0;
        const std::string_view first = tok[k].substr(0, tok[k].find('/'));  // "v/vt/vn"
        const long nv = static_cast<long>(mesh.vertices.size());
        if (!ParseInt(first, &idx) || idx == 0 || idx > nv || idx < -nv) {
          return Status::Error(At(name, line_no) + "f: vertex index '" + std::string(first) + "' out of range 1.." +
                               std::to_string(nv));
        }
        face.push_back(static_cast<int>(idx > 0 ? idx - 1 : nv + idx));
      }
      for (std::size_t k = 1; k + 1 < face.size(); ++k) mesh.triangles.push_back({face[0], face[k], face[k + 1]});
      if (Status s = CheckTriangleCount(mesh.triangles.size(), name); !s.ok()) return s;
    }
    // vt, vn, g, o, s, usemtl, mtllib: not needed for collision; ignored.
  }
  if (mesh.triangles.empty()) return Status::Error(name + ": no faces");
  return mesh;
}

StatusOr<MeshData> ParseStl(std::string_view bytes, const std::string& name) {
  if (bytes.size() >= 84) {
    std::uint32_t count;
    std::memcpy(&count, bytes.data() + 80, 4);  // little-endian on every target we build for
    if (bytes.size() == 84 + 50ull * count) {
      if (Status s = CheckTriangleCount(count, name); !s.ok()) return s;
      MeshData mesh;
      Welder welder;
      for (std::uint32_t t = 0; t < count; ++t) {
        const char* rec = bytes.data() + 84 + 50ull * t + 12;  // skip the facet normal
        std::array<int, 3> tri;
        for (int k = 0; k < 3; ++k) {
          float xyz[3];
          std::memcpy(xyz, rec + 12 * k, 12);
          const Vec3 v(xyz[0], xyz[1], xyz[2]);
          if (!IsFinite(v)) return Status::Error(name + ": facet " + std::to_string(t) + " has a non-finite vertex");
          tri[k] = welder.Add(v, &mesh);
        }
        mesh.triangles.push_back(tri);
      }
      if (mesh.triangles.empty()) return Status::Error(name + ": no facets");
      return mesh;
    }
  }
  const std::string_view head = bytes.substr(0, 5);
  if (head == "solid") return ParseAsciiStl(bytes, name);
  return Status::Error(name + ": neither binary STL (size does not match the facet count) nor ASCII STL");
}

StatusOr<MeshData> ParseMesh(std::string_view bytes, const std::string& name) {
  std::string ext = name.substr(name.find_last_of('.') == std::string::npos ? name.size() : name.find_last_of('.'));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".obj") return ParseObj(bytes, name);
  if (ext == ".stl") return ParseStl(bytes, name);
  return Status::Error(name + ": unknown mesh format '" + ext + "' (expected .obj or .stl)");
}

StatusOr<MeshData> ReadMeshFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Error(path + ": cannot open file");
  std::ostringstream buf;
  buf << in.rdbuf();
  return ParseMesh(buf.str(), path);
}

Status CheckClosedMesh(const MeshData& mesh, const std::string& name) {
  // Weld by exact position: OBJ files may repeat a vertex per face.
  const int n = static_cast<int>(mesh.vertices.size());
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  auto less = [&](int a, int b) { return LexicographicLess(mesh.vertices[a], mesh.vertices[b]); };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return less(a, b) || (!less(b, a) && a < b); });
  std::vector<int> weld(n);
  for (int k = 0; k < n; ++k) weld[order[k]] = k > 0 && !less(order[k - 1], order[k]) ? weld[order[k - 1]] : order[k];
  std::vector<std::pair<int, int>> edges;
  for (const std::array<int, 3>& t : mesh.triangles) {
    for (int e = 0; e < 3; ++e) {
      const int a = weld[t[e]], b = weld[t[(e + 1) % 3]];
      if (a != b) edges.emplace_back(std::min(a, b), std::max(a, b));
    }
  }
  if (mesh.triangles.empty()) return Status::Error(name + ": has no triangles");
  std::sort(edges.begin(), edges.end());
  for (std::size_t i = 0; i < edges.size();) {
    std::size_t j = i;
    while (j < edges.size() && edges[j] == edges[i]) ++j;
    if (j - i != 2) {
      const Vec3& a = mesh.vertices[edges[i].first];
      const Vec3& b = mesh.vertices[edges[i].second];
      return Status::Error(name + ": the mesh is not closed: the edge from " + FormatTriple(a.x(), a.y(), a.z()) +
                           " to " + FormatTriple(b.x(), b.y(), b.z()) + " belongs to " + std::to_string(j - i) +
                           " triangle" + (j - i == 1 ? "" : "s") + " (a solid's edges belong to 2)");
    }
    i = j;
  }
  return Status::Ok();
}

}  // namespace grasplab
