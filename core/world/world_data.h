// The World's data, as the stages of the step read and write it: a model
// (what the user asked for: settings, materials, bodies, joints; changed only
// by the World's validated setters) and a state (poses, velocities, joint
// coordinates, contacts, time), each in contiguous arrays indexed by BodyId
// or JointId, like MuJoCo's mjModel and mjData. StepScratch holds the
// working arrays of one step, kept between steps so they are not reallocated.
#pragma once

#include <cstdint>
#include <vector>

#include "core/collision/broad_phase.h"
#include "core/collision/contact.h"
#include "core/dynamics/body.h"
#include "core/dynamics/joint.h"
#include "core/dynamics/material.h"
#include "core/math/types.h"
#include "core/solvers/velocity_body.h"
#include "core/world/pad_def.h"
#include "core/world/world_settings.h"

namespace grasplab {

struct WorldModel {
  WorldSettings settings;
  MaterialTable materials;
  std::vector<BodyDef> bodies;           // quaternions normalised; static bodies at rest
  std::vector<double> inv_mass;          // 1/kg, 0 for static bodies
  std::vector<Mat3> I_B;                 // kg m^2 about the COM in the body frame, 0 for static bodies
  std::vector<Mat3> inv_I_B;
  std::vector<std::uint8_t> is_static;
  std::vector<BodyPair> excluded_pairs;  // never collide; sorted, a < b
  std::vector<JointDef> joints;          // axes normalised
  std::vector<PadDef> pads;              // compliant pads (world/pad_stage.h)

  int body_count() const { return static_cast<int>(bodies.size()); }
  int joint_count() const { return static_cast<int>(joints.size()); }
};

struct JointState {
  double position = 0.0;       // rad or m; revolute coordinates unwrapped
  double velocity = 0.0;       // rad/s or m/s
  double effort = 0.0;         // N m or N, applied every step (World::SetJointEffort)
  double impulse = 0.0;        // norm of the last step's equality-row impulses
  double limit_impulse = 0.0;  // the last step's limit-row impulse
};

// The twist with which a kinematically driven mount (World::SetMountTarget)
// carries its child: v of the joint anchor (m/s), w (rad/s), world frame.
struct MountTwist {
  Vec3 v = Vec3::Zero();
  Vec3 w = Vec3::Zero();
};

struct WorldState {
  double time = 0.0;               // s
  double time_compensation = 0.0;  // Kahan summation of the step lengths
  std::int64_t step_count = 0;
  std::vector<Pose> X_WB;          // body poses (COM frames)
  std::vector<Vec3> v_WB;          // m/s, COM velocities
  std::vector<Vec3> w_WB;          // rad/s
  std::vector<JointFrames> joint_frames;  // a mount's move with its target
  std::vector<MountTwist> mount_twist;
  std::vector<JointState> joints;
  std::vector<Contact> contacts;   // the last step's (or UpdateContacts') contact sets, with impulses
  std::vector<PadContact> pads;    // per model pad: its contact in the last step (world/pad_stage.h)
};

struct StepScratch {
  std::vector<Pose> X_WB_prev;     // q^l: a quarantined body returns here
  std::vector<Vec3> L_W_prev;      // angular momentum I_W(q^l) w^l (the gyroscopic term, world/world.h)
  std::vector<VelocityBody> velocity_bodies;  // the velocities being solved for, per body
  // The pads' forces on the reduced formulation's tree bodies (N, and N m
  // about the centre of mass), per body (world/pad_stage.h).
  std::vector<Vec3> pad_force_W, pad_torque_W;
};

}  // namespace grasplab
