// The grasp wrench space, drawn (Ferrari & Canny; core/grasp/grasp_quality.h):
// the convex hull of the L1 generators w_ik = [f_ik; (p_i - c) x f_ik / rho]
// (one per friction-cone edge of each contact, unit normal force), projected
// to force space (fx, fy, fz) and to torque space (tx, ty, tz) / rho, side
// by side in one small canvas; the origin; the epsilon ball (radius epsilon,
// the largest origin-centred ball inside the 6-D hull, which projects to a
// ball of the same radius); and the weakest direction: -weakest, the
// disturbance the grasp resists least (GraspQuality::weakest), in red, also
// drawn on the object in the scene (force as an arrow at its centre of mass,
// torque as an arrow along its axis).
//
// The projection of a convex hull is the hull of the projected points, so
// each view is three.js's ConvexHull of 3-D points (three/addons, a library:
// drawing only; the physics' hull is the core's). The origin can lie inside
// both projections without force closure: closure is decided in 6-D, and
// the panel says so.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const HULL_COLOR = 0x3d7fc1;
const BALL_COLOR = 0x2e8b57;
const WEAK_COLOR = 0xc0392b;

function disposeGroup(group) {
  for (const o of group.children.slice()) {
    group.remove(o);
    o.traverse((x) => { x.geometry?.dispose(); x.material?.dispose?.(); });
  }
}

function makeAxes(size) {
  const g = new THREE.Group();
  const colors = [0xd04040, 0x40a040, 0x4060d0];
  for (let k = 0; k < 3; ++k) {
    const dir = new THREE.Vector3().setComponent(k, 1);
    const geom = new THREE.BufferGeometry().setFromPoints([dir.clone().multiplyScalar(-size), dir.clone().multiplyScalar(size)]);
    g.add(new THREE.Line(geom, new THREE.LineBasicMaterial({ color: colors[k], transparent: true, opacity: 0.6 })));
  }
  return g;
}

export class WrenchSpaceView {
  // container: the panel's element (a canvas is added); view: the scene's
  // View, for the weakest disturbance drawn on the object.
  constructor(container, view) {
    this.container = container;
    this.view = view;
    this.renderer = new THREE.WebGLRenderer({ antialias: false });
    this.renderer.setPixelRatio(1);
    this.renderer.setScissorTest(true);
    this.canvas = this.renderer.domElement;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Grasp wrench space: force and torque projections of the contact wrench hull');
    container.appendChild(this.canvas);
    this.camera = new THREE.PerspectiveCamera(35, 1, 0.01, 100);
    this.camera.position.set(2.2, -3.0, 1.8);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enablePan = false;
    this.controls.addEventListener('change', () => this.draw());
    this.scenes = [0, 1].map(() => {
      const scene = new THREE.Scene();
      scene.background = new THREE.Color(0xf4f6f8);
      scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 2.0));
      const content = new THREE.Group();
      scene.add(content);
      scene.add(makeAxes(1.2));
      return { scene, content };
    });
    // On the object in the scene: the weakest disturbance's force and torque.
    this.onObject = new THREE.Group();
    view.world.add(this.onObject);
    this.data = null;
    this.size = [280, 150];
  }

  setSize(width, height) {
    this.size = [width, height];
    this.renderer.setSize(width, height);
    this.camera.aspect = width / 2 / height;
    this.camera.updateProjectionMatrix();
    this.draw();
  }

  // ws: the grasp's wrenchSpace (io/grasp_json.h: WrenchSpaceJson) or null;
  // objectPosition: [x, y, z] of the grasped object's centre (world), or null;
  // arrowLength: m, for the arrows on the object.
  update(ws, objectPosition, arrowLength) {
    this.data = ws;
    for (const s of this.scenes) disposeGroup(s.content);
    disposeGroup(this.onObject);
    if (!ws || ws.dim !== 6 || !ws.generators.length) {
      this.draw();
      return;
    }
    const parts = [[0, 3], [3, 6]];
    const weakest = ws.weakest;
    parts.forEach(([a, b], k) => {
      const pts = ws.generators.map((w) => new THREE.Vector3(w[a], w[a + 1], w[a + 2]));
      let r = 1e-9;
      for (const p of pts) r = Math.max(r, p.length());
      const scale = 1 / r;  // each view fitted to a unit radius; the caption gives the units
      const content = this.scenes[k].content;
      content.scale.setScalar(scale);
      try {
        const geom = new ConvexGeometry(pts);
        content.add(new THREE.Mesh(geom, new THREE.MeshLambertMaterial({
          color: HULL_COLOR, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false })));
        content.add(new THREE.LineSegments(new THREE.EdgesGeometry(geom, 1),
          new THREE.LineBasicMaterial({ color: 0x1d4f86, transparent: true, opacity: 0.7 })));
      } catch {
        // Fewer than 4 points or all coplanar: the points alone.
      }
      const dots = new THREE.BufferGeometry().setFromPoints(pts);
      content.add(new THREE.Points(dots, new THREE.PointsMaterial({ color: 0x1d4f86, size: 3, sizeAttenuation: false })));
      const origin = new THREE.Mesh(new THREE.SphereGeometry(0.04 * r, 12, 8), new THREE.MeshBasicMaterial({ color: 0x000000 }));
      content.add(origin);
      if (ws.forceClosure && ws.epsilonL1 > 0) {
        content.add(new THREE.Mesh(new THREE.SphereGeometry(ws.epsilonL1, 24, 16),
          new THREE.MeshLambertMaterial({ color: BALL_COLOR, transparent: true, opacity: 0.55 })));
      }
      if (weakest) {
        const d = new THREE.Vector3(-weakest[a], -weakest[a + 1], -weakest[a + 2]);
        const len = d.length();
        if (len > 1e-6) {
          content.add(new THREE.ArrowHelper(d.clone().normalize(), new THREE.Vector3(), 0.9 * r * Math.max(len, 0.25),
            WEAK_COLOR, 0.15 * r, 0.08 * r));
        }
      }
    });
    if (weakest && objectPosition) {
      const at = new THREE.Vector3(...objectPosition);
      const f = new THREE.Vector3(-weakest[0], -weakest[1], -weakest[2]);
      const t = new THREE.Vector3(-weakest[3], -weakest[4], -weakest[5]);
      // The disturbance's force and torque parts, their lengths in proportion
      // (torque in units of rho x force, as in the wrench space).
      if (f.length() > 1e-6) {
        this.onObject.add(new THREE.ArrowHelper(f.clone().normalize(), at, arrowLength * f.length(), WEAK_COLOR,
          0.25 * arrowLength, 0.12 * arrowLength));
      }
      if (t.length() > 1e-6) {
        this.onObject.add(new THREE.ArrowHelper(t.clone().normalize(), at, arrowLength * t.length(), 0x8e44ad,
          0.25 * arrowLength, 0.12 * arrowLength));
      }
      for (const o of this.onObject.children) o.traverse((x) => { if (x.material) { x.material.depthTest = false; x.renderOrder = 10; } });
    }
    this.view.dirty = true;
    this.draw();
  }

  clearObjectArrows() {
    disposeGroup(this.onObject);
    this.view.dirty = true;
  }

  draw() {
    const [w, h] = this.size;
    this.controls.update();
    for (let k = 0; k < 2; ++k) {
      this.renderer.setViewport(k * w / 2, 0, w / 2, h);
      this.renderer.setScissor(k * w / 2, 0, w / 2, h);
      this.renderer.render(this.scenes[k].scene, this.camera);
    }
  }

  dispose() {
    this.clearObjectArrows();
    this.renderer.dispose();
  }
}

// Words for the panel and the live region: what the picture says.
export function describeWrenchSpace(ws) {
  if (!ws) return 'No grasp evaluated.';
  if (!ws.generators.length) return 'No contacts on the object: the wrench space is empty.';
  const n = ws.generators.length;
  if (ws.forceClosure) {
    return `${n} contact wrenches; the origin is inside their hull: force closure, epsilon ${ws.epsilonL1.toFixed(4)} (the green ball). Red: the disturbance the grasp resists least.`;
  }
  return `${n} contact wrenches; the origin is not strictly inside their 6-D hull: no force closure. Red: a disturbance no contact force can resist${ws.margin < 0 ? ` (the hull lies ${(-ws.margin).toFixed(3)} beyond the origin against it)` : ''}.`;
}
