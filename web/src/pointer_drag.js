// Dragging a dynamic body (protocol.js 'drag-start'): with a mouse or pen, a
// press on a body grabs it (the orbit controls stay still); on a touch
// screen a one-finger touch orbits the camera and pinching zooms
// (OrbitControls), and a long press (LONG_PRESS_MS without moving more than
// SLOP_PX) on a body grabs it. Moving pulls the spring's end in the plane
// facing the camera; release lets go.
import { ToWorker } from './protocol.js';

const LONG_PRESS_MS = 400;
const SLOP_PX = 8;

export function installPointerDrag(app) {
  const { $, latest, view, send } = app;
  let dragging = null;
  let pending = null;  // a touch waiting to become a long press

  function grab(hit, pointerId) {
    dragging = { point: hit.point, pointerId };
    $('viewport').setPointerCapture(pointerId);
    send(ToWorker.DRAG_START, { body: hit.body, point: hit.point, target: hit.point });
  }

  $('viewport').addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || !latest.description) return;
    // A lesson placing contacts by clicking takes the press instead
    // (lessons.js), on any body, static ones included.
    if (app.placingContacts?.()) {
      const on = view.pick(e.clientX, e.clientY, latest.description.bodies.map(() => false));
      if (on && app.placeContact(on)) {
        e.stopPropagation();
        return;
      }
    }
    const hit = view.pick(e.clientX, e.clientY, latest.description.bodies.map((b) => b.static));
    if (!hit) return;
    if (e.pointerType === 'touch') {
      // Let the orbit controls have the touch; grab only if it stays put.
      clearTimeout(pending?.timer);
      pending = { x: e.clientX, y: e.clientY, pointerId: e.pointerId, timer: setTimeout(() => {
        const p = pending;
        pending = null;
        view.controls.enabled = false;  // the orbit this touch began stops here
        grab(hit, p.pointerId);
      }, LONG_PRESS_MS) };
      return;
    }
    e.stopPropagation();  // capture phase: OrbitControls never sees this press
    grab(hit, e.pointerId);
  }, { capture: true });

  $('viewport').addEventListener('pointermove', (e) => {
    if (pending && e.pointerId === pending.pointerId && Math.hypot(e.clientX - pending.x, e.clientY - pending.y) > SLOP_PX) {
      clearTimeout(pending.timer);
      pending = null;
    }
    if (!dragging) return;
    e.stopPropagation();
    const target = view.pointOnViewPlane(e.clientX, e.clientY, dragging.point);
    if (target) send(ToWorker.DRAG_MOVE, { target });
  }, { capture: true });

  const endDrag = (e) => {
    if (pending && e.pointerId === pending.pointerId) {
      clearTimeout(pending.timer);
      pending = null;
    }
    if (!dragging) return;
    e.stopPropagation();
    dragging = null;
    view.controls.enabled = true;
    send(ToWorker.DRAG_END);
  };
  $('viewport').addEventListener('pointerup', endDrag, { capture: true });
  $('viewport').addEventListener('pointercancel', endDrag, { capture: true });
}
