#include "core/scene/scene_build.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/base/format.h"
#include "core/robot/robot_controller.h"
#include "core/scene/initial_overlaps.h"

namespace grasplab {
namespace {

Status BuildMaterials(const SceneSpec& spec, World* world) {
  for (const MaterialSpec& m : spec.materials) {
    auto id = world->materials().Add(m.material);
    if (!id.ok()) return Status::Error(m.field + ": " + id.status().message());
  }
  for (const FrictionPairSpec& p : spec.friction_pairs) {
    const MaterialId a = world->materials().Find(p.a), b = world->materials().Find(p.b);
    if (Status s = world->materials().SetPair(a, b, p.static_friction, p.kinetic_friction); !s.ok()) {
      return Status::Error(p.field + ": " + s.message());
    }
  }
  return Status::Ok();
}

Status BuildBodies(const SceneSpec& spec, World* world, std::map<std::string, BodyId>* ids) {
  for (const BodySpec& b : spec.bodies) {
    BodyDef d = b.def;
    if (!b.material.empty()) d.material = world->materials().Find(b.material);
    auto id = world->AddBody(d);
    if (!id.ok()) return id.status();
    (*ids)[d.name] = id.value();
  }
  return Status::Ok();
}

Status BuildJoints(const SceneSpec& spec, const std::map<std::string, BodyId>& bodies, World* world) {
  std::map<std::string, JointId> ids;
  for (const JointSpec& j : spec.joints) {
    JointDef d = j.def;
    d.parent = bodies.at(j.parent);
    d.child = bodies.at(j.child);
    if (!j.coupled_to.empty()) d.coupled_to = ids.at(j.coupled_to);
    auto id = world->AddJoint(d);
    if (!id.ok()) return id.status();
    ids[d.name] = id.value();
    if (j.effort != 0.0) GL_TRY(world->SetJointEffort(id.value(), j.effort));
  }
  return Status::Ok();
}

// Where an attached robot's root goes: the host's frame (a body's, or an
// earlier robot's link's) composed with the offset.
Status PlaceAttached(const RobotSpec::Attach& attach, const std::map<std::string, BodyId>& bodies, const Scene& scene,
                     RobotPlacement* pl) {
  Pose X_WH;
  if (!attach.body.empty()) {
    pl->attach_to = bodies.at(attach.body);
    X_WH = scene.world.pose(pl->attach_to);
  } else {
    const Robot& host = scene.robots[FindRobot(scene, attach.robot)].robot;
    const int link = host.model->FindLink(attach.link);
    pl->attach_to = host.link_body[link];
    X_WH = host.LinkPose(scene.world, link);
  }
  pl->X_WR = Compose(X_WH, attach.offset);
  return Status::Ok();
}

Status BuildRobots(const SceneSpec& spec, const std::map<std::string, BodyId>& bodies, Scene* scene) {
  for (const RobotSpec& r : spec.robots) {
    RobotPlacement pl;
    pl.name = r.name;
    pl.field = r.field;
    pl.X_WR = r.X_WR;
    pl.initial = r.initial;
    pl.gains = r.gains;
    if (r.attach) GL_TRY(PlaceAttached(*r.attach, bodies, *scene, &pl));
    auto robot = AddRobot(&scene->world, *r.model, pl);
    if (!robot.ok()) return robot.status();
    for (const std::string& w : robot.value().warnings) scene->warnings.push_back(w);
    TrajectoryController controller(scene->world, robot.value());
    scene->robots.push_back({std::move(robot.value()), std::move(controller), nullptr});
  }
  return Status::Ok();
}

Status BuildActions(const SceneSpec& spec, Scene* scene) {
  for (const ActionSpec& as : spec.actions) {
    SceneAction a;
    a.at = as.at;
    a.type = as.type;
    a.robot = FindRobot(*scene, as.robot);
    a.duration = as.duration;
    a.pose = as.pose;
    a.link = as.link;
    a.height = as.height;
    a.axis = as.axis;
    a.amplitude = as.amplitude;
    a.frequency = as.frequency;
    const Robot& r = scene->robots[a.robot].robot;
    for (const auto& [name, target] : as.joints) {
      const int dof = r.FindDof(name);
      if (dof < 0) {
        return Status::Error(as.field + ".joints." + name + ": robot \"" + as.robot +
                             "\" has no driven joint of that name");
      }
      a.joints.push_back({dof, target});
    }
    const bool drives_root = (a.type == ActionType::kMove && a.link.empty()) || a.type == ActionType::kLift ||
                             a.type == ActionType::kShake;
    if (drives_root && !RobotFloatsFree(*scene, a.robot)) {
      return Status::Error(as.field + ".type: robot \"" + as.robot +
                           "\" is not free-floating (it is static or attached), so it cannot " +
                           ActionTypeName(a.type));
    }
    scene->actions.push_back(std::move(a));
  }
  std::stable_sort(scene->actions.begin(), scene->actions.end(),
                   [](const SceneAction& x, const SceneAction& y) { return x.at < y.at; });
  return Status::Ok();
}

// Names to ids: a robot's link becomes its body (the sensor frame moved
// from the link frame into the body's centre-of-mass frame), URDF joints
// their World joints with q0 as the offset that makes readings URDF values.
Status BuildSensors(const SceneSpec& spec, Scene* scene) {
  for (const SensorSpec& ss : spec.sensors) {
    SensorDef d = ss.def;
    if (!ss.pad.empty()) {
      d.pad = scene->world.FindPad(ss.pad);
      auto id = scene->world.AddSensor(d);
      if (!id.ok()) return id.status();
      continue;
    }
    const Robot& r = scene->robots[FindRobot(*scene, ss.robot)].robot;
    if (d.type == SensorType::kJoint) {
      const auto add = [&](int urdf) {
        d.joints.push_back(r.joint_id[urdf]);
        d.joint_offsets.push_back(r.joint_q0[urdf]);
      };
      if (ss.joints.empty()) {
        for (int k = 0; k < static_cast<int>(r.model->joints.size()); ++k) {
          if (r.model->joints[k].type != UrdfJointType::kFixed) add(k);
        }
      }
      for (const std::string& name : ss.joints) add(r.model->FindJoint(name));
      if (d.joints.empty()) return Status::Error(ss.field + ".robot: robot \"" + ss.robot + "\" has no moving joint");
    } else {
      const int link = ss.link.empty() ? r.model->root : r.model->FindLink(ss.link);
      d.body = r.link_body[link];
      d.X_BS = Compose(Inverse(r.X_LB[link]), ss.def.X_BS);
    }
    auto id = scene->world.AddSensor(d);
    if (!id.ok()) return id.status();  // named "sensors[i]", the same index as the file's
  }
  return Status::Ok();
}

// The operator's robot: free-floating (its mount is what the wrist target
// moves), its root inside the workspace box (the filter then keeps it there).
Status BuildTeleop(const TeleopSpec& t, Scene* scene) {
  SceneTeleop out;
  out.robot = FindRobot(*scene, t.robot);
  out.limits = t.limits;
  if (!RobotFloatsFree(*scene, out.robot)) {
    return Status::Error(t.field + ".robot: robot \"" + t.robot +
                         "\" is not free-floating (it is static or attached): teleoperation moves a hand's mount");
  }
  const Vec3 p = scene->world.pose(scene->robots[out.robot].robot.root_body).p;
  for (int k = 0; k < 3; ++k) {
    if (p[k] < t.limits.lo[k] || p[k] > t.limits.hi[k]) {
      return Status::Error(t.field + ".workspace: robot \"" + t.robot + "\" starts outside the box (its root body at [" +
                           FormatNumber(p.x()) + ", " + FormatNumber(p.y()) + ", " + FormatNumber(p.z()) + "] m)");
    }
  }
  scene->teleop = std::move(out);
  return Status::Ok();
}

// Names to ids: a robot's link becomes its body, the pad frame moved from
// the link frame into the body's centre-of-mass frame; a body's pad frame
// is taken in the body's frame as simulated (its centre of mass: for a
// convex hull or compound, the recentred frame).
Status BuildPads(const SceneSpec& spec, const std::map<std::string, BodyId>& bodies, Scene* scene) {
  for (const PadSpec& ps : spec.pads) {
    PadDef d = ps.def;
    if (!ps.robot.empty()) {
      const Robot& r = scene->robots[FindRobot(*scene, ps.robot)].robot;
      const int link = r.model->FindLink(ps.link);
      d.body = r.link_body[link];
      d.X_BP = Compose(Inverse(r.X_LB[link]), ps.def.X_BP);
    } else {
      d.body = bodies.at(ps.body);
    }
    auto id = scene->world.AddPad(d);
    if (!id.ok()) return id.status();  // named "pads[i]", the same index as the file's
  }
  return Status::Ok();
}

GraspSpec BuildGrasp(const GraspTargetSpec& g, const std::map<std::string, BodyId>& bodies, const Scene& scene) {
  GraspSpec grasp;
  grasp.object = bodies.at(g.object);
  grasp.robot = g.robot.empty() ? -1 : FindRobot(scene, g.robot);
  grasp.settings = g.settings;
  return grasp;
}

}  // namespace

StatusOr<Scene> BuildScene(std::shared_ptr<const SceneSpec> spec) {
  if (!spec) return Status::Error("scene: no spec to build from");
  Scene scene(spec->name, spec->timestep);
  scene.world = World(spec->settings);
  std::map<std::string, BodyId> bodies;
  GL_TRY(BuildMaterials(*spec, &scene.world));
  GL_TRY(BuildBodies(*spec, &scene.world, &bodies));
  GL_TRY(BuildJoints(*spec, bodies, &scene.world));
  GL_TRY(BuildRobots(*spec, bodies, &scene));
  GL_TRY(BuildActions(*spec, &scene));
  GL_TRY(BuildPads(*spec, bodies, &scene));
  GL_TRY(BuildSensors(*spec, &scene));
  if (spec->grasp) scene.grasp = BuildGrasp(*spec->grasp, bodies, scene);
  if (spec->teleop) GL_TRY(BuildTeleop(*spec->teleop, &scene));
  GL_TRY(scene.world.PrepareContactModel());
  if (std::string w = RollingResistanceIgnored(scene.world.settings()); !w.empty()) scene.warnings.push_back(w);
  if (std::string w = SoftContactsIgnored(scene.world.settings()); !w.empty()) scene.warnings.push_back(w);
  if (std::string w = SubstepsIgnored(scene.world.settings()); !w.empty()) scene.warnings.push_back(w);
  // Deeper than the contact threshold (0.1 mm by default): resting contacts
  // settle at half of it above their support (eq. 19).
  // The scene's initialOverlap policy (scene/initial_overlaps.h).
  if (spec->initial_overlap == InitialOverlapPolicy::kResolve) {
    auto moved = ResolveInitialOverlaps(&scene.world);
    if (!moved.ok()) return moved.status();
    if (moved.value() > 0) {
      scene.warnings.push_back("initialOverlap \"resolve\" moved " + std::to_string(moved.value()) +
                               " bodies apart before the first step");
    }
  }
  for (const InitialOverlap& o : FindInitialOverlaps(scene.world, scene.world.settings().contact_threshold)) {
    if (spec->initial_overlap == InitialOverlapPolicy::kError) {
      return Status::Error("initialOverlap \"error\": " + DescribeOverlap(scene.world, o));
    }
    scene.warnings.push_back(DescribeOverlap(scene.world, o));
  }
  scene.spec = std::move(spec);
  return scene;
}

}  // namespace grasplab
