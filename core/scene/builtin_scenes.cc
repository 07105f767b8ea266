#include "core/scene/builtin_scenes.h"

#include <cmath>

#include "core/geometry/convex_hull.h"

namespace grasplab {
namespace {

Scene FallingSphere() {
  Scene scene{"falling-sphere", 0.0025};
  const BodyDef ground = GroundPlane();
  BodyDef sphere;
  sphere.name = "sphere";
  sphere.shape = SphereShape{0.05};
  sphere.mass = 0.2;
  sphere.X_WB.p = Vec3(0.0, 0.0, 0.5);
  // Both definitions are valid by construction.
  (void)scene.world.AddBody(ground);
  (void)scene.world.AddBody(sphere);
  return scene;
}

Scene Shapes() {
  Scene scene{"shapes", 0.0025};
  (void)scene.world.AddBody(GroundPlane());
  // A pentagonal prism-like gem: 20 points on two rings and two apexes.
  std::vector<Vec3> gem;
  const double c[5] = {1.0, 0.30901699437494745, -0.8090169943749474, -0.8090169943749476, 0.30901699437494723};
  const double sn[5] = {0.0, 0.9510565162951535, 0.5877852522924732, -0.587785252292473, -0.9510565162951536};
  for (int k = 0; k < 5; ++k) {
    gem.push_back(Vec3(0.05 * c[k], 0.05 * sn[k], 0.015));
    gem.push_back(Vec3(0.05 * c[k], 0.05 * sn[k], -0.005));
    gem.push_back(Vec3(0.035 * c[k], 0.035 * sn[k], 0.03));
    gem.push_back(Vec3(0.02 * c[k], 0.02 * sn[k], -0.035));
  }
  const auto hull = BuildConvexHull(gem, "shapes.gem").value();
  struct Item {
    const char* name;
    Shape shape;
    Vec3 p;
    Quat q;
  };
  const Quat tilt = Quat(Eigen::AngleAxisd(0.6, Vec3(1, 1, 0).normalized()));
  const Quat side = Quat(Eigen::AngleAxisd(1.5707963267948966, Vec3::UnitY()));
  const Item items[] = {
      {"box", BoxShape{Vec3(0.05, 0.035, 0.025)}, Vec3(-0.2, 0.0, 0.25), tilt},
      {"sphere", SphereShape{0.04}, Vec3(-0.05, 0.12, 0.3), Quat::Identity()},
      {"capsule", CapsuleShape{0.025, 0.1}, Vec3(0.1, -0.1, 0.2), side},
      {"cylinder", CylinderShape{0.04, 0.1}, Vec3(0.15, 0.12, 0.35), Quat::Identity()},
      {"gem", ConvexShape{hull}, Vec3(0.0, -0.05, 0.45), tilt},
  };
  for (const Item& it : items) {
    BodyDef b;
    b.name = it.name;
    b.shape = it.shape;
    b.mass = 0.2;
    b.X_WB = Pose{it.p, it.q};
    (void)scene.world.AddBody(b);
  }
  return scene;
}

// Three box fingers hinged on `palm` (whose top face is at height
// palm_top), 120 degrees apart around the z axis, each pushed inwards by a
// constant motor torque (N m). Returns the finger joints.
std::vector<JointId> AddThreeFingers(World* world, BodyId palm, const Vec3& palm_top, double torque) {
  // cos and sin of 0, 120 and 240 degrees.
  const double c[3] = {1.0, -0.5, -0.5}, sn[3] = {0.0, 0.8660254037844386, -0.8660254037844386};
  std::vector<JointId> joints;
  for (int i = 0; i < 3; ++i) {
    const Vec3 radial(c[i], sn[i], 0.0);
    BodyDef f;
    f.name = "finger" + std::to_string(i);
    f.shape = BoxShape{Vec3(0.006, 0.01, 0.05)};
    f.mass = 0.05;
    f.X_WB.p = palm_top + 0.042 * radial + Vec3(0, 0, 0.05);
    f.X_WB.q = Quat::FromTwoVectors(Vec3::UnitX(), radial);
    const BodyId fid = world->AddBody(f).value();
    JointDef j;
    j.name = "hinge" + std::to_string(i);
    j.parent = palm;
    j.child = fid;
    j.anchor_W = palm_top + 0.042 * radial;
    j.axis_W = radial.cross(Vec3::UnitZ());  // positive rotation tips the finger inwards
    joints.push_back(world->AddJoint(j).value());
    (void)world->SetJointEffort(joints.back(), torque);
  }
  return joints;
}

// A static palm disc (radius 7 cm, 2 cm thick) centred at the origin, over
// a ground plane.
BodyId AddPalmOnGround(World* world) {
  (void)world->AddBody(GroundPlane(-0.01));  // under the palm
  BodyDef palm;
  palm.name = "palm";
  palm.shape = CylinderShape{0.07, 0.02};
  palm.is_static = true;
  return world->AddBody(palm).value();
}

// Three motor-driven fingers (0.3 N m) squeeze a 0.2 kg ball and hold it
// against gravity by friction: the closed-chain grasp of Zechmair & Morel's
// Figure 4 (their constraint-based run failed at about 7.7 s).
Scene FingerSqueeze() {
  Scene scene{"finger-squeeze", 0.0025};
  const BodyId palm = AddPalmOnGround(&scene.world);
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{0.03};
  ball.mass = 0.2;
  ball.X_WB.p = Vec3(0, 0, 0.1);
  (void)scene.world.AddBody(ball);
  AddThreeFingers(&scene.world, palm, Vec3(0, 0, 0.01), 0.3);
  return scene;
}

// The same hand closing on a 0.2 kg hexagonal prism standing on the palm,
// its faces towards the fingers: a statically indeterminate grasp with line
// and face contacts (about 12 contacts, LCP n = 120).
Scene FingerPrism() {
  Scene scene{"finger-prism", 0.0025};
  const BodyId palm = AddPalmOnGround(&scene.world);
  const double h3 = std::sqrt(3.0) / 2.0, R = 0.0355 / h3;  // apothem 3.55 cm
  const double vx[6] = {h3, 0.0, -h3, -h3, 0.0, h3}, vy[6] = {0.5, 1.0, 0.5, -0.5, -1.0, -0.5};
  std::vector<Vec3> pts;
  for (int k = 0; k < 6; ++k) {
    pts.push_back(Vec3(R * vx[k], R * vy[k], -0.04));
    pts.push_back(Vec3(R * vx[k], R * vy[k], 0.04));
  }
  BodyDef prism;
  prism.name = "prism";
  prism.shape = ConvexShape{BuildConvexHull(pts, "finger-prism.prism").value()};
  prism.mass = 0.2;
  prism.X_WB.p = Vec3(0, 0, 0.05 + 5e-5);
  (void)scene.world.AddBody(prism);
  AddThreeFingers(&scene.world, palm, Vec3(0, 0, 0.01), 0.3);
  return scene;
}

// A 6-joint arm (revolute about z, y, y, x, y, x; its joints held by 60 N m
// of Coulomb friction) carrying a palm on a fixed joint, whose three fingers
// squeeze a ball.
Scene ArmHand() {
  Scene scene{"arm-hand", 0.0025};
  World& world = scene.world;
  (void)world.AddBody(GroundPlane());
  BodyDef base;
  base.name = "base";
  base.shape = CylinderShape{0.08, 0.1};
  base.is_static = true;
  base.X_WB.p = Vec3(0, 0, 0.05);
  BodyId parent = world.AddBody(base).value();
  const Vec3 axes[6] = {Vec3::UnitZ(), Vec3::UnitY(), Vec3::UnitY(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitX()};
  double z = 0.1;
  for (int i = 0; i < 6; ++i) {
    const double len = i < 3 ? 0.2 : 0.06;
    BodyDef link;
    link.name = "link" + std::to_string(i);
    link.shape = BoxShape{Vec3(0.03, 0.03, 0.5 * len)};
    link.mass = 1.5 - 0.2 * i;
    link.X_WB.p = Vec3(0, 0, z + 0.5 * len);
    const BodyId id = world.AddBody(link).value();
    JointDef j;
    j.name = "joint" + std::to_string(i);
    j.parent = parent;
    j.child = id;
    j.anchor_W = Vec3(0, 0, z);
    j.axis_W = axes[i];
    j.coulomb_friction = 60.0;
    (void)world.AddJoint(j);
    parent = id;
    z += len;
  }
  BodyDef palm;
  palm.name = "palm";
  palm.shape = CylinderShape{0.07, 0.02};
  palm.mass = 0.5;
  palm.X_WB.p = Vec3(0, 0, z + 0.01);
  const BodyId palm_id = world.AddBody(palm).value();
  JointDef weld;
  weld.name = "wrist";
  weld.type = JointType::kFixed;
  weld.parent = parent;
  weld.child = palm_id;
  weld.anchor_W = Vec3(0, 0, z);
  (void)world.AddJoint(weld);
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{0.03};
  ball.mass = 0.2;
  ball.X_WB.p = Vec3(0, 0, z + 0.1);
  (void)world.AddBody(ball);
  AddThreeFingers(&world, palm_id, Vec3(0, 0, z + 0.02), 0.3);
  return scene;
}

}  // namespace

std::vector<std::string> BuiltinSceneNames() {
  return {"falling-sphere", "shapes", "finger-squeeze", "finger-prism", "arm-hand"};
}

StatusOr<Scene> MakeBuiltinScene(std::string_view name) {
  if (name == "falling-sphere") return FallingSphere();
  if (name == "shapes") return Shapes();
  if (name == "finger-squeeze") return FingerSqueeze();
  if (name == "finger-prism") return FingerPrism();
  if (name == "arm-hand") return ArmHand();
  std::string known;
  for (const std::string& n : BuiltinSceneNames()) known += (known.empty() ? "" : ", ") + n;
  return Status::Error("scene: unknown built-in scene '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace grasplab
