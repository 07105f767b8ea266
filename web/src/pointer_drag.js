// Mouse drag of a dynamic body (protocol.js 'drag-start'): a press on a body
// grabs it (the orbit controls stay still), moving pulls the spring's end in
// the plane facing the camera, release lets go.
import { ToWorker } from './protocol.js';

export function installPointerDrag(app) {
  const { $, latest, view, send } = app;
  let dragging = null;
  $('viewport').addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !latest.description) return;
    const hit = view.pick(e.clientX, e.clientY, latest.description.bodies.map((b) => b.static));
    if (!hit) return;
    e.stopPropagation();  // capture phase: OrbitControls never sees this press
    dragging = { point: hit.point, pointerId: e.pointerId };
    $('viewport').setPointerCapture(e.pointerId);
    send(ToWorker.DRAG_START, { body: hit.body, point: hit.point, target: hit.point });
  }, { capture: true });
  $('viewport').addEventListener('pointermove', (e) => {
    if (!dragging) return;
    e.stopPropagation();
    const target = view.pointOnViewPlane(e.clientX, e.clientY, dragging.point);
    if (target) send(ToWorker.DRAG_MOVE, { target });
  }, { capture: true });
  const endDrag = (e) => {
    if (!dragging) return;
    e.stopPropagation();
    dragging = null;
    send(ToWorker.DRAG_END);
  };
  $('viewport').addEventListener('pointerup', endDrag, { capture: true });
  $('viewport').addEventListener('pointercancel', endDrag, { capture: true });
}
