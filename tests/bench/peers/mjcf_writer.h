// Peer benchmark (not built by the project's two commands): translates a
// loaded grasplab scene, at its creation poses, into MuJoCo's MJCF, so
// MuJoCo steps the same bodies, joints, motors and friction as grasplab.
// Used by mujoco_grasp.cc; the same XML is stepped by mujoco-js.
//
// Mapping (grasplab -> MJCF):
//   static body           geoms in <worldbody> at the body's pose
//   dynamic body, no      <body> with <freejoint>, at its pose
//     parent joint
//   revolute/prismatic    <body> nested in the parent's (or in <worldbody>
//     joint                for a static parent) with a hinge/slide joint at
//                          the anchor; q = 0 at the creation poses in both;
//                          range = [lower, upper]; damping = viscous and
//                          frictionloss = Coulomb friction (eq. 14)
//   fixed joint, dynamic  <body> nested without a joint (rigid)
//     parent
//   fixed joint, static   a mocap body at the child's pose with the child
//     parent (a mount)     nested rigidly in it; the benchmark moves it along
//                          the pose grasplab's weld gave the child
//   coupled joint         <equality><joint> q = ratio q_master
//   PD controller         <general> actuator: tau = kp ctrl - kp q - kd q_dot,
//                          |tau| <= max effort; with ctrl = q_t + (kd/kp)
//                          q_dot_t that is grasplab's PD law (world.h)
//   shapes                sphere, box (half sizes), capsule, cylinder, plane,
//                          convex hull (a <mesh> of its vertices), compound
//                          (one geom per piece at its pose)
//   inertia               <inertial> at the body origin (grasplab's body
//                          frame is the centre of mass) with the full tensor
//
// Friction. MuJoCo combines geom friction by the maximum, grasplab by the
// geometric mean of the materials (material.h). So that every pair that
// matters sees grasplab's coefficient, the grasped object's geoms collide
// only through explicit <pair>s, one per geom of every other body, each
// with grasplab's static pair coefficient mu_s (MuJoCo has one coefficient;
// grasplab switches to mu_k above 1 mm/s of slip). Other pairs keep the max
// of their materials' mu_s.
//
// MuJoCo's contact model stays its own (soft constraints, default solref
// and solimp, pyramidal cone with condim 3, Newton solver, default
// iterations and tolerance); the integrator is "implicit" so the finger
// motors' damping (kd up to 0.6 N m s/rad on 0.1 kg links) is stable at
// h = 2.5 ms, as grasplab's implicit PD is.
#pragma once

#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/scene/scene.h"

namespace grasplab::peers {

struct MjcfScene {
  std::string xml;
  // One actuator per PD-controlled joint, in the XML's actuator order.
  struct Actuator {
    JointId joint = -1;
    double kp = 0.0, kd = 0.0, max_effort = 0.0;
  };
  std::vector<Actuator> actuators;
  // Bodies driven as mocap bodies (mounted roots), in mocap order.
  std::vector<BodyId> mocap;
  // Every pair coefficient written for the object (for the report).
  double object_friction_min = 0.0, object_friction_max = 0.0;
};

// The scene at its current poses, which must be the creation poses (t = 0):
// joint coordinates are 0 there in both engines. `object` is the body whose
// pairs get explicit friction (the grasped object), or -1.
StatusOr<MjcfScene> WriteMjcf(const Scene& scene, BodyId object);

}  // namespace grasplab::peers
