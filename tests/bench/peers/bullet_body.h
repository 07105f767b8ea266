// A grasplab body as a Bullet 3.24 rigid body, for the peer benchmarks that
// run a grasplab world in Bullet (bullet_boxes.cc, bullet_pile.cc; not built
// by the project's two commands).
#pragma once

#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <memory>
#include <vector>

#include "core/world/world.h"

namespace grasplab {

// What the Bullet world's bodies own, in grasplab's body order.
struct BulletBodies {
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btDefaultMotionState>> motion;
  std::vector<std::unique_ptr<btRigidBody>> bodies;
};

// Adds body b of w to `world` with `shape`: the same pose and mass (0 for a
// static body), the shape's own inertia, restitution 0 and friction
// sqrt(mu_s) of its material (Bullet multiplies the pair's coefficients,
// grasplab takes the geometric mean, so every pair sees grasplab's mu).
// Sleeping off keeps the body awake for good.
inline void AddBulletBody(const World& w, BodyId b, std::unique_ptr<btCollisionShape> shape, bool sleep,
                          btDiscreteDynamicsWorld* world, BulletBodies* out) {
  const BodyDef& d = w.body_def(b);
  const Pose& X = w.pose(b);
  btTransform T(btQuaternion(X.q.x(), X.q.y(), X.q.z(), X.q.w()), btVector3(X.p.x(), X.p.y(), X.p.z()));
  const double mass = d.is_static ? 0.0 : d.mass;
  btVector3 inertia(0, 0, 0);
  if (mass > 0) shape->calculateLocalInertia(mass, inertia);
  auto ms = std::make_unique<btDefaultMotionState>(T);
  btRigidBody::btRigidBodyConstructionInfo info(mass, ms.get(), shape.get(), inertia);
  info.m_friction = std::sqrt(w.materials().material(d.material).static_friction);
  info.m_restitution = 0.0;
  auto body = std::make_unique<btRigidBody>(info);
  if (!sleep) body->setActivationState(DISABLE_DEACTIVATION);
  world->addRigidBody(body.get());
  out->shapes.push_back(std::move(shape));
  out->motion.push_back(std::move(ms));
  out->bodies.push_back(std::move(body));
}

}  // namespace grasplab
