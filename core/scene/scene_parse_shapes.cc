// A body's "shape" (docs/scene-format.md): plane, sphere, box, capsule,
// cylinder, convex (inline points or the hull of an OBJ/STL asset), mesh
// (static triangle meshes) and compound (pieces at poses), and the asset
// files they read.
#include <fstream>
#include <sstream>

#include "core/base/format.h"
#include "core/geometry/convex_hull.h"
#include "core/geometry/mesh_io.h"
#include "core/geometry/triangle_mesh.h"
#include "core/scene/scene_parse_parts.h"

namespace grasplab {

// The bytes of an asset named in field `key` of `parent`: a path inside
// assets/ without '..'.
StatusOr<std::string> ReadAssetBytes(const Node& parent, const std::string& key, const SceneLoadOptions& options,
                                     std::string* path_out) {
  std::string path;
  if (Status s = String(parent, key, &path, true); !s.ok()) return s;
  if (path.rfind("assets/", 0) != 0 || path.find("..") != std::string::npos || path.find('\\') != std::string::npos) {
    return Status::Error(parent.Child(key) + ": must be a path inside assets/ without '..', got \"" + path + "\"");
  }
  if (path_out) *path_out = path;
  if (options.read_asset) {
    auto bytes = options.read_asset(path);
    if (!bytes.ok()) return Status::Error(parent.Child(key) + ": " + bytes.status().message());
    return bytes;
  }
  if (options.asset_root.empty()) return Status::Error(parent.Child(key) + ": asset files cannot be read here");
  const std::string file = options.asset_root + "/" + path.substr(7);
  std::ifstream in(file, std::ios::binary);
  if (!in) return Status::Error(parent.Child(key) + ": " + file + ": cannot be opened");
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The OBJ/STL named by `asset`, its vertices times `scale` (default 1).
namespace {

StatusOr<MeshData> ReadMeshAsset(const Node& n, const SceneLoadOptions& options) {
  std::string asset;
  double scale = 1.0;
  if (Status s = Number(n, "scale", &scale, false, 0.0, 1e6, true); !s.ok()) return s;
  auto bytes = ReadAssetBytes(n, "asset", options, &asset);
  if (!bytes.ok()) return bytes.status();
  auto data = ParseMesh(bytes.value(), asset);
  if (!data.ok()) return Status::Error(n.Child("asset") + ": " + data.status().message());
  for (Vec3& v : data.value().vertices) v *= scale;
  return data;
}

}  // namespace

Status ParseShape(const Node& n, const SceneLoadOptions& options, Shape* shape, Vec3* centroid) {
  std::string type;
  if (!n.json().is_object()) return n.Error("must be an object, got " + Describe(n.json()));
  GL_TRY(String(n, "type", &type, true));
  const double kMax = kMaxShapeDimension;
  if (type == "plane") {
    GL_TRY(n.ExpectObject({"type"}));
    *shape = PlaneShape{};
  } else if (type == "sphere") {
    GL_TRY(n.ExpectObject({"type", "radius"}));
    double r = 0;
    GL_TRY(Number(n, "radius", &r, true, 0.0, kMax, true));
    *shape = SphereShape{r};
  } else if (type == "box") {
    GL_TRY(n.ExpectObject({"type", "size"}));
    double s[3];
    GL_TRY(Vector(n, "size", 3, s, true));
    for (int i = 0; i < 3; ++i) {
      if (!(s[i] > 0.0) || s[i] > kMax) {
        return Status::Error(n.Child("size") + "[" + std::to_string(i) + "]: must be > 0 and <= " +
                             FormatNumber(kMax) + ", got " + FormatNumber(s[i]));
      }
    }
    *shape = BoxShape{0.5 * Vec3(s[0], s[1], s[2])};
  } else if (type == "capsule" || type == "cylinder") {
    GL_TRY(n.ExpectObject({"type", "radius", "length"}));
    double r = 0, l = 0;
    GL_TRY(Number(n, "radius", &r, true, 0.0, kMax, true));
    GL_TRY(Number(n, "length", &l, true, 0.0, kMax, type == "cylinder"));
    if (type == "capsule") {
      *shape = CapsuleShape{r, l};
    } else {
      *shape = CylinderShape{r, l};
    }
  } else if (type == "convex") {
    // Points inline, or the vertices of a mesh asset (the hull of an OBJ/STL).
    GL_TRY(n.ExpectObject({"type", "points", "asset", "scale"}));
    std::vector<Vec3> points;
    if (n.Has("asset")) {
      if (n.Has("points")) return n.Error("give either points or asset, not both");
      auto data = ReadMeshAsset(n, options);
      if (!data.ok()) return data.status();
      points = std::move(data.value().vertices);
    } else {
      if (n.Has("scale")) return Status::Error(n.Child("scale") + ": only with asset");
      if (!n.Has("points") || !n.json().at("points").is_array()) return Status::Error(n.Child("points") + ": required, an array of [x, y, z] (or give asset)");
      const Node pts = n.At("points");
      if (pts.json().size() > 100000) return pts.Error("at most 100000 points");
      for (std::size_t i = 0; i < pts.json().size(); ++i) {
        double p[3];
        const Json wrapped{{"p", pts.json()[i]}};
        const Node holder(wrapped, pts.path());
        if (Status s = Vector(holder, "p", 3, p, true); !s.ok()) {
          return Status::Error(pts.path() + "[" + std::to_string(i) + "]: must be an array of 3 finite numbers");
        }
        points.push_back(Vec3(p[0], p[1], p[2]));
      }
    }
    auto hull = BuildConvexHull(points, n.Has("asset") ? n.Child("asset") : n.Child("points"));
    if (!hull.ok()) return hull.status();
    *centroid = hull.value()->centroid;
    *shape = ConvexShape{hull.value()};
  } else if (type == "mesh") {
    GL_TRY(n.ExpectObject({"type", "asset", "scale"}));
    auto data = ReadMeshAsset(n, options);
    if (!data.ok()) return data.status();
    auto mesh = TriangleMesh::Create(std::move(data.value().vertices), std::move(data.value().triangles), n.Child("asset"));
    if (!mesh.ok()) return mesh.status();
    *shape = MeshShape{mesh.value()};
  } else if (type == "compound") {
    // Pieces at poses in the body frame; the body frame is then moved to the
    // volume centroid (returned in *centroid, like a convex hull's).
    GL_TRY(n.ExpectObject({"type", "pieces"}));
    if (!n.Has("pieces") || !n.json().at("pieces").is_array()) {
      return Status::Error(n.Child("pieces") + ": required, an array of {shape, position, orientation}");
    }
    const Node list = n.At("pieces");
    if (list.json().empty() || list.json().size() > static_cast<std::size_t>(kMaxCompoundPieces)) {
      return list.Error("must have 1 to " + std::to_string(kMaxCompoundPieces) + " pieces, got " +
                        std::to_string(list.json().size()));
    }
    std::vector<CompoundPiece> pieces;
    for (std::size_t i = 0; i < list.json().size(); ++i) {
      const Node pn = list.At(i);
      GL_TRY(pn.ExpectObject({"shape", "position", "orientation"}));
      if (!pn.Has("shape")) return Status::Error(pn.Child("shape") + ": required");
      std::string piece_type;
      if (pn.json().at("shape").is_object() && pn.json().at("shape").contains("type") &&
          pn.json().at("shape").at("type").is_string()) {
        piece_type = pn.json().at("shape").at("type").get<std::string>();
      }
      if (piece_type == "plane" || piece_type == "mesh" || piece_type == "compound") {
        return Status::Error(pn.Child("shape") + ".type: a compound piece must be a sphere, box, capsule, "
                             "cylinder or convex shape, got \"" + piece_type + "\"");
      }
      CompoundPiece piece;
      Vec3 piece_centroid = Vec3::Zero();
      GL_TRY(ParseShape(pn.At("shape"), options, &piece.shape, &piece_centroid));
      double p[3] = {0, 0, 0}, q[4] = {1, 0, 0, 0};
      GL_TRY(Vector(pn, "position", 3, p, false));
      GL_TRY(Vector(pn, "orientation", 4, q, false));
      Quat qq(q[0], q[1], q[2], q[3]);
      if (!(qq.norm() > 1e-6)) return Status::Error(pn.Child("orientation") + ": quaternion [w, x, y, z] cannot be normalised");
      qq.normalize();
      piece.X_BS = {Vec3(p[0], p[1], p[2]) + qq * piece_centroid, qq};
      pieces.push_back(std::move(piece));
    }
    Shape whole = CompoundShape{std::make_shared<const std::vector<CompoundPiece>>(pieces)};
    *centroid = ShapeCentroid(whole);
    for (CompoundPiece& piece : pieces) piece.X_BS.p -= *centroid;
    *shape = CompoundShape{std::make_shared<const std::vector<CompoundPiece>>(std::move(pieces))};
    GL_TRY(ValidateShape(*shape, n.path()));
  } else {
    return Status::Error(n.Child("type") + ": must be one of plane, sphere, box, capsule, cylinder, convex, mesh, compound; got \"" + type + "\"");
  }
  return Status::Ok();
}

}  // namespace grasplab
