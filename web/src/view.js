// The three.js view of a world: renderer, camera, lights, ground, and one
// mesh per body, updated in place from the worker's pose arrays.
//
// Coordinates: the simulation is z-up (SI units). This is the one place that
// deals with it: Object3D.DEFAULT_UP is set to +z before anything is built,
// the camera and OrbitControls therefore orbit about z, and three's
// PlaneGeometry (in its XY plane) is already a ground plane. Nothing else
// converts axes.
import * as THREE from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { POSE_STRIDE } from './protocol.js';
import { Overlays } from './overlays.js';
import { GHOST_COLORS } from './compare_models.js';

THREE.Object3D.DEFAULT_UP.set(0, 0, 1);

const BODY_COLORS = [0xd9822b, 0x3d7fc1, 0x5aa469, 0xb0413e, 0x8e6cb8, 0xc9a227];

// Software WebGL (SwiftShader, llvmpipe: headless browsers, machines without
// a GPU) draws every pixel on the CPU the simulation also needs, so it gets
// the low quality: no multisampling, no shadow maps, Lambert shading. On this
// project's 2-core machine (headless Chromium, 1280x800, the handset scene)
// that is 24 redraws/s against 6 for the high quality (docs/benchmarks.md).
// URL overrides: ?quality=low|high, &shadows=0|1, &scale=<pixel ratio>.
export function detectQuality() {
  const forced = new URLSearchParams(location.search).get('quality');
  if (forced === 'low' || forced === 'high') return forced;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : '';
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(name) ? 'low' : 'high';
  } catch {
    return 'high';
  }
}

export class View {
  constructor(container, quality = detectQuality()) {
    this.container = container;
    this.quality = quality;
    const high = quality === 'high';
    lambert = !high;
    // No preserveDrawingBuffer (a copy per frame): pngDataUrl draws and reads in one task.
    this.renderer = new THREE.WebGLRenderer({ antialias: high });
    const params = new URLSearchParams(location.search);
    this.renderer.setPixelRatio(Number(params.get('scale')) || (high ? Math.min(window.devicePixelRatio, 2) : 1));
    this.renderer.shadowMap.enabled = params.has('shadows') ? params.get('shadows') !== '0' : high;
    this.renderer.shadowMap.type = high ? THREE.PCFSoftShadowMap : THREE.PCFShadowMap;
    // Rendering happens on demand (render() draws only when dirty): a new
    // frame from the worker, a camera move, a resize or an overlay change.
    this.dirty = true;
    container.appendChild(this.renderer.domElement);

    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xe8edf2);

    this.camera = new THREE.PerspectiveCamera(45, 1, 0.005, 100);
    this.camera.position.set(0.9, -1.1, 0.6);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.target.set(0, 0, 0.15);
    this.controls.enableDamping = true;
    this.controls.update();
    this.dirty = true;

    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8d8d, 1.6));
    const sun = new THREE.DirectionalLight(0xffffff, 2.2);
    sun.position.set(1.5, -1.0, 3.0);
    sun.castShadow = true;
    sun.shadow.mapSize.set(high ? 2048 : 1024, high ? 2048 : 1024);
    const s = 1.0;
    Object.assign(sun.shadow.camera, { left: -s, right: s, top: s, bottom: -s, near: 0.1, far: 10 });
    sun.shadow.bias = -0.0005;
    this.scene.add(sun);

    // Everything in simulation coordinates hangs from `world`, which stays
    // the identity unless a lesson turns gravity (setDown): then the world is
    // drawn turned so that gravity points down the screen, and a plane tilted
    // by turning g looks tilted. pick/toClient convert through it.
    this.world = new THREE.Group();
    this.scene.add(this.world);
    this.bodies = new THREE.Group();
    this.world.add(this.bodies);
    this.meshes = [];  // index = body id; null for bodies drawn as the ground
    this.sleepingShown = 0;  // bodies drawn asleep (setSleeping)
    this.overlays = new Overlays(this.world);
    this.raycaster = new THREE.Raycaster();

    this.resize();
    this.onWindowResize = () => this.resize();
    window.addEventListener('resize', this.onWindowResize);
  }

  // Frees the WebGL context and the listeners (an embedded view removed from its page).
  dispose() {
    window.removeEventListener('resize', this.onWindowResize);
    this.controls.dispose();
    this.scene.traverse((o) => { o.geometry?.dispose(); if (o.material) [].concat(o.material).forEach((m) => m.dispose()); });
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }

  resize() {
    this.dirty = true;
    const w = this.container.clientWidth || window.innerWidth;
    const h = this.container.clientHeight || window.innerHeight;
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  // description: { bodies: [{ name, static, shape: { type, ... } }] }
  setBodies(description) {
    for (const m of this.bodies.children.slice()) {
      this.bodies.remove(m);
      m.traverse((o) => { o.geometry?.dispose(); o.material?.dispose?.(); });
    }
    const grasped = description.grasp ? description.grasp.object : -1;
    this.meshes = description.bodies.map((body, i) => {
      const mesh = makeBodyMesh(body, i);
      mesh.name = body.name;
      if (i === grasped) highlight(mesh);
      this.bodies.add(mesh);
      return mesh;
    });
    this.highlighted = grasped >= 0 ? description.bodies[grasped].name : null;
    this.overlays.setScene(description, this.overlays.size);  // frame() refines the size
  }

  // Points the camera at the dynamic bodies (their bounding spheres, and the
  // ground under them, where falling bodies will land) from a distance that
  // shows them all; called on a scene's first frame. A scene with a grasp is
  // framed on the grasped object and the bodies around it (the hand), not on
  // an arm carrying the hand.
  frame(poses, description) {
    const near = this.graspNeighbourhood(poses, description);
    const box = new THREE.Box3();
    let groundZ = null;
    let largest = 0;  // the largest framed body's bounding radius (m)
    description.bodies.forEach((b, i) => {
      if (b.shape.type === 'plane') groundZ = Math.max(groundZ ?? -Infinity, poses[i * POSE_STRIDE + 2]);
    });
    description.bodies.forEach((b, i) => {
      if (b.static || b.shape.type === 'plane' || (near && !near.has(i))) return;
      const o = i * POSE_STRIDE;
      const r = boundingRadius(b.shape);
      largest = Math.max(largest, r);
      const c = new THREE.Vector3(poses[o], poses[o + 1], poses[o + 2]);
      box.expandByPoint(c.clone().addScalar(r));
      box.expandByPoint(c.clone().addScalar(-r));
      if (groundZ !== null && !near) box.expandByPoint(new THREE.Vector3(c.x, c.y, groundZ));
    });
    if (box.isEmpty()) return;
    const centre = box.getCenter(new THREE.Vector3());
    const size = Math.max(box.getSize(new THREE.Vector3()).length(), 0.15);
    // Cones and arrows are sized to the bodies they sit on: at most four
    // radii of the largest framed body, so 100 stacked boxes do not
    // vanish under their own force arrows.
    this.overlays.setScene(description, Math.min(size, Math.max(4 * largest, 0.15)));
    // A grasp is seen from lower down, under the palm, where the contacts are.
    const direction = new THREE.Vector3(0.55, -0.68, near ? 0.22 : 0.48).normalize();
    this.controls.target.copy(centre);
    const fill = near ? 0.6 : 1.1;  // a grasp fills more of the view
    this.camera.position.copy(centre).addScaledVector(direction, fill * size / Math.tan((this.camera.fov * Math.PI) / 360));
    this.camera.near = Math.max(0.001, size / 100);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.dirty = true;
  }

  // The grasped object and the dynamic bodies whose centres lie within
  // max(0.15 m, 3 object radii) of it, or null without a grasp.
  graspNeighbourhood(poses, description) {
    if (!description.grasp) return null;
    const k = description.grasp.object;
    const centre = (i) => new THREE.Vector3(poses[i * POSE_STRIDE], poses[i * POSE_STRIDE + 1], poses[i * POSE_STRIDE + 2]);
    const c = centre(k);
    const reach = Math.max(0.15, 3 * boundingRadius(description.bodies[k].shape));
    const near = new Set([k]);
    // The grasping robot's links (all robots' when the grasp names none).
    const robots = description.robotBodies ?? {};
    const names = description.robots ?? [];
    const hand = new Set(description.grasp.robot >= 0 ? robots[names[description.grasp.robot]] ?? [] : Object.values(robots).flat());
    description.bodies.forEach((b, i) => {
      if (!b.static && hand.has(i) && centre(i).distanceTo(c) <= reach) near.add(i);
    });
    return near;
  }

  // Draws the world turned so that the gravity vector g (world) points
  // along -z on screen; g straight down (or zero) leaves it unturned.
  setDown(g) {
    const n = Math.hypot(...g);
    const q = new THREE.Quaternion();
    if (n > 0) q.setFromUnitVectors(new THREE.Vector3(...g).divideScalar(n), new THREE.Vector3(0, 0, -1));
    this.world.quaternion.copy(q);
    this.world.updateMatrixWorld(true);
    this.dirty = true;
  }

  // The dynamic body under a client-space point: { body, point: [x, y, z] }
  // (world, the first hit), or null.
  pick(clientX, clientY, isStatic) {
    this.setRay(clientX, clientY);
    const hits = this.raycaster.intersectObjects(this.meshes.filter((m, i) => m && !isStatic[i]), false);
    if (!hits.length) return null;
    const h = hits[0];
    // The surface's outward normal at the hit, in the world group's frame (z-up).
    const normal = h.face ? h.face.normal.clone().transformDirection(h.object.matrixWorld)
      .applyQuaternion(this.world.getWorldQuaternion(new THREE.Quaternion()).invert()).toArray() : null;
    return { body: this.meshes.indexOf(h.object), point: this.world.worldToLocal(h.point.clone()).toArray(), normal };
  }

  // Where the ray through a client-space point meets the plane through
  // `point` facing the camera (world), for dragging in the view plane.
  pointOnViewPlane(clientX, clientY, point) {
    this.setRay(clientX, clientY);
    const normal = this.camera.getWorldDirection(new THREE.Vector3());
    const through = this.world.localToWorld(new THREE.Vector3(...point));
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(normal, through);
    const hit = this.raycaster.ray.intersectPlane(plane, new THREE.Vector3());
    return hit ? this.world.worldToLocal(hit).toArray() : null;
  }

  // Client-space coordinates of a world point (for tests and labels).
  toClient(point) {
    const v = this.world.localToWorld(new THREE.Vector3(...point)).project(this.camera);
    const rect = this.renderer.domElement.getBoundingClientRect();
    return [rect.left + ((v.x + 1) / 2) * rect.width, rect.top + ((1 - v.y) / 2) * rect.height];
  }

  setRay(clientX, clientY) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
  }

  // Aims the camera at a world point (z-up) from `distance` metres, along
  // the default viewing direction.
  lookAt(target, distance) {
    const centre = new THREE.Vector3(...target);
    const direction = new THREE.Vector3(0.55, -0.68, 0.48).normalize();
    this.controls.target.copy(centre);
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.camera.near = Math.max(0.001, distance / 200);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.dirty = true;
  }

  // The view as a PNG data URL (rendered now, so the drawing buffer is full).
  pngDataUrl() {
    this.render(true);
    return this.renderer.domElement.toDataURL('image/png');
  }

  // Camera position and orbit target (world, z-up), for share links.
  cameraState() {
    return { camera: this.camera.position.toArray(), target: this.controls.target.toArray() };
  }

  // The teleoperation workspace (docs/teleoperation.md) as a dashed box,
  // corners min and max (m, world); null removes it.
  setWorkspace(min, max) {
    if (this.workspace) {
      this.world.remove(this.workspace);
      this.workspace.geometry.dispose();
      this.workspace.material.dispose();
      this.workspace = null;
    }
    if (min && max) {
      const size = [0, 1, 2].map((k) => max[k] - min[k]);
      const edges = new THREE.EdgesGeometry(new THREE.BoxGeometry(...size));
      this.workspace = new THREE.LineSegments(edges, new THREE.LineDashedMaterial({ color: 0x2b7a3d, dashSize: 0.01, gapSize: 0.008 }));
      this.workspace.computeLineDistances();
      this.workspace.position.set(...[0, 1, 2].map((k) => 0.5 * (min[k] + max[k])));
      this.world.add(this.workspace);
    }
    this.dirty = true;
  }

  // The camera's position and target in simulation coordinates (through
  // `world`'s turn when a lesson tilts gravity): what camera-aligned
  // teleoperation input is expressed against.
  simCameraState() {
    const camera = this.world.worldToLocal(this.camera.position.clone()).toArray();
    const target = this.world.worldToLocal(this.controls.target.clone()).toArray();
    return { camera, target };
  }

  setCamera(camera, target) {
    this.camera.position.set(...camera);
    this.controls.target.set(...target);
    const d = this.camera.position.distanceTo(this.controls.target);
    this.camera.near = Math.max(0.001, d / 200);
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.dirty = true;
  }

  // poses: Float64Array, POSE_STRIDE per body (px py pz qw qx qy qz)
  // Ghosts: the scene under other contact models (compare_models.js), each
  // movable body drawn again as a translucent copy in the model's colour.
  // models: [{ label }]; colours from GHOST_COLORS in order.
  setGhosts(description, models) {
    for (const g of this.ghosts ?? []) {
      this.world.remove(g.group);
      g.group.traverse((o) => {  // the meshes' geometries are the bodies' own; the edges are the ghosts'
        if (o.material) o.material.dispose();
        if (o.isLineSegments) o.geometry.dispose();
      });
    }
    this.ghosts = models.map((m, k) => {
      const group = new THREE.Group();
      group.name = `ghost ${m.label}`;
      const color = GHOST_COLORS[k % GHOST_COLORS.length];
      const meshes = description.bodies.map((b, i) => {
        const body = this.meshes[i];
        if (b.static || !body || !body.isMesh) return null;
        const ghost = new THREE.Mesh(body.geometry, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.28, depthWrite: false }));
        ghost.add(new THREE.LineSegments(new THREE.EdgesGeometry(body.geometry, 20),
          new THREE.LineBasicMaterial({ color, transparent: true, opacity: 0.8 })));
        ghost.renderOrder = 5;
        group.add(ghost);
        return ghost;
      });
      this.world.add(group);
      return { label: m.label, color, group, meshes };
    });
    this.dirty = true;
  }

  setGhostPoses(k, poses) {
    const g = this.ghosts?.[k];
    if (!g) return;
    placeMeshes(g.meshes, poses);
    this.dirty = true;
  }

  setPoses(poses) {
    this.dirty = true;
    placeMeshes(this.meshes, poses);
  }

  // Sleeping bodies (Uint8Array, 1 per body asleep; null: none) are drawn
  // dimmer: their colour at SLEEP_DIM and their edges fainter. Only bodies
  // whose state changed are touched.
  setSleeping(sleeping) {
    this.sleepingShown = 0;
    for (let i = 0; i < (this.meshes?.length ?? 0); ++i) {
      const m = this.meshes[i];
      if (!m || !m.isMesh || !m.material.color) continue;
      const asleep = !!sleeping?.[i];
      if (asleep) ++this.sleepingShown;
      if (asleep === !!m.userData.asleep) continue;
      m.userData.asleep = asleep;
      m.userData.awakeColor ??= m.material.color.clone();
      m.material.color.copy(m.userData.awakeColor);
      if (asleep) m.material.color.multiplyScalar(SLEEP_DIM);
      for (const child of m.children) {
        if (!child.isLineSegments) continue;
        child.userData.awakeOpacity ??= child.material.opacity;
        child.material.opacity = asleep ? 0.4 * child.userData.awakeOpacity : child.userData.awakeOpacity;
      }
      this.dirty = true;
    }
  }

  // Draws if anything changed since the last draw; returns whether it drew.
  render(force = false) {
    const moved = this.controls.update();  // true while the camera moves (damping included)
    if (!(force || moved || this.dirty)) return false;
    this.dirty = false;
    this.renderer.render(this.scene, this.camera);
    return true;
  }
}

function boundingRadius(shape) {
  switch (shape.type) {
    case 'sphere': return shape.radius;
    case 'box': return 0.5 * Math.hypot(...shape.size);
    case 'capsule': return shape.radius + 0.5 * shape.length;
    case 'cylinder': return Math.hypot(shape.radius, 0.5 * shape.length);
    case 'compound':
      return Math.max(...shape.pieces.map((p) => Math.hypot(...p.position) + boundingRadius(p.shape)));
    default: {
      let r = 0;
      for (let i = 0; i < shape.vertices.length; i += 3) {
        r = Math.max(r, Math.hypot(shape.vertices[i], shape.vertices[i + 1], shape.vertices[i + 2]));
      }
      return r;
    }
  }
}

// A floor grid in the body's XY plane, +-half metres, one line every `step`
// (every tenth darker). Built from short segments: software WebGL
// (SwiftShader, headless Chromium) drops whole line segments that must be
// clipped at the near plane, which with GridHelper's 6 m lines emptied the
// grid near the camera.
function makeGrid(half, step) {
  const n = Math.round(half / step);
  const minor = [], major = [];
  for (let i = -n; i <= n; ++i) {
    const target = i % 10 === 0 ? major : minor;
    const c = i * step;
    for (let j = -n; j < n; ++j) {
      const a = j * step, b = (j + 1) * step;
      target.push(c, a, 0, c, b, 0, a, c, 0, b, c, 0);
    }
  }
  const group = new THREE.Group();
  for (const [positions, color] of [[minor, 0x9ba3ab], [major, 0x5f6770]]) {
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    group.add(new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color })));
  }
  return group;
}

// Physically based shading on a GPU; Lambert (a fraction of the per-pixel
// work) under software rendering.
let lambert = false;
function surfaceMaterial({ color, roughness, metalness = 0 }) {
  return lambert ? new THREE.MeshLambertMaterial({ color })
    : new THREE.MeshStandardMaterial({ color, roughness, metalness });
}

function makeBodyMesh(body, index) {
  const shape = body.shape;
  if (shape.type === 'plane') {
    const group = new THREE.Group();
    const ground = new THREE.Mesh(
      new THREE.PlaneGeometry(6, 6),
      surfaceMaterial({ color: 0xc8ccd0, roughness: 0.95 }));
    ground.receiveShadow = true;
    group.add(ground);
    const grid = makeGrid(3, 0.1);
    grid.position.z = 0.0005;
    group.add(grid);
    return group;
  }
  const color = BODY_COLORS[index % BODY_COLORS.length];
  const material = surfaceMaterial({ color, roughness: 0.5, metalness: 0.05 });
  const geometry = makeGeometry(shape, body.name);
  if (shape.type === 'mesh') material.color.set(0xa7adb3);
  const mesh = new THREE.Mesh(geometry, material);
  mesh.castShadow = shape.type !== 'mesh';
  mesh.receiveShadow = true;
  // Outline edges make rotation visible, also on round bodies.
  const outline = shape.type === 'sphere'
    ? new THREE.SphereGeometry(shape.radius * 1.002, 8, 4)
    : geometry;
  mesh.add(new THREE.LineSegments(
    new THREE.EdgesGeometry(outline, 20),
    new THREE.LineBasicMaterial({ color: 0x222222, transparent: true, opacity: 0.35 })));
  return mesh;
}

// Body i's mesh (null: not drawn) at pose i, POSE_STRIDE per body:
// position, then the quaternion as [w, x, y, z].
// Colour factor of a sleeping body (setSleeping).
const SLEEP_DIM = 0.45;

function placeMeshes(meshes, poses) {
  for (let i = 0; i < meshes.length; ++i) {
    const m = meshes[i];
    if (!m) continue;
    const o = i * POSE_STRIDE;
    m.position.set(poses[o], poses[o + 1], poses[o + 2]);
    m.quaternion.set(poses[o + 4], poses[o + 5], poses[o + 6], poses[o + 3]);
  }
}

// The grasped object stands out from the hand: a warm glow and dark,
// opaque edges.
function highlight(mesh) {
  if (mesh.material.emissive) mesh.material.emissive.set(0x4a3000);
  for (const child of mesh.children) {
    if (child.isLineSegments) { child.material.color.set(0x7a4a00); child.material.opacity = 0.9; }
  }
}

// Geometry in the body frame; capsules and cylinders lie along z (three.js
// builds them along y, hence the rotation).
function makeGeometry(shape, name) {
  switch (shape.type) {
    case 'sphere':
      return new THREE.SphereGeometry(shape.radius, 48, 32);
    case 'box':
      return new THREE.BoxGeometry(shape.size[0], shape.size[1], shape.size[2]);
    case 'capsule':
      return new THREE.CapsuleGeometry(shape.radius, shape.length, 12, 32).rotateX(Math.PI / 2);
    case 'cylinder':
      return new THREE.CylinderGeometry(shape.radius, shape.radius, shape.length, 48).rotateX(Math.PI / 2);
    case 'convex':
    case 'mesh':
    case 'triangle': {
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.Float32BufferAttribute(shape.vertices, 3));
      g.setIndex(shape.triangles);
      // Flat shading: each face its own normal.
      const flat = g.toNonIndexed();
      flat.computeVertexNormals();
      return flat;
    }
    case 'compound': {
      // One geometry: each piece placed at its pose in the body frame.
      const parts = shape.pieces.map((p) => {
        const g = makeGeometry(p.shape, name);
        const flat = g.index ? g.toNonIndexed() : g;
        flat.deleteAttribute('uv');
        const [w, x, y, z] = p.orientation;
        return flat.applyMatrix4(new THREE.Matrix4().compose(
          new THREE.Vector3(...p.position), new THREE.Quaternion(x, y, z, w), new THREE.Vector3(1, 1, 1)));
      });
      return mergeGeometries(parts);
    }
    default:
      throw new Error(`bodies: cannot draw shape type '${shape.type}' of body '${name}'`);
  }
}
