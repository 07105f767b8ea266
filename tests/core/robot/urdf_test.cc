// URDF import: the bundled models load, mimic becomes coupling, and bad
// files are rejected with the file, line, element and problem.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/robot/robot.h"
#include "core/robot/urdf.h"

using namespace grasplab;

namespace {

const std::string kAssets = GRASPLAB_ASSETS_DIR;

std::string Error(const std::string& body) {
  auto m = ParseUrdf("<?xml version=\"1.0\"?>\n<robot name=\"r\">\n" + body + "\n</robot>\n", "r.urdf");
  REQUIRE_FALSE(m.ok());
  return m.status().message();
}

const std::string kTwoLinks = R"(<link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>
<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>)";

}  // namespace

TEST_CASE("The five bundled robot models load without warnings", "[urdf]") {
  for (const char* name : {"parallel-jaw", "two-finger", "three-finger", "barrett", "puma"}) {
    INFO(name);
    auto m = LoadUrdfFile(kAssets + "/robots/" + name + ".urdf");
    REQUIRE(m.ok());
    CHECK(m.value().warnings.empty());
    CHECK(m.value().name == name);
  }
  auto b = LoadUrdfFile(kAssets + "/robots/barrett.urdf").value();
  CHECK(b.links.size() == 9);  // palm, 2 knuckles, 3 x (proximal, distal)
  const UrdfJoint& d = b.joints[b.FindJoint("thumb_distal_joint")];
  CHECK(d.mimic == "thumb_proximal_joint");
  CHECK(d.mimic_multiplier == Approx(1.0 / 3.0).epsilon(1e-5));
  CHECK(d.mimic_offset == Approx(0.733));
}

TEST_CASE("URDF rpy follows the fixed-axis x-y-z convention", "[urdf]") {
  // Yaw 90 degrees maps x to y; roll 90 maps y to z.
  CHECK((QuatFromRpy(0, 0, M_PI / 2) * Vec3::UnitX() - Vec3::UnitY()).norm() < 1e-15);
  CHECK((QuatFromRpy(M_PI / 2, 0, 0) * Vec3::UnitY() - Vec3::UnitZ()).norm() < 1e-15);
  // R = Rz Ry Rx: roll then pitch then yaw about fixed axes.
  const Quat q = QuatFromRpy(0.3, -0.4, 1.1);
  const Quat e = Quat(Eigen::AngleAxisd(1.1, Vec3::UnitZ())) * Quat(Eigen::AngleAxisd(-0.4, Vec3::UnitY())) *
                 Quat(Eigen::AngleAxisd(0.3, Vec3::UnitX()));
  CHECK(q.angularDistance(e) < 1e-14);
}

TEST_CASE("Malformed URDF is rejected with file, line, element and problem", "[urdf]") {
  CHECK(Error("<link name=\"a\"") == "r.urdf:4: <link> (line 3) is missing its closing '>'");
  CHECK(Error("<link name=\"a\"></lnk>") == "r.urdf:3: </lnk> closes <link> (line 3)");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint>)") ==
        "r.urdf:4: <joint> a revolute joint needs <limit> (URDF requires it)");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="ball"><parent link="a"/><child link="b"/></joint>)") ==
        "r.urdf:4: <joint> type \"ball\" is not supported (revolute, continuous, prismatic, fixed)");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="fixed"><parent link="a"/><child link="c"/></joint>)") ==
        "r.urdf:4: <child> no link named \"c\"");
  CHECK(Error(R"(<link name="a"><inertial><mass value="-2"/><inertia ixx="1" iyy="1" izz="1"/></inertial></link>)") ==
        "r.urdf:3: <mass> value must be > 0 and <= 1e6 kg, got -2");
  CHECK(Error(R"(<link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="-1"/></inertial></link>)") ==
        "r.urdf:3: <inertia> must be positive definite");
  CHECK(Error(R"(<link name="a"><collision><geometry><box size="1 nan 1"/></geometry></collision></link>)") ==
        "r.urdf:3: <box> attribute 'size': \"nan\" is not a finite number");
  CHECK(Error(R"(<link name="a"><collision><geometry><mesh filename="../../etc/passwd"/></geometry></collision></link>)") ==
        "r.urdf:3: <mesh> filename \"../../etc/passwd\": must be a relative path below the URDF's folder, without '..'");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 0"/><limit lower="0" upper="1"/></joint>)") ==
        "r.urdf:4: <axis> attribute 'xyz' must be a non-zero vector");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="1" upper="0"/></joint>)") ==
        "r.urdf:4: <limit> lower 1 is above upper 0");
  CHECK(Error(kTwoLinks + R"(<joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
<joint name="k" type="fixed"><parent link="b"/><child link="a"/></joint>)") ==
        "r.urdf: the links must form one tree (found 0 roots)");
  CHECK(Error("<!DOCTYPE x>") == "r.urdf:3: CDATA, declarations and processing instructions are not supported inside elements");
}

TEST_CASE("Unsupported URDF elements give a warning naming the element and line", "[urdf]") {
  auto m = ParseUrdf(R"(<robot name="r">
  <link name="a"/>
  <transmission name="t"><type>x</type></transmission>
  <link name="b"><sensor/></link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
</robot>)", "r.urdf");
  REQUIRE(m.ok());
  REQUIRE(m.value().warnings.size() == 2);  // in file order
  CHECK(m.value().warnings[0] == "r.urdf:3: <transmission> is not supported and was ignored");
  CHECK(m.value().warnings[1] == "r.urdf:4: <sensor> is not supported and was ignored");
}

TEST_CASE("A mimic joint follows its master through the coupling row", "[urdf][robot]") {
  auto model = LoadUrdfFile(kAssets + "/robots/parallel-jaw.urdf");
  REQUIRE(model.ok());
  WorldSettings ws;
  ws.gravity = Vec3::Zero();
  World world(ws);
  RobotPlacement pl;
  pl.name = "jaw";
  pl.X_WR.p = Vec3(0, 0, 0.3);
  auto robot = AddRobot(&world, model.value(), pl);
  REQUIRE(robot.ok());
  const Robot& r = robot.value();
  REQUIRE(r.dofs.size() == 1);  // the right jaw mimics the left
  REQUIRE(r.SetTarget(&world, 0, 0.03).ok());
  for (int k = 0; k < 800; ++k) REQUIRE(world.Step(0.0025).ok());
  const JointId right = r.joint_id[model.value().FindJoint("right_jaw_joint")];
  CHECK(r.Position(world, 0) == Approx(0.03).margin(1e-4));
  CHECK(world.joint_position(right) == Approx(world.joint_position(r.dofs[0].joint)).margin(1e-6));
  // The jaws moved symmetrically towards each other.
  const Vec3 left_p = world.pose(r.link_body[model.value().FindLink("left_jaw")]).p;
  const Vec3 right_p = world.pose(r.link_body[model.value().FindLink("right_jaw")]).p;
  CHECK(left_p.y() == Approx(0.065 - 0.03).margin(2e-4));
  CHECK(right_p.y() == Approx(-0.065 + 0.03).margin(2e-4));
}
