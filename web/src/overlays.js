// What the physics is doing, drawn over the bodies: contact points, friction
// cones, contact-force arrows, joint axes with their limits, and the mouse
// drag spring. Rebuilt in place from each frame's typed arrays (protocol.js,
// core/io/frame_arrays.h); objects are pooled, so a frame allocates nothing
// once the pools have grown.
//
// Conventions (docs/web.md):
// - Each contact is drawn for its "subject" body: the scene's grasped object
//   when it takes part, else body A when dynamic, else body B. As in GraspIt!,
//   the cone stands on the subject's surface, apex at the contact, opening
//   outwards along the normal, half-angle atan(mu): reversed, it is the set of
//   forces the contact can apply to the subject. With the LCP it is the
//   solver's own pyramid: the same u edges d_k = cos(2 pi k/u) t1 +
//   sin(2 pi k/u) (n x t1) (core/solvers/friction_directions.h); with the
//   exact-cone Gauss-Seidel (u = 0 in the stats) a smooth circular cone.
// - The arrow is the total contact force on the subject (normal + friction),
//   drawn pushing: its tip at the contact, its tail outside the subject, so
//   that a force inside the friction cone has its shaft inside the cone.
//   Length = |f| * forceScale (m/N; the legend). The scale is robust and
//   recovers (ForceScale below): the reference force F_ref, drawn 0.3 scene
//   sizes long, is the 90th percentile of each frame's largest force over
//   the last SCALE_WINDOW frames (about 2 s), never below the heaviest
//   movable body's weight; a spike above it does not shrink every other
//   arrow, it is drawn clipped (its tail cut at 1.25 F_ref's length) and the
//   legend counts it; after a spike the scale comes back.
// - Colour: green while the contact sticks, orange while it slides (slip
//   speed above the slip threshold s_t of eq. 13).
// Overlays are drawn over the solids by default (no depth test), so contacts
// hidden inside a hand or an object stay visible; setStyle({ depth: true })
// draws them depth-tested, behind the solids (arrows under a resting body
// then disappear into the floor instead of standing it on stilts).
// Cones come in three styles: 'normal' (0.1 scene sizes tall, filled),
// 'small' (half as tall) and 'edges' (edges only, no fill, for crowded hands).
import * as THREE from 'three';
import { CONTACT_STRIDE, Contact, JOINT_STRIDE, JointField } from './protocol.js';

// Scratch objects for the per-frame updates below: drawing a frame allocates
// nothing (as three.js's own physics examples keep theirs at module scope).
const _p = new THREE.Vector3(), _axis = new THREE.Vector3(), _t1 = new THREE.Vector3(), _t2 = new THREE.Vector3();
const _f = new THREE.Vector3(), _n = new THREE.Vector3(), _z = new THREE.Vector3(0, 0, 1);
const _c1 = new THREE.Vector3(), _c2 = new THREE.Vector3(), _c3 = new THREE.Vector3();
const _basis = new THREE.Matrix4();
const _anchor = new THREE.Vector3(), _toChild = new THREE.Vector3(), _ref = new THREE.Vector3(), _v = new THREE.Vector3();
const ARC_SEGMENTS = 32;
const LINE_POINTS = ARC_SEGMENTS + 3;  // the limit arc and its two radii

// A line whose vertices are written in place (at most LINE_POINTS), drawn
// up to its draw range.
function fixedLine(material) {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(new Float32Array(3 * LINE_POINTS), 3));
  g.setDrawRange(0, 0);
  return new THREE.Line(g, material);
}

// Writes point i of a fixedLine.
function setPoint(line, i, v) {
  line.geometry.attributes.position.setXYZ(i, v.x, v.y, v.z);
}

// Ends the update of a fixedLine at `count` points.
// An arrow of the contact and wrench pools (children: the shaft, then the
// head, both unit along +z) with its tail at `tail`, along the unit vector
// `dir`, `length` long; the head takes 35 % of it, at most `maxHead`.
function placeArrow(arrow, tail, dir, length, width, maxHead) {
  const head = Math.min(0.35 * length, maxHead);
  arrow.position.copy(tail);
  arrow.quaternion.setFromUnitVectors(_z, dir);
  arrow.children[0].scale.set(width, width, Math.max(length - head, 0));
  arrow.children[1].scale.set(2.2 * width, 2.2 * width, head);
  arrow.children[1].position.set(0, 0, length);
}

function endLine(line, count) {
  const g = line.geometry;
  g.attributes.position.needsUpdate = true;
  g.setDrawRange(0, count);
  g.computeBoundingSphere();
}

const STICK = new THREE.Color(0x1b9e3a);
const SLIDE = new THREE.Color(0xf07c12);
const JOINT_COLOR = 0x6a3db8;
const DRAG_COLOR = 0xd01c8b;
const WRENCH_FORCE_COLOR = 0x1f5fbf;   // a force/torque sensor's force
const WRENCH_TORQUE_COLOR = 0x7a3fb0;  // and its torque
const _q = new THREE.Quaternion();

function overlayMaterial(options) {
  return new THREE.MeshBasicMaterial({ depthTest: false, depthWrite: false, transparent: true, ...options });
}

const SCALE_WINDOW = 120;     // frames (about 2 s at 60 frames per second)
const SCALE_QUANTILE = 0.9;
const CLIP = 1.25;            // arrows longer than CLIP * maxArrow are cut there
const SPRING_COILS = 8;

// The force scale's reference F_ref (N): the SCALE_QUANTILE quantile of the
// last SCALE_WINDOW frames' largest forces, at least `floor` (N). Preallocated:
// a frame allocates nothing.
export class ForceScale {
  constructor() {
    this.window = new Float64Array(SCALE_WINDOW);
    this.sorted = new Float64Array(SCALE_WINDOW);
    this.reset(1);
  }
  reset(floor) { this.floor = floor; this.count = 0; this.next = 0; this.reference = floor; }
  // largest: this frame's largest contact force (N). Returns F_ref.
  push(largest) {
    this.window[this.next] = largest;
    this.next = (this.next + 1) % SCALE_WINDOW;
    this.count = Math.min(this.count + 1, SCALE_WINDOW);
    const n = this.count;
    const s = this.sorted.subarray(0, n);
    s.set(n === SCALE_WINDOW ? this.window : this.window.subarray(0, n));
    s.sort();
    this.reference = Math.max(this.floor, s[Math.min(n - 1, Math.floor(SCALE_QUANTILE * n))]);
    return this.reference;
  }
}

// A pool of objects made on demand; show(n) hides all past the first n.
class Pool {
  constructor(parent, make) { this.parent = parent; this.make = make; this.items = []; }
  get(i) {
    while (this.items.length <= i) {
      const o = this.make();
      o.renderOrder = 10;
      if (this.depthTest) o.traverse((x) => { if (x.material) x.material.depthTest = this.depthTest(); });
      this.parent.add(o);
      this.items.push(o);
    }
    return this.items[i];
  }
  show(n) { this.items.forEach((o, i) => { o.visible = i < n; }); }
}

// A unit pyramid with u side faces: apex at the origin, opening along +z to
// height 1 and radius 1 at angle 0 along +x (scaled per contact).
function pyramidGeometry(u) {
  const positions = [];
  for (let k = 0; k < u; ++k) {
    const a0 = (2 * Math.PI * k) / u, a1 = (2 * Math.PI * (k + 1)) / u;
    positions.push(0, 0, 0, Math.cos(a0), Math.sin(a0), 1, Math.cos(a1), Math.sin(a1), 1);
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  return g;
}

function pyramidEdges(u) {
  const positions = [];
  for (let k = 0; k < u; ++k) {
    const a0 = (2 * Math.PI * k) / u, a1 = (2 * Math.PI * (k + 1)) / u;
    positions.push(0, 0, 0, Math.cos(a0), Math.sin(a0), 1);          // edge d_k
    positions.push(Math.cos(a0), Math.sin(a0), 1, Math.cos(a1), Math.sin(a1), 1);  // rim
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  return g;
}

export class Overlays {
  constructor(scene) {
    this.root = new THREE.Group();
    this.root.name = 'overlays';
    scene.add(this.root);
    this.visible = { contacts: true, cones: true, forces: true, joints: false, drag: true };
    this.groups = {};
    for (const name of Object.keys(this.visible)) {
      this.groups[name] = new THREE.Group();
      this.root.add(this.groups[name]);
    }
    this.size = 0.3;          // m, the scene's size (View.frame)
    this.forceScale = 0.01;   // m per N
    this.maxArrow = 0.09;     // m
    this.scale = new ForceScale();
    this.style = { depth: false, cones: 'normal' };
    this.subject = -1;        // the grasped object's body index, or -1
    this.isStatic = [];
    this.edges = 0;           // pyramid edges the cone pool was built for
    this.counts = { contacts: 0, cones: 0, arrows: 0, sliding: 0, joints: 0, clipped: 0, wrench: 0 };

    const dot = new THREE.SphereGeometry(1, 12, 8);
    this.points = new Pool(this.groups.contacts, () => new THREE.Mesh(dot, overlayMaterial({ color: 0x111111 })));
    this.shaft = new THREE.CylinderGeometry(1, 1, 1, 10).translate(0, 0.5, 0).rotateX(Math.PI / 2);  // along +z, 0..1
    this.head = new THREE.ConeGeometry(1, 1, 14).translate(0, -0.5, 0).rotateX(Math.PI / 2);        // tip at origin
    this.arrows = new Pool(this.groups.forces, () => {
      const g = new THREE.Group();
      const m = overlayMaterial({ color: STICK });
      g.add(new THREE.Mesh(this.shaft, m), new THREE.Mesh(this.head, m));
      return g;
    });
    // Force/torque sensors (setWrench): two arrows each, drawn with the forces.
    this.wrench = new Pool(this.groups.forces, () => {
      const g = new THREE.Group();
      const m = overlayMaterial({ color: WRENCH_FORCE_COLOR });
      g.add(new THREE.Mesh(this.shaft, m), new THREE.Mesh(this.head, m));
      return g;
    });
    for (const pool of [this.points, this.arrows, this.wrench]) pool.depthTest = () => this.style.depth;
    this.joints = new Pool(this.groups.joints, () => {
      const g = new THREE.Group();
      g.add(fixedLine(new THREE.LineBasicMaterial({ color: JOINT_COLOR, depthTest: false, transparent: true })));
      g.add(fixedLine(new THREE.LineBasicMaterial({ color: JOINT_COLOR, depthTest: false, transparent: true, opacity: 0.7 })));
      g.add(new THREE.Mesh(dot, overlayMaterial({ color: JOINT_COLOR })));
      return g;
    });
    // The drag spring: a zigzag of SPRING_COILS coils from the grab point to
    // the pointer's target, a dot at each end.
    this.joints.depthTest = () => this.style.depth;
    const dragLine = fixedLine(new THREE.LineBasicMaterial({ color: DRAG_COLOR, depthTest: false, transparent: true }));
    dragLine.renderOrder = 11;
    const dragEnd = new THREE.Mesh(dot, overlayMaterial({ color: DRAG_COLOR }));
    dragEnd.renderOrder = 11;
    const dragStart = new THREE.Mesh(dot, overlayMaterial({ color: DRAG_COLOR }));
    dragStart.renderOrder = 11;
    this.drag = { line: dragLine, end: dragEnd, start: dragStart };
    this.groups.drag.add(dragLine, dragEnd, dragStart);
    for (const o of [dragLine, dragEnd, dragStart]) o.visible = false;  // until a drag (setDrag)
    this.setVisible(this.visible);
  }

  // description: the worker's scene description; size: the scene's size (m).
  setScene(description, size) {
    this.size = size;
    this.isStatic = description.bodies.map((b) => b.static);
    this.subject = description.grasp ? description.grasp.object : -1;
    // Force scale: the heaviest movable body's weight (the grasped object's
    // if any) drawn 0.3 scene sizes long.
    let weight = 0;
    description.bodies.forEach((b, i) => {
      if (b.static) return;
      if (this.subject < 0 || i === this.subject) weight = Math.max(weight, b.mass * 9.81);
    });
    this.scale.reset(Math.max(weight, 1e-3));
    this.maxArrow = 0.3 * size;
    this.forceScale = this.maxArrow / this.scale.reference;
    this.counts = { contacts: 0, cones: 0, arrows: 0, sliding: 0, joints: 0, clipped: 0, wrench: 0 };
  }

  // style: { depth: bool (drawn behind the solids, depth-tested), cones: 'normal' | 'small' | 'edges' }.
  setStyle(style) {
    Object.assign(this.style, style);
    this.root.traverse((o) => {
      if (o.material && o !== this.drag.line && o !== this.drag.end && o !== this.drag.start) o.material.depthTest = this.style.depth;
    });
  }

  setVisible(flags) {
    Object.assign(this.visible, flags);
    for (const [name, group] of Object.entries(this.groups)) group.visible = this.visible[name];
  }

  // The cone pool for u edges (u = 0: a smooth cone, for the exact-cone solver).
  ensureCones(u) {
    if (this.edges === u && this.cones) return;
    if (this.cones) {
      for (const o of this.cones.items) { this.groups.cones.remove(o); }
      this.coneGeometry.dispose();
      this.coneEdges?.dispose();
    }
    this.edges = u;
    this.coneGeometry = u > 0 ? pyramidGeometry(u) : new THREE.ConeGeometry(1, 1, 32, 1, true).translate(0, -0.5, 0).rotateX(-Math.PI / 2);
    this.coneEdges = u > 0 ? pyramidEdges(u) : null;
    this.cones = new Pool(this.groups.cones, () => {
      const g = new THREE.Group();
      g.add(new THREE.Mesh(this.coneGeometry, overlayMaterial({ color: STICK, opacity: 0.22, side: THREE.DoubleSide })));
      if (this.coneEdges) {
        g.add(new THREE.LineSegments(this.coneEdges, new THREE.LineBasicMaterial({ color: STICK, depthTest: false, transparent: true, opacity: 0.8 })));
      }
      return g;
    });
    this.cones.depthTest = () => this.style.depth;
  }

  // contacts: Float64Array, CONTACT_STRIDE per contact; u: friction edges.
  setContacts(contacts, u) {
    this.ensureCones(u);
    const n = contacts.length / CONTACT_STRIDE;
    const coneHeight = (this.style.cones === 'small' ? 0.05 : 0.1) * this.size;
    const edgesOnly = this.style.cones === 'edges';
    const dotRadius = 0.006 * this.size;
    const p = _p, axis = _axis, t1 = _t1, t2 = _t2, f = _f, basis = _basis;
    let arrows = 0, sliding = 0;
    let largest = 0;
    for (let o = 0; o < contacts.length; o += CONTACT_STRIDE) {
      const fn = contacts[o + Contact.NORMAL_FORCE];
      const ft = Math.hypot(contacts[o + Contact.FRICTION_FORCE], contacts[o + Contact.FRICTION_FORCE + 1], contacts[o + Contact.FRICTION_FORCE + 2]);
      largest = Math.max(largest, Math.hypot(fn, ft));
    }
    this.forceScale = this.maxArrow / this.scale.push(largest);
    let clipped = 0;
    for (let i = 0; i < n; ++i) {
      const o = i * CONTACT_STRIDE;
      const a = contacts[o + Contact.BODY_A], b = contacts[o + Contact.BODY_B];
      // +1: the subject is A (normal B->A points into A), -1: it is B.
      const sign = a === this.subject || (b !== this.subject && !this.isStatic[a]) ? 1 : -1;
      p.fromArray(contacts, o + Contact.P);
      axis.fromArray(contacts, o + Contact.N).multiplyScalar(sign);
      t1.fromArray(contacts, o + Contact.T1);
      t2.crossVectors(axis, t1);
      const color = contacts[o + Contact.SLIDING] ? SLIDE : STICK;
      sliding += contacts[o + Contact.SLIDING] ? 1 : 0;

      // Colour is not the only signal: a sliding contact's cone is drawn as
      // an outline (no fill) and its dot larger (legend).
      const slides = contacts[o + Contact.SLIDING] !== 0;
      const point = this.points.get(i);
      point.position.copy(p);
      point.scale.setScalar(slides ? 1.8 * dotRadius : dotRadius);

      const cone = this.cones.get(i);
      const mu = contacts[o + Contact.MU];
      const r = Math.max(mu, 1e-3) * coneHeight;
      // Columns: t1 r, t2 r, -axis h (outwards): the unit pyramid's +x edge lands on d_0 = t1.
      basis.makeBasis(_c1.copy(t1).multiplyScalar(r), _c2.copy(t2).multiplyScalar(-r), _c3.copy(axis).multiplyScalar(-coneHeight));
      basis.setPosition(p);
      cone.matrixAutoUpdate = false;
      cone.matrix.copy(basis);
      cone.matrixWorldNeedsUpdate = true;
      for (const child of cone.children) child.material.color.copy(color);
      if (this.coneEdges) cone.children[0].visible = !slides && !edgesOnly;

      // Total force on the subject: f_n n + f_t (on A), negated for B.
      f.fromArray(contacts, o + Contact.FRICTION_FORCE)
        .addScaledVector(_n.fromArray(contacts, o + Contact.N), contacts[o + Contact.NORMAL_FORCE])
        .multiplyScalar(sign);
      const full = f.length() * this.forceScale;
      const length = Math.min(full, CLIP * this.maxArrow);
      if (full > length) clipped++;
      if (length > 1e-5) {
        const arrow = this.arrows.get(arrows++);
        f.normalize();
        placeArrow(arrow, _v.copy(p).addScaledVector(f, -length), f, length, 0.004 * this.size, 0.03 * this.size);  // tip at the contact
        arrow.children[0].material.color.copy(color);
      }
    }
    this.points.show(n);
    this.cones.show(n);
    this.arrows.show(arrows);
    this.counts.contacts = n;
    this.counts.cones = n;
    this.counts.arrows = arrows;
    this.counts.sliding = sliding;
    this.counts.clipped = clipped;
  }

  // joints: Float64Array, JOINT_STRIDE per joint; poses for the child's
  // direction (limits of revolute joints are drawn as an arc about the axis
  // from the q = 0 direction).
  setJoints(joints, poses) {
    const n = joints.length / JOINT_STRIDE;
    const len = 0.08 * this.size;
    let shown = 0;
    for (let j = 0; j < n; ++j) {
      const o = j * JOINT_STRIDE;
      const type = joints[o + JointField.TYPE];
      if (type === 2) continue;  // fixed
      const g = this.joints.get(shown++);
      const anchor = _anchor.fromArray(joints, o + JointField.ANCHOR);
      const axis = _axis.fromArray(joints, o + JointField.AXIS);
      const q = joints[o + JointField.Q];
      const limited = joints[o + JointField.LIMITED] === 1;
      const lower = joints[o + JointField.LOWER], upper = joints[o + JointField.UPPER];
      const [axisLine, limitLine, marker] = g.children;
      marker.scale.setScalar(0.006 * this.size);
      if (type === 0) {  // revolute: the axis, and the limit arc in the plane normal to it
        setPoint(axisLine, 0, _v.copy(anchor).addScaledVector(axis, -len));
        setPoint(axisLine, 1, _v.copy(anchor).addScaledVector(axis, len));
        endLine(axisLine, 2);
        const child = joints[o + JointField.CHILD] * 7;
        const toChild = _toChild.set(poses[child], poses[child + 1], poses[child + 2]).sub(anchor);
        toChild.addScaledVector(axis, -toChild.dot(axis));
        if (toChild.lengthSq() < 1e-12) toChild.set(1, 0, 0).addScaledVector(axis, -axis.x).normalize();
        const ref = _ref.copy(toChild.normalize()).applyAxisAngle(axis, -q);  // the q = 0 direction
        const lo = limited ? lower : -Math.PI, hi = limited ? upper : Math.PI;
        const radius = 0.6 * len;
        let k = 0;
        if (limited) setPoint(limitLine, k++, anchor);
        for (let s = 0; s <= ARC_SEGMENTS; ++s) {
          const angle = lo + ((hi - lo) * s) / ARC_SEGMENTS;
          setPoint(limitLine, k++, _v.copy(ref).applyAxisAngle(axis, angle).multiplyScalar(radius).add(anchor));
        }
        if (limited) setPoint(limitLine, k++, anchor);
        endLine(limitLine, k);
        marker.position.copy(_v.copy(ref).applyAxisAngle(axis, q)).multiplyScalar(radius).add(anchor);
      } else {  // prismatic: the stroke between the limits, the marker at q
        const lo = limited ? lower : -len, hi = limited ? upper : len;
        setPoint(axisLine, 0, _v.copy(anchor).addScaledVector(axis, lo));
        setPoint(axisLine, 1, _v.copy(anchor).addScaledVector(axis, hi));
        endLine(axisLine, 2);
        endLine(limitLine, 0);
        marker.position.copy(anchor).addScaledVector(axis, q);
      }
    }
    this.joints.show(shown);
    this.counts.joints = shown;
  }

  // drag: [body or -1, grab point xyz, target xyz, force xyz]
  // sensors: the worker's readings (core/io/sensor_json.h, with frames) or
  // null. Each force/torque sensor's force (what the hand exerts on its
  // mount, docs/sensors.md) is a blue arrow from the sensor's origin at the
  // contact forces' scale (the legend's N per cm); its torque a purple arrow
  // (right-hand rule) drawn as long as a force of |T| / (0.1 scene sizes)
  // would be.
  setWrench(sensors) {
    let n = 0;
    for (const s of sensors ?? []) {
      if (s.type !== 'force_torque' || !s.position) continue;
      _q.set(s.orientation[1], s.orientation[2], s.orientation[3], s.orientation[0]);
      for (const [vec, scale, color] of [[s.force, 1, WRENCH_FORCE_COLOR], [s.torque, 1 / (0.1 * this.size), WRENCH_TORQUE_COLOR]]) {
        const f = _f.fromArray(vec).applyQuaternion(_q);
        const length = Math.min(f.length() * scale * this.forceScale, CLIP * this.maxArrow);
        if (!(length > 1e-5)) continue;
        const arrow = this.wrench.get(n++);
        f.normalize();
        placeArrow(arrow, _v.fromArray(s.position), f, length, 0.005 * this.size, 0.03 * this.size);  // tail at the sensor's origin
        arrow.children[0].material.color.set(color);
      }
    }
    this.wrench.show(n);
    this.counts.wrench = n;
  }

  setDrag(drag) {
    const active = drag && drag[0] >= 0;
    this.drag.line.visible = active;
    this.drag.end.visible = active;
    this.drag.start.visible = active;
    if (!active) return;
    const a = _anchor.set(drag[1], drag[2], drag[3]), b = _v.set(drag[4], drag[5], drag[6]);
    const along = _axis.subVectors(b, a);
    const length = along.length();
    // The zigzag's side direction: normal to the spring, in the plane with z
    // (or x when the spring is vertical); half-width 0.012 scene sizes.
    const side = _t1.crossVectors(along, Math.abs(along.z) > 0.9 * length ? _c1.set(1, 0, 0) : _c1.set(0, 0, 1));
    if (side.lengthSq() > 0) side.normalize().multiplyScalar(0.012 * this.size);
    const zig = 2 * SPRING_COILS;  // vertices between the two end leads
    setPoint(this.drag.line, 0, a);
    for (let k = 0; k <= zig; ++k) {
      // Straight leads over the first and last 10 %, the zigzag between.
      const t = 0.1 + (0.8 * k) / zig;
      const offset = k === 0 || k === zig ? 0 : (k % 2 ? 1 : -1);
      setPoint(this.drag.line, k + 1, _ref.copy(a).addScaledVector(along, t).addScaledVector(side, offset));
    }
    setPoint(this.drag.line, zig + 2, b);
    endLine(this.drag.line, zig + 3);
    this.drag.end.position.copy(b);
    this.drag.end.scale.setScalar(0.008 * this.size);
    this.drag.start.position.copy(a);
    this.drag.start.scale.setScalar(0.006 * this.size);
  }
}
