// Teleoperation input (docs/teleoperation.md): what a gamepad, the keyboard
// or the mouse asks of the wrist, as a command in the world frame (z-up,
// SI): { velocity [m/s], angularVelocity [rad/s], closure 0..1 }. Pure
// functions of the device state and the camera's axes, so Node tests them;
// teleop_panel.js polls the devices each animation frame and sends the
// command to the worker, which records it at its step count (the worker
// and the core own the timing: this side never integrates a pose).
//
// Gamepad (the "standard" mapping of the Gamepad API):
//   left stick       move in the horizontal plane, camera-aligned: up = away
//                    from the camera, right = to the screen's right
//   right stick      up/down = raise/lower the wrist (z); left/right = turn
//                    about the vertical (yaw)
//   right trigger    close the hand (rate: CLOSE_RATE per second at full pull)
//   left trigger     open the hand
// Sticks pass a radial deadzone (DEADZONE of the throw), rescaled so the
// command starts from 0 at its edge and reaches full speed at full throw.
//
// Keyboard (while the Teleoperate card is on and the focus is not in a field):
//   W / S            away from / towards the camera     A / D   left / right
//   E / Q            up / down                           Z / X   turn left / right
//   C / V            close / open the hand
// (space, '.', r, g and ? keep their page meanings; none of these letters is
// taken: main.js's keydown handler.)

export const DEADZONE = 0.15;     // of the stick's throw
export const CLOSE_RATE = 0.8;    // closure per second at full trigger (1.25 s from open to closed)
export const QUANTUM = 1e-4;      // commands are rounded to this (m/s, rad/s, closure): short links

// A stick (x, y in [-1, 1]) through a radial deadzone: 0 inside, then
// rescaled linearly from the deadzone's edge to full throw; |out| <= 1.
export function applyDeadzone(x, y, deadzone = DEADZONE) {
  const r = Math.hypot(x, y);
  if (!(r > deadzone)) return [0, 0];
  const scaled = Math.min(1, (r - deadzone) / (1 - deadzone));
  return [(x / r) * scaled, (y / r) * scaled];
}

// The camera's horizontal axes in the world (z-up): forward, away from the
// camera along the ground, and right; from its position and target. Looking
// straight down, forward falls back to +y.
export function cameraAxes(camera, target) {
  let fx = target[0] - camera[0], fy = target[1] - camera[1];
  const n = Math.hypot(fx, fy);
  if (n < 1e-9) { fx = 0; fy = 1; } else { fx /= n; fy /= n; }
  return { forward: [fx + 0, fy + 0, 0], right: [fy + 0, 0 - fx, 0] };  // + 0, 0 -: never -0
}

const round = (x) => {
  const r = Math.round(x / QUANTUM) * QUANTUM;
  return Number(r.toFixed(4)) + 0;  // one decimal text per value, never -0
};

// A gamepad's (standard mapping) wish: { move: [right, forward, up] in
// [-1, 1], yaw in [-1, 1] (+ counter-clockwise seen from above), close in
// [-1, 1] (+ closes) }.
export function gamepadWish(pad, deadzone = DEADZONE) {
  const ax = (i) => (pad.axes && Number.isFinite(pad.axes[i]) ? pad.axes[i] : 0);
  const btn = (i) => {
    const b = pad.buttons && pad.buttons[i];
    return b ? (typeof b === 'number' ? b : Number(b.value ?? (b.pressed ? 1 : 0))) : 0;
  };
  const [lx, ly] = applyDeadzone(ax(0), ax(1), deadzone);
  const [rx, ry] = applyDeadzone(ax(2), ax(3), deadzone);
  return { move: [lx, -ly, -ry], yaw: -rx, close: btn(7) - btn(6) };
}

// The keyboard's wish from the set of keys held (KeyboardEvent.code).
export function keyboardWish(held) {
  const k = (code) => (held.has(code) ? 1 : 0);
  return {
    move: [k('KeyD') - k('KeyA'), k('KeyW') - k('KeyS'), k('KeyE') - k('KeyQ')],
    yaw: k('KeyZ') - k('KeyX'),
    close: k('KeyC') - k('KeyV'),
  };
}

// Sums wishes, each component clamped to [-1, 1].
export function combineWishes(...wishes) {
  const c = (x) => Math.max(-1, Math.min(1, x));
  const out = { move: [0, 0, 0], yaw: 0, close: 0 };
  for (const w of wishes) {
    if (!w) continue;
    for (let i = 0; i < 3; ++i) out.move[i] = c(out.move[i] + w.move[i]);
    out.yaw = c(out.yaw + w.yaw);
    out.close = c(out.close + w.close);
  }
  return out;
}

// The command: velocity = maxSpeed (move.right * right + move.forward *
// forward + move.up * z), capped to maxSpeed in norm (the core caps it
// again); angularVelocity = maxAngularSpeed yaw about z; closure = the
// previous closure + CLOSE_RATE close dt, clamped to [0, 1] (dt: seconds
// since the last poll, at most 0.1 so a stalled tab does not jump).
export function wishToCommand(wish, axes, limits, closure, dt) {
  const { forward, right } = axes;
  let v = [0, 1, 2].map((i) => wish.move[0] * right[i] + wish.move[1] * forward[i] + (i === 2 ? wish.move[2] : 0));
  const n = Math.hypot(...v);
  if (n > 1) v = v.map((x) => x / n);
  const step = Math.min(Math.max(dt, 0), 0.1);
  const c = Math.max(0, Math.min(1, closure + CLOSE_RATE * wish.close * step));
  return {
    velocity: v.map((x) => round(x * limits.maxSpeed)),
    angularVelocity: [0, 0, round(wish.yaw * limits.maxAngularSpeed)],
    closure: round(c),
  };
}

export function sameCommand(a, b) {
  if (!a || !b) return false;
  return a.closure === b.closure && a.velocity.every((x, i) => x === b.velocity[i])
    && a.angularVelocity.every((x, i) => x === b.angularVelocity[i]);
}
