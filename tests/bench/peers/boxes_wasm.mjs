// Peer benchmark (not run by the project's two commands): many resting
// bodies in WebAssembly, in Node: grasplab's WASM module (the scene's
// Gauss-Seidel solver) against Jolt (npm jolt-physics, its WASM build) and
// Rapier (npm @dimforge/rapier3d-compat), each with its default solver
// settings, at the scene's h: one table with sleeping off everywhere, one
// with sleeping on everywhere (each engine's own thresholds and times:
// grasplab 0.5 s, Jolt 0.5 s, Rapier 2 s), timed after 2.5 s untimed so
// every engine's timer has run out.
//
//   node tests/bench/peers/boxes_wasm.mjs SECONDS assets/scenes/box-stacks.json
//
// The scene file (planes and boxes; other shapes are refused) is translated
// to each engine's API: the ground plane becomes a static slab whose top is
// the plane (Jolt and Rapier collide boxes with it as with a plane), boxes
// keep their size, mass and pose. Friction: each engine gets the scene's
// mu_s per body; with one material every combination rule (Jolt's geometric
// mean, Rapier's average, grasplab's geometric mean) gives the same pair
// coefficient. Jolt's boxes get a convex radius of 5 mm (its default, 5 cm,
// is the whole half size of a 10 cm box). Prints a markdown table: time per
// step (fastest of 3 runs) and the end state (box heights, sideways drift).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadGrasplab, repoRoot } from '../../wasm/load_module.mjs';

const [seconds, file] = process.argv.slice(2);
const scene = JSON.parse(fs.readFileSync(file.startsWith('/') ? file : repoRoot + file, 'utf8'));
const h = scene.timestep ?? 0.0025;
const steps = Math.round(Number(seconds) / h);
const g = scene.gravity ?? [0, 0, -9.81];
const materials = scene.materials ?? {};
const mu = (b) => (b.material && materials[b.material] ? materials[b.material].staticFriction : 0.5);
const boxes = scene.bodies.filter((b) => !b.static);
for (const b of scene.bodies) {
  const t = b.shape.type;
  if (!(t === 'box' || (t === 'plane' && b.static))) throw new Error(`${b.name}: only boxes and a static plane are translated`);
  if (b.orientation && b.orientation.join() !== '1,0,0,0') throw new Error(`${b.name}: only unrotated bodies are translated`);
}
const ground = scene.bodies.find((b) => b.shape.type === 'plane');
const groundZ = ground.position ? ground.position[2] : 0;

// End state from the boxes' centres, in scene order.
function endState(positions) {
  let minZ = Infinity, maxZ = -Infinity, drift = 0;
  boxes.forEach((b, i) => {
    const [x, y, z] = positions[i];
    minZ = Math.min(minZ, z), maxZ = Math.max(maxZ, z);
    drift = Math.max(drift, Math.hypot(x - b.position[0], y - b.position[1]));
  });
  return { minZ, maxZ, driftMm: 1000 * drift, z: positions.map((p) => p[2]) };
}

function best3(run) {
  let best = null;
  for (let r = 0; r < 3; ++r) {
    const out = run();
    if (!best || out.ms < best.ms) best = out;
  }
  return { ...best, usPerStep: (1000 * best.ms) / steps };
}

function grasplab(Module, sleep, warmup) {
  const sim = new Module.Simulation();
  try {
    const error = sim.loadJson(JSON.stringify({ ...scene, sleep: { ...(scene.sleep ?? {}), enabled: sleep } }));
    if (error !== '') throw new Error(error);
    // One call a step, as the timed loop and the other engines' warm-ups do
    // (a single step(warmup) call left the JavaScript side cold: 800 idle
    // steps read 0.43 us each in a fresh process, 0.15 once warm).
    for (let k = 0; k < warmup; ++k) if (sim.step(1) !== '') throw new Error('grasplab: step failed');
    const t0 = performance.now();
    for (let k = 0; k < steps; ++k) if (sim.step(1) !== '') throw new Error('grasplab: step failed');
    const ms = performance.now() - t0;
    // 7 numbers per body (px py pz qw qx qy qz), in the scene's body order (no robots here).
    const p = sim.poses();
    const positions = boxes.map((b) => {
      const i = scene.bodies.indexOf(b);
      return [p[7 * i], p[7 * i + 1], p[7 * i + 2]];
    });
    return { ms, end: endState(positions) };
  } finally {
    sim.delete();
  }
}

function jolt(Jolt, sleep, warmup) {
  const MOVING = 1, STATIC = 0;
  const settings = new Jolt.JoltSettings();
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(STATIC, MOVING);
  objectFilter.EnableCollision(MOVING, MOVING);
  const bpStatic = new Jolt.BroadPhaseLayer(0), bpMoving = new Jolt.BroadPhaseLayer(1);
  const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(STATIC, bpStatic);
  bp.MapObjectToBroadPhaseLayer(MOVING, bpMoving);
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, objectFilter, 2);
  const iface = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  const system = iface.GetPhysicsSystem();
  system.SetGravity(new Jolt.Vec3(g[0], g[1], g[2]));
  const bodies = system.GetBodyInterface();
  const add = (shape, p, motion, layer, b) => {
    const cs = new Jolt.BodyCreationSettings(shape, new Jolt.RVec3(p[0], p[1], p[2]), new Jolt.Quat(0, 0, 0, 1), motion, layer);
    cs.mFriction = mu(b);
    cs.mRestitution = 0;
    cs.mAllowSleeping = sleep;
    if (motion === Jolt.EMotionType_Dynamic) {
      cs.mOverrideMassProperties = Jolt.EOverrideMassProperties_CalculateInertia;
      cs.mMassPropertiesOverride.mMass = b.mass;
    }
    const body = bodies.CreateBody(cs);
    Jolt.destroy(cs);
    bodies.AddBody(body.GetID(), motion === Jolt.EMotionType_Dynamic ? Jolt.EActivation_Activate : Jolt.EActivation_DontActivate);
    return body;
  };
  add(new Jolt.BoxShape(new Jolt.Vec3(50, 50, 0.5), 0.05, null), [0, 0, groundZ - 0.5], Jolt.EMotionType_Static, STATIC, ground);
  const handles = boxes.map((b) => {
    const s = b.shape.size;
    return add(new Jolt.BoxShape(new Jolt.Vec3(s[0] / 2, s[1] / 2, s[2] / 2), 0.005, null), b.position, Jolt.EMotionType_Dynamic, MOVING, b);
  });
  system.OptimizeBroadPhase();
  for (let k = 0; k < warmup; ++k) iface.Step(h, 1);
  const t0 = performance.now();
  for (let k = 0; k < steps; ++k) iface.Step(h, 1);
  const ms = performance.now() - t0;
  const positions = handles.map((body) => {
    const p = body.GetPosition();
    return [p.GetX(), p.GetY(), p.GetZ()];
  });
  Jolt.destroy(iface);
  return { ms, end: endState(positions) };
}

function rapier(RAPIER, sleep, warmup) {
  const world = new RAPIER.World({ x: g[0], y: g[1], z: g[2] });
  world.timestep = h;
  world.createCollider(RAPIER.ColliderDesc.cuboid(50, 50, 0.5).setTranslation(0, 0, groundZ - 0.5).setFriction(mu(ground)).setRestitution(0));
  const handles = boxes.map((b) => {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(...b.position).setCanSleep(sleep));
    const s = b.shape.size;
    world.createCollider(RAPIER.ColliderDesc.cuboid(s[0] / 2, s[1] / 2, s[2] / 2).setMass(b.mass).setFriction(mu(b)).setRestitution(0), body);
    return body;
  });
  for (let k = 0; k < warmup; ++k) world.step();
  const t0 = performance.now();
  for (let k = 0; k < steps; ++k) world.step();
  const ms = performance.now() - t0;
  const positions = handles.map((body) => {
    const p = body.translation();
    return [p.x, p.y, p.z];
  });
  world.free();
  return { ms, end: endState(positions) };
}

const Module = await loadGrasplab();
const Jolt = await (await import('jolt-physics')).default();
const RAPIER = (await import('@dimforge/rapier3d-compat')).default;
await RAPIER.init();
for (const sleep of [false, true]) {
  const warmup = sleep ? Math.round(2.5 / h) : 0;
  const rows = [
    ['grasplab WASM, Gauss-Seidel (default: to 1e-7, at most 200 sweeps)', best3(() => grasplab(Module, sleep, warmup))],
    ['Jolt WASM (jolt-physics 1.1.0; 10 velocity + 2 position iterations)', best3(() => jolt(Jolt, sleep, warmup))],
    [`Rapier WASM (rapier3d-compat ${RAPIER.version()}; default 4 iterations)`, best3(() => rapier(RAPIER, sleep, warmup))],
  ];
  if (sleep) console.log(`\nSleeping on in all three (each engine's defaults), timed after ${warmup} untimed steps:\n`);
  const ref = rows[0][1].end.z;
  console.log(`| engine, in Node (${scene.name}, ${steps} steps of ${1000 * h} ms, sleeping ${sleep ? 'on' : 'off'}) | us/step | box centres, z range (m) | largest sideways drift (mm) | largest height difference from grasplab (mm) | grasplab / engine |`);
  console.log('|---|---:|---|---:|---:|---:|');
  for (const [name, r] of rows) {
    const dz = Math.max(...r.end.z.map((z, i) => Math.abs(z - ref[i])));
    console.log(`| ${name} | ${r.usPerStep.toFixed(r.usPerStep < 10 ? 2 : 1)} | ${r.end.minZ.toFixed(5)}-${r.end.maxZ.toFixed(5)} | ${r.end.driftMm.toFixed(3)} | ${(1000 * dz).toFixed(2)} | ${(rows[0][1].usPerStep / r.usPerStep).toFixed(2)}x |`);
  }
}
