// Inverse kinematics and straight-line Cartesian moves (Miller & Christensen
// section 5) on the Puma-like arm.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/robot/inverse_kinematics.h"
#include "core/robot/robot.h"
#include "core/scene/scene_json.h"

using namespace grasplab;

namespace {

const std::string kAssets = GRASPLAB_ASSETS_DIR;

RobotModel Puma() {
  auto m = LoadUrdfFile(kAssets + "/robots/puma.urdf");
  REQUIRE(m.ok());
  return m.value();
}

}  // namespace

TEST_CASE("IK finds joint values that put the flange at a reachable pose", "[ik]") {
  const RobotModel m = Puma();
  const int flange = m.FindLink("flange");
  const std::vector<double> q_true{0.3, 0.7, 1.6, -0.4, 0.8, 0.2};
  const Pose target = ForwardKinematics(m, Pose{}, q_true)[flange];
  const std::vector<double> q_start{0.0, 0.5, 1.2, 0.0, 0.5, 0.0};
  const IkResult r = SolveIk(m, Pose{}, flange, target, q_start);
  REQUIRE(r.reached);
  const Pose X = ForwardKinematics(m, Pose{}, r.q)[flange];
  CHECK((X.p - target.p).norm() < 1e-5);
  CHECK(X.q.angularDistance(target.q) < 1e-4);
  CHECK(r.iterations < 100);
}

TEST_CASE("IK reports an unreachable target with its distance", "[ik]") {
  const RobotModel m = Puma();
  Pose far;
  far.p = Vec3(3.0, 0.0, 1.0);  // the arm reaches about 1 m
  const IkResult r = SolveIk(m, Pose{}, m.FindLink("flange"), far, std::vector<double>(6, 0.0));
  CHECK_FALSE(r.reached);
  CHECK(r.position_error > 1.5);
  CHECK_THAT(r.message, Catch::StartsWith("unreachable: after 200 iterations the link is "));
}

TEST_CASE("A Cartesian move drives the flange along a straight line under PD control", "[ik][motor]") {
  SceneLoadOptions options;
  options.asset_root = kAssets;
  auto scene = LoadSceneJson(R"({"format": "grasplab-scene", "version": 1,
      "bodies": [{"name": "ground", "static": true, "shape": {"type": "plane"}}],
      "robots": [{"name": "puma", "model": "assets/robots/puma.urdf",
                  "joints": {"shoulder_joint": 0.75, "elbow_joint": 1.84, "wrist_pitch_joint": 0.55}}]})",
                             options);
  REQUIRE(scene.ok());
  Scene& s = scene.value();
  for (int k = 0; k < 200; ++k) REQUIRE(StepScene(&s, s.timestep).ok());  // settle the PD sag
  SceneRobot& puma = s.robots[0];
  const BodyId flange = puma.robot.link_body[puma.robot.model->FindLink("flange")];
  const Vec3 a = s.world.pose(flange).p;
  // The flange body's frame is its centre of mass, 1 cm behind the face:
  // moving the link frame moves it by the same translation.
  const Vec3 shift(-0.1, 0.15, 0.05);
  Pose link_target = puma.robot.LinkPose(s.world, puma.robot.model->FindLink("flange"));
  link_target.p += shift;
  REQUIRE(puma.controller.MoveCartesian(s.world, puma.robot, "flange", link_target, s.world.time(), 1.5).ok());
  const Vec3 b = a + shift;
  double worst = 0.0;
  for (int k = 0; k < 800; ++k) {  // 1.5 s move + 0.5 s settling
    REQUIRE(StepScene(&s, s.timestep).ok());
    const Vec3 p = s.world.pose(flange).p;
    const Vec3 d = (b - a).normalized();
    worst = std::max(worst, ((p - a) - d * (p - a).dot(d)).norm());
  }
  CHECK(worst < 3e-3);                                // within 3 mm of the line throughout
  CHECK((s.world.pose(flange).p - b).norm() < 2e-3);  // and at the end
  // An unreachable target is refused and changes nothing.
  Pose away = link_target;
  away.p = Vec3(2.5, 0, 0.5);
  const Status st = puma.controller.MoveCartesian(s.world, puma.robot, "flange", away, s.world.time(), 1.0);
  CHECK_THAT(st.message(), Catch::Contains("is unreachable: after 200 iterations"));
}
