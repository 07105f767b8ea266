#include "core/scene/builtin_scenes.h"

#include "core/geometry/convex_hull.h"

namespace grasplab {
namespace {

Scene FallingSphere() {
  Scene scene{"falling-sphere", 0.0025, World(WorldSettings{})};
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
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

BodyDef Ground() {
  BodyDef ground;
  ground.name = "ground";
  ground.shape = PlaneShape{};
  ground.is_static = true;
  return ground;
}

Scene Shapes() {
  Scene scene{"shapes", 0.0025, World(WorldSettings{})};
  (void)scene.world.AddBody(Ground());
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

// Three fingers hinged on a static palm, 120 degrees apart, each pushed
// inwards by a constant 0.3 N m motor torque, squeeze a 0.2 kg ball and hold
// it against gravity by friction: the closed-chain grasp of Zechmair &
// Morel's Figure 4 (their constraint-based run failed at about 7.7 s).
Scene FingerSqueeze() {
  Scene scene{"finger-squeeze", 0.0025, World(WorldSettings{})};
  BodyDef ground = Ground();
  ground.X_WB.p = Vec3(0, 0, -0.01);  // under the palm
  (void)scene.world.AddBody(ground);
  BodyDef palm;
  palm.name = "palm";
  palm.shape = CylinderShape{0.07, 0.02};
  palm.is_static = true;
  const BodyId palm_id = scene.world.AddBody(palm).value();
  BodyDef ball;
  ball.name = "ball";
  ball.shape = SphereShape{0.03};
  ball.mass = 0.2;
  ball.X_WB.p = Vec3(0, 0, 0.1);
  (void)scene.world.AddBody(ball);
  // cos and sin of 0, 120 and 240 degrees.
  const double c[3] = {1.0, -0.5, -0.5}, sn[3] = {0.0, 0.8660254037844386, -0.8660254037844386};
  for (int i = 0; i < 3; ++i) {
    const Vec3 radial(c[i], sn[i], 0.0);
    BodyDef f;
    f.name = "finger" + std::to_string(i);
    f.shape = BoxShape{Vec3(0.006, 0.01, 0.05)};
    f.mass = 0.05;
    f.X_WB.p = 0.042 * radial + Vec3(0, 0, 0.06);
    f.X_WB.q = Quat::FromTwoVectors(Vec3::UnitX(), radial);
    const BodyId fid = scene.world.AddBody(f).value();
    JointDef j;
    j.name = "hinge" + std::to_string(i);
    j.parent = palm_id;
    j.child = fid;
    j.anchor_W = 0.042 * radial + Vec3(0, 0, 0.01);
    j.axis_W = radial.cross(Vec3::UnitZ());  // positive rotation tips the finger inwards
    const JointId jid = scene.world.AddJoint(j).value();
    (void)scene.world.SetJointEffort(jid, 0.3);
  }
  return scene;
}

}  // namespace

std::vector<std::string> BuiltinSceneNames() { return {"falling-sphere", "shapes", "finger-squeeze"}; }

StatusOr<Scene> MakeBuiltinScene(std::string_view name) {
  if (name == "falling-sphere") return FallingSphere();
  if (name == "shapes") return Shapes();
  if (name == "finger-squeeze") return FingerSqueeze();
  std::string known;
  for (const std::string& n : BuiltinSceneNames()) known += (known.empty() ? "" : ", ") + n;
  return Status::Error("scene: unknown built-in scene '" + std::string(name) + "' (known: " + known + ")");
}

}  // namespace grasplab
