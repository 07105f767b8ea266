// libFuzzer target for the OBJ and STL readers (mesh files are untrusted):
// each input is read both as OBJ and as STL; each read is refused with a
// message or gives finite vertices and in-range triangles, whose convex hull
// is built or refused with a message. Seeded from tests/fuzz/corpus_mesh/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/geometry/convex_hull.h"
#include "core/geometry/mesh_io.h"

namespace {

void Check(const grasplab::StatusOr<grasplab::MeshData>& mesh) {
  if (!mesh.ok()) {
    if (mesh.status().message().empty()) std::abort();
    return;
  }
  const auto& m = mesh.value();
  const int n = static_cast<int>(m.vertices.size());
  for (const grasplab::Vec3& v : m.vertices) {
    if (!grasplab::IsFinite(v)) std::abort();
  }
  for (const auto& t : m.triangles) {
    for (int i : t) {
      if (i < 0 || i >= n) std::abort();
    }
  }
  if (n > 2000) return;  // keep each run short
  auto hull = grasplab::BuildConvexHull(m.vertices, "fuzz");
  if (!hull.ok()) {
    if (hull.status().message().empty()) std::abort();
    return;
  }
  if (!(hull.value()->volume > 0.0) || !grasplab::IsFinite(hull.value()->centroid)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Check(grasplab::ParseObj(bytes, "fuzz.obj"));
  Check(grasplab::ParseStl(bytes, "fuzz.stl"));
  return 0;
}
