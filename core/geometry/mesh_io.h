// Triangle mesh files: Wavefront OBJ (v and f records; polygons are fanned
// into triangles; negative indices count from the end) and STL (binary, or
// ASCII "solid ... facet ... vertex ..."; coincident vertices are welded).
// Files are untrusted: errors name the file, the line (OBJ/ASCII STL) and the
// problem; sizes are bounded (kMaxMeshTriangles).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/status.h"
#include "core/math/types.h"

namespace grasplab {

struct MeshData {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;
};

StatusOr<MeshData> ParseObj(std::string_view text, const std::string& name);
StatusOr<MeshData> ParseStl(std::string_view bytes, const std::string& name);
// By extension (.obj, .stl, case-insensitive).
StatusOr<MeshData> ParseMesh(std::string_view bytes, const std::string& name);
// Reads and parses a file (native builds; the browser passes bytes).
StatusOr<MeshData> ReadMeshFile(const std::string& path);

// Whether the mesh bounds a solid: every edge (vertices at equal
// positions taken as one) belongs to exactly two triangles. The error
// names the file, the first edge that does not, by its two vertices'
// positions, and how many triangles it belongs to.
Status CheckClosedMesh(const MeshData& mesh, const std::string& name);

}  // namespace grasplab
