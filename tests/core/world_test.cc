// Physics of the walking-skeleton step (core/world).
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/core/bundled_scene.h"
#include "core/world/world.h"

using namespace grasplab;

namespace {
constexpr double kG = 9.81;

}  // namespace

TEST_CASE("Free fall follows the semi-implicit Euler recurrence", "[world]") {
  // Positions move with v^l, then v^{l+1} = v^l - g h, so after n steps
  //   z_n = z_0 - g h^2 n (n - 1) / 2,  v_n = -n g h;
  // the continuous z_0 - g t^2 / 2 differs by g h t / 2.
  World world;
  BodyDef d;
  d.name = "ball";
  d.shape = SphereShape{0.05};
  d.mass = 0.3;
  d.X_WB.p = Vec3(0.1, -0.2, 10.0);
  const BodyId id = world.AddBody(d).value();
  const double h = 0.0025;
  const int n = 400;
  for (int k = 0; k < n; ++k) REQUIRE(world.Step(h).ok());
  const double t = n * h;
  CHECK(world.pose(id).p.z() == Approx(10.0 - kG * h * h * n * (n - 1) / 2.0).epsilon(1e-13));
  CHECK(world.linear_velocity(id).z() == Approx(-n * kG * h).epsilon(1e-13));
  CHECK(std::abs(world.pose(id).p.z() - (10.0 - 0.5 * kG * t * t)) <= 0.5 * kG * h * t + 1e-12);
  CHECK(world.pose(id).p.x() == 0.1);
  CHECK(world.time() == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("A dropped sphere comes to rest on the plane at its radius", "[world]") {
  auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/falling-sphere.json");
  REQUIRE(scene.ok());
  World& world = scene.value().world;
  const BodyId sphere = 1;
  const double r = 0.05;
  double lowest = 1e9;
  for (int k = 0; k < 1200; ++k) {  // 3 s
    REQUIRE(world.Step(0.0025).ok());
    lowest = std::min(lowest, world.pose(sphere).p.z());
  }
  // Never more than 0.1 mm into the plane, even on impact.
  CHECK(lowest - r > -1e-4);
  // At rest: within 0.1 mm of the radius height (the contact settles at half
  // the 0.1 mm contact threshold, eq. 19), not moving, one contact.
  CHECK(std::abs(world.pose(sphere).p.z() - r) < 1e-4);
  CHECK(world.linear_velocity(sphere).norm() < 1e-9);
  CHECK(world.contacts().size() == 1);
  // The contact carries the weight: impulse m g h per step.
  CHECK(world.contacts()[0].normal_impulse == Approx(0.2 * kG * 0.0025).epsilon(1e-9));
}

TEST_CASE("Torque-free tumbling conserves angular momentum", "[world]") {
  WorldSettings settings;
  settings.gravity.setZero();
  World world(settings);
  BodyDef d;
  d.name = "top";
  d.shape = SphereShape{0.05};
  d.mass = 1.0;
  d.inertia = Eigen::Vector3d(1e-3, 2e-3, 3e-3).asDiagonal().toDenseMatrix();
  d.w_WB = Vec3(0.1, 4.0, 0.2);  // near the unstable intermediate axis
  const BodyId id = world.AddBody(d).value();
  auto momentum = [&] {
    const Mat3 R = world.pose(id).q.toRotationMatrix();
    return Vec3(R * (*d.inertia) * R.transpose() * world.angular_velocity(id));
  };
  const Vec3 L0 = momentum();
  for (int k = 0; k < 5000; ++k) REQUIRE(world.Step(0.001).ok());  // 5 s at h = 1 ms
  // The bound is 1e-6 relative per second; the momentum form of the
  // gyroscopic term keeps L to rounding error.
  CHECK((momentum() - L0).norm() / L0.norm() < 1e-11);
  CHECK(world.pose(id).q.norm() == Approx(1.0).margin(1e-14));
}

TEST_CASE("A bad time step is rejected and changes nothing", "[world]") {
  auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/falling-sphere.json");
  World& world = scene.value().world;
  const auto before = world.StateHash();
  CHECK_FALSE(world.Step(0.0).ok());
  CHECK_FALSE(world.Step(-1.0).ok());
  CHECK_FALSE(world.Step(std::nan("")).ok());
  CHECK_FALSE(world.Step(0.5).ok());
  CHECK(world.StateHash() == before);
  CHECK(world.step_count() == 0);
}

TEST_CASE("The same scene gives the same state hash run to run", "[world][determinism]") {
  auto run = [] {
    auto scene = LoadSceneFile(std::string(GRASPLAB_ASSETS_DIR) + "/scenes/falling-sphere.json");
    for (int k = 0; k < 800; ++k) (void)scene.value().world.Step(0.0025);
    return scene.value().world.StateHash();
  };
  const auto a = run();
  CHECK(a == run());
  CHECK(a != BundledScene("falling-sphere").world.StateHash());
}

TEST_CASE("Each shape dropped on the ground rests at its analytic height", "[world][collision]") {
  // Height of the centre above the plane at rest, plus half the contact
  // threshold (eq. 19), and the number of contact points of the rest pose.
  struct Case {
    Shape shape;
    Quat q;
    double rest_height;
    std::size_t contacts;
  };
  const Quat side(Eigen::AngleAxisd(1.5707963267948966, Vec3::UnitY()));
  const Case cases[] = {
      {BoxShape{Vec3(0.05, 0.03, 0.02)}, Quat::Identity(), 0.02, 4},
      {CylinderShape{0.04, 0.1}, side, 0.04, 2},
      {CapsuleShape{0.02, 0.1}, side, 0.02, 2},
      {CylinderShape{0.04, 0.1}, Quat::Identity(), 0.05, 12},
  };
  for (const Case& c : cases) {
    World world;
    REQUIRE(world.AddBody(GroundPlane()).ok());
    BodyDef body;
    body.name = ShapeTypeName(c.shape);
    body.shape = c.shape;
    body.mass = 0.2;
    body.X_WB = Pose{Vec3(0.1, 0.2, c.rest_height + 0.05), c.q};
    const BodyId id = world.AddBody(body).value();
    double lowest = 1e9;
    for (int k = 0; k < 800; ++k) {
      REQUIRE(world.Step(0.0025).ok());
      lowest = std::min(lowest, world.pose(id).p.z());
    }
    INFO(body.name << " rests at " << world.pose(id).p.z());
    CHECK(world.pose(id).p.z() == Approx(c.rest_height + 5e-5).margin(1e-5));
    CHECK(lowest > c.rest_height - 1e-4);  // never 0.1 mm into the ground
    CHECK(world.linear_velocity(id).norm() < 1e-6);
    CHECK(world.contacts().size() == c.contacts);
    CHECK(world.pose(id).p.head<2>().isApprox(Eigen::Vector2d(0.1, 0.2), 1e-9));
  }
}

TEST_CASE("Excluded pairs never collide", "[world][collision]") {
  World world;
  BodyDef a;
  a.name = "a";
  a.shape = BoxShape{Vec3(0.1, 0.1, 0.1)};
  BodyDef b = a;
  b.name = "b";
  b.X_WB.p = Vec3(0.0, 0.0, 0.15);  // overlapping a
  WorldSettings s;
  const BodyId ia = world.AddBody(a).value(), ib = world.AddBody(b).value();
  REQUIRE(world.ExcludeCollision(ib, ia).ok());
  REQUIRE(world.Step(0.0025).ok());
  CHECK(world.contacts().empty());
  CHECK_FALSE(world.ExcludeCollision(ia, ia).ok());
}

TEST_CASE("Contact-time search: steps end with the closest pair 0 to 0.1 mm apart", "[world][collision]") {
  WorldSettings s;
  s.contact_time_mode = ContactTimeMode::kBisection;
  World world(s);
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyDef box;
  box.name = "box";
  box.shape = BoxShape{Vec3(0.05, 0.05, 0.05)};
  box.mass = 0.2;
  box.X_WB.p = Vec3(0, 0, 0.5);
  box.v_WB = Vec3(0, 0, -3.0);  // about 8 mm per step on arrival
  const BodyId id = world.AddBody(box).value();
  int shortened = 0, searches = 0;
  double t = 0.0;
  for (int k = 0; k < 600; ++k) {
    REQUIRE(world.Step(0.0025).ok());
    t += world.stats().step_length;
    CHECK(world.stats().step_length <= 0.0025);
    CHECK(world.stats().step_length > 0.0);
    shortened += world.stats().step_length < 0.0025;
    searches += world.stats().bisections > 0;
    // Never interpenetrating at the end of a step.
    CHECK(world.pose(id).p.z() - 0.05 >= -1e-12);
  }
  CHECK(shortened >= 1);
  CHECK(searches >= 1);
  CHECK(world.time() == Approx(t).epsilon(1e-12));
  CHECK(world.pose(id).p.z() == Approx(0.05 + 5e-5).margin(1e-5));
  CHECK(world.contacts().size() == 4);
}

TEST_CASE("Kinematic placement and contact update without a step", "[world][collision]") {
  World world;
  REQUIRE(world.AddBody(GroundPlane()).ok());
  BodyDef box;
  box.name = "box";
  box.shape = BoxShape{Vec3(0.05, 0.05, 0.05)};
  box.X_WB.p = Vec3(0, 0, 1);
  const BodyId id = world.AddBody(box).value();
  world.UpdateContacts();
  CHECK(world.contacts().empty());
  REQUIRE(world.SetBodyPose(id, Pose{Vec3(0.2, 0, 0.05 + 5e-5), Quat(2, 0, 0, 0)}).ok());
  CHECK(world.pose(id).q.w() == 1.0);
  world.UpdateContacts();
  CHECK(world.contacts().size() == 4);
  CHECK(world.step_count() == 0);
  CHECK_FALSE(world.SetBodyPose(id, Pose{Vec3(std::nan(""), 0, 0), Quat::Identity()}).ok());
  CHECK_FALSE(world.SetBodyPose(id, Pose{Vec3::Zero(), Quat(0, 0, 0, 0)}).ok());
  CHECK_FALSE(world.SetBodyPose(7, Pose{}).ok());
  CHECK(world.pose(id).p.x() == 0.2);  // refused poses leave the body where it was
}

TEST_CASE("SetGravity turns gravity from the next step; a block on a plane tilted by it slides at g (sin - mu cos)", "[world]") {
  // A 10 cm box on the ground plane (mu_s = mu_k = 0.3); gravity turned by
  // 30 degrees about y: g = 9.81 (sin 30, 0, -cos 30). Coulomb sliding:
  //   a = g (sin theta - mu cos theta) = 9.81 (0.5 - 0.3 * 0.8660) = 2.3563 m/s^2 along +x.
  World world;
  const MaterialId m = world.materials().Add(Material{"m", 0.3, 0.3, 0.0}).value();
  BodyDef ground;
  ground.name = "ground";
  ground.is_static = true;
  ground.shape = PlaneShape{};
  ground.material = m;
  REQUIRE(world.AddBody(ground).ok());
  BodyDef box;
  box.name = "box";
  box.shape = BoxShape{Vec3(0.1, 0.1, 0.1)};
  box.mass = 1.0;
  box.material = m;
  box.X_WB.p = Vec3(0, 0, 0.05005);
  const BodyId id = world.AddBody(box).value();
  const double h = 0.0025;
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(h).ok());  // settle
  const double theta = 30.0 * M_PI / 180.0;
  const Vec3 g(kG * std::sin(theta), 0.0, -kG * std::cos(theta));
  // Bad values are refused by name and change nothing.
  CHECK(world.SetGravity(Vec3(0, std::nan(""), -9.81)).message().rfind("gravity[1]: ", 0) == 0);
  CHECK(world.SetGravity(Vec3(0, 0, -2000)).message().rfind("gravity[2]: ", 0) == 0);
  CHECK(world.settings().gravity == Vec3(0, 0, -kG));
  REQUIRE(world.SetGravity(g).ok());
  CHECK(world.settings().gravity == g);
  const double x0 = world.pose(id).p.x();
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(h).ok());  // 0.5 s
  const double x1 = world.pose(id).p.x();
  const double v1 = world.linear_velocity(id).x();
  for (int k = 0; k < 200; ++k) REQUIRE(world.Step(h).ok());  // another 0.5 s
  const double a = (world.linear_velocity(id).x() - v1) / 0.5;
  CHECK(a == Approx(kG * (std::sin(theta) - 0.3 * std::cos(theta))).epsilon(0.01));
  CHECK(x1 > x0);
  // Gravity back to straight down: it stops sliding (friction decelerates it).
  REQUIRE(world.SetGravity(Vec3(0, 0, -kG)).ok());
  for (int k = 0; k < 400; ++k) REQUIRE(world.Step(h).ok());
  CHECK(world.linear_velocity(id).norm() < 1e-6);
}
