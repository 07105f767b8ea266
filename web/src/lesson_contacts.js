// Hand-placed contacts drawn on their object (a lesson's "contacts"
// control): each candidate a small sphere at its point with an arrow along
// its normal, pushing in; green while in use, faint grey while not (and the
// label says which, so colour is not the only signal).
import * as THREE from 'three';

export class ContactMarkers {
  constructor(view) {
    this.view = view;
    this.group = new THREE.Group();
    view.world.add(this.group);
  }

  clear() {
    for (const o of this.group.children.slice()) {
      this.group.remove(o);
      o.traverse((x) => { x.geometry?.dispose(); x.material?.dispose?.(); });
    }
    this.view.dirty = true;
  }

  // candidates [{ name, position, normal }] in the object's frame (m),
  // on: names in use, center: the object's centre (world).
  show(candidates, on, center) {
    this.clear();
    for (const c of candidates) {
      const used = on.includes(c.name);
      const color = used ? 0x2e8b57 : 0x9aa3ab;
      const p = new THREE.Vector3(...c.position).add(new THREE.Vector3(...center));
      const n = new THREE.Vector3(...c.normal).normalize();
      const dot = new THREE.Mesh(new THREE.SphereGeometry(used ? 0.004 : 0.0025, 16, 12),
        new THREE.MeshBasicMaterial({ color, transparent: !used, opacity: used ? 1 : 0.6 }));
      dot.position.copy(p);
      this.group.add(dot);
      const length = 0.03;
      const arrow = new THREE.ArrowHelper(n, p.clone().addScaledVector(n, -length), length, color, 0.01, 0.007);
      if (!used) arrow.traverse((x) => { if (x.material) { x.material.transparent = true; x.material.opacity = 0.45; } });
      this.group.add(arrow);
    }
    this.view.dirty = true;
  }
}
