// The Teleoperate card (docs/teleoperation.md): shown for scenes with a
// "teleop" entry. Switched on, it polls the gamepad (navigator.getGamepads,
// each animation frame), the keyboard and its own hold-to-move buttons
// (mouse, touch), turns them into a command in the world frame
// (teleop_input.js) and sends it to the worker whenever it changes; the
// worker records it at its step count. Each frame's wrist force/torque
// reading drives the force gauge and the gamepad's rumble (haptics.js).
import { ToWorker } from './protocol.js';
import { gamepadWish, keyboardWish, combineWishes, wishToCommand, sameCommand, cameraAxes } from './teleop_input.js';
import { hapticIntensity, Rumble, F_FULL } from './haptics.js';

const KEYS = new Set(['KeyW', 'KeyA', 'KeyS', 'KeyD', 'KeyQ', 'KeyE', 'KeyZ', 'KeyX', 'KeyC', 'KeyV']);
// The on-screen pad: [label, aria-label, wish component, sign].
const BUTTONS = [
  ['↑', 'move away from the camera (W)', 'forward', 1], ['↓', 'move towards the camera (S)', 'forward', -1],
  ['←', 'move left (A)', 'right', -1], ['→', 'move right (D)', 'right', 1],
  ['⤒', 'raise the wrist (E)', 'up', 1], ['⤓', 'lower the wrist (Q)', 'up', -1],
  ['close', 'close the hand (C)', 'close', 1], ['open', 'open the hand (V)', 'close', -1],
];

// A world vector from the sensor frame: q = [w, x, y, z] rotates v.
function rotate(q, v) {
  const [w, x, y, z] = q;
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

export class TeleopPanel {
  // card: the section element; app: main.js's { $, latest, view, send, api }.
  constructor(card, app) {
    this.card = card;
    this.app = app;
    this.setup = null;      // the scene's teleop entry (frame field `teleop`)
    this.on = false;
    this.closure = 0;
    this.command = null;    // the last command sent
    this.held = new Set();  // keyboard codes held
    this.buttons = { forward: 0, right: 0, up: 0, close: 0 };
    this.rumble = new Rumble();
    this.tare = null;       // world-frame force when switched on (N)
    this.forceW = null;     // the latest wrist force in the world frame (N)
    this.forceCount = 0;    // readings the sensor has taken (0: none yet, its force is zeros)
    this.intensity = 0;
    this.lastPoll = null;
    this.pad = null;
    this.build();
    this.poll = this.poll.bind(this);
    window.addEventListener('keydown', (e) => this.key(e, true));
    window.addEventListener('keyup', (e) => this.key(e, false));
    window.addEventListener('blur', () => this.held.clear());
  }

  build() {
    const doc = this.card.ownerDocument;
    this.card.innerHTML = `
      <div class="card-title" id="teleop-title">Teleoperate <span class="muted" id="teleop-robot"></span></div>
      <button id="teleop-toggle" type="button" aria-pressed="false" aria-describedby="teleop-status">Teleoperate: off</button>
      <p id="teleop-status" class="muted small" aria-live="polite"></p>
      <div class="teleop-gauges">
        <label for="teleop-gauge">wrist force <span id="teleop-force">–</span></label>
        <meter id="teleop-gauge" min="0" max="1" low="0.4" high="0.8" optimum="0" value="0"></meter>
        <label for="teleop-closure">closure <span id="teleop-closure-text">0.00</span></label>
        <meter id="teleop-closure" min="0" max="1" value="0"></meter>
      </div>
      <div class="teleop-pad" role="group" aria-label="Move the wrist (hold a button)"></div>
      <details class="teleop-keys"><summary>Gamepad and keys</summary>
        <table class="small">
          <tr><th>left stick, W A S D</th><td>move across the table, as the camera looks</td></tr>
          <tr><th>right stick up/down, E / Q</th><td>raise / lower the wrist</td></tr>
          <tr><th>right stick left/right, Z / X</th><td>turn the wrist</td></tr>
          <tr><th>right trigger, C</th><td>close the hand</td></tr>
          <tr><th>left trigger, V</th><td>open the hand</td></tr>
        </table>
        <p class="muted small">The gamepad rumbles with the change in wrist force since you switched on
        (full at ${F_FULL} N). Share makes a link that replays your session.</p>
      </details>`;
    const $ = (id) => this.card.querySelector(`#${id}`);
    this.toggleButton = $('teleop-toggle');
    this.status = $('teleop-status');
    this.gauge = $('teleop-gauge');
    this.forceText = $('teleop-force');
    this.closureMeter = $('teleop-closure');
    this.closureText = $('teleop-closure-text');
    this.toggleButton.onclick = () => this.setOn(!this.on);
    const pad = this.card.querySelector('.teleop-pad');
    for (const [label, aria, part, sign] of BUTTONS) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.setAttribute('aria-label', aria);
      b.title = aria;
      b.dataset.part = part;
      const press = (e) => { e.preventDefault(); this.buttons[part] = sign; };
      const release = () => { if (this.buttons[part] === sign) this.buttons[part] = 0; };
      b.addEventListener('pointerdown', press);
      for (const ev of ['pointerup', 'pointerleave', 'pointercancel']) b.addEventListener(ev, release);
      // Keyboard users: Enter / space held on the focused button acts as a press.
      // (Not passed on: space would also be the page's play/pause.)
      b.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.stopPropagation(); press(e); } });
      b.addEventListener('keyup', (e) => { if (e.key === 'Enter' || e.key === ' ') release(); });
      pad.appendChild(b);
    }
  }

  // The scene's teleop set-up from the first frame (null: none); a new scene
  // or a reset switches teleoperation off.
  setScene(setup) {
    this.setup = setup;
    this.card.hidden = !setup;
    this.stop(false);
    this.closure = 0;
    this.command = null;
    this.tare = null;
    this.intensity = 0;
    this.card.querySelector('#teleop-robot').textContent = setup ? `robot "${setup.robot}"` : '';
    this.showStatus();
  }

  setOn(on) {
    if (!this.setup || on === this.on) return;
    if (!on) { this.stop(true); return; }
    this.on = true;
    // The tare is the first real reading (a sensor reads zeros before the first step).
    this.tare = this.forceW && this.forceCount > 0 ? this.forceW.slice() : null;
    this.command = null;
    this.lastPoll = null;
    this.toggleButton.setAttribute('aria-pressed', 'true');
    this.toggleButton.textContent = 'Teleoperate: on';
    this.card.classList.add('teleop-on');
    this.setDocked(document.body.classList.contains('narrow'));
    if (!this.app.latest.running) this.app.api.play();
    requestAnimationFrame(this.poll);
    this.showStatus();
  }

  // Switching off holds the wrist where it is (a last zero-velocity command).
  stop(send) {
    const was = this.on;
    this.on = false;
    this.held.clear();
    for (const k of Object.keys(this.buttons)) this.buttons[k] = 0;
    this.toggleButton.setAttribute('aria-pressed', 'false');
    this.toggleButton.textContent = 'Teleoperate: off';
    this.card.classList.remove('teleop-on');
    this.setDocked(false);
    if (was && send && this.command) {
      this.sendCommand({ velocity: [0, 0, 0], angularVelocity: [0, 0, 0], closure: this.command.closure });
    }
    this.showStatus();
  }

  // Phones (drawer.js): while on, the gauges and the buttons leave the
  // drawer for a dock above the status bar and the drawer closes, so the
  // hand stays in sight; switched off, they go back into the card.
  setDocked(docked) {
    if (!this.dock) {
      const doc = this.card.ownerDocument;
      this.dock = doc.createElement('div');
      this.dock.id = 'teleop-dock';
      this.dock.className = 'card';
      this.dock.setAttribute('role', 'region');
      this.dock.setAttribute('aria-label', 'Teleoperation');
      this.dock.hidden = true;
      const off = doc.createElement('button');
      off.type = 'button';
      off.textContent = 'Stop teleoperating';
      off.onclick = () => this.setOn(false);
      this.dock.appendChild(off);
      doc.body.appendChild(this.dock);
      this.homeAnchor = this.card.querySelector('.teleop-keys');
    }
    const parts = [this.card.querySelector('.teleop-gauges') ?? this.dock.querySelector('.teleop-gauges'),
      this.card.querySelector('.teleop-pad') ?? this.dock.querySelector('.teleop-pad')];
    if (docked) {
      for (const p of parts) this.dock.appendChild(p);
      const status = this.app.$('status').getBoundingClientRect();
      this.dock.style.bottom = `${window.innerHeight - status.top + 6}px`;
      this.app.closeDrawer?.();
    } else {
      for (const p of parts) this.card.insertBefore(p, this.homeAnchor);
    }
    this.dock.hidden = !docked;
  }

  key(e, down) {
    if (!this.on || !KEYS.has(e.code)) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (down) this.held.add(e.code);
    else this.held.delete(e.code);
  }

  firstPad() {
    const pads = navigator.getGamepads ? navigator.getGamepads() : [];
    for (const p of pads ?? []) if (p && p.connected !== false) return p;
    return null;
  }

  sendCommand(cmd) {
    this.command = cmd;
    this.app.send(ToWorker.TELEOP, { command: cmd });
  }

  poll(now) {
    if (!this.on) return;
    const dt = this.lastPoll === null ? 0 : (now - this.lastPoll) / 1000;
    this.lastPoll = now;
    const pad = this.firstPad();
    if ((pad?.id ?? null) !== (this.pad?.id ?? null)) { this.pad = pad; this.showStatus(); }
    this.pad = pad;
    const b = this.buttons;
    const wish = combineWishes(pad ? gamepadWish(pad) : null, keyboardWish(this.held),
      { move: [b.right, b.forward, b.up], yaw: 0, close: b.close });
    const { camera, target } = this.app.view.simCameraState();
    const cmd = wishToCommand(wish, cameraAxes(camera, target), this.setup, this.closure, dt);
    this.closure = cmd.closure;
    if (!sameCommand(cmd, this.command)) this.sendCommand(cmd);
    this.rumble.update(pad, this.intensity, now);
    this.closureMeter.value = this.closure;
    this.closureText.textContent = this.closure.toFixed(2);
    requestAnimationFrame(this.poll);
  }

  // Each frame: the wrist force (sensor frame -> world), the gauge.
  update(frame) {
    if (!this.setup) return;
    if (frame.teleop) this.setup = frame.teleop;
    const ft = (frame.sensors ?? []).find((s) => s.type === 'force_torque');
    if (!ft) { this.forceW = null; return; }
    this.forceW = ft.orientation ? rotate(ft.orientation, ft.force) : ft.force;
    this.forceCount = ft.count ?? 0;
    if (this.on && this.tare === null && this.forceCount > 0) this.tare = this.forceW.slice();
    this.intensity = hapticIntensity(this.forceW, this.tare ?? this.forceW);
    const t = this.tare ?? this.forceW;
    this.forceChange = Math.hypot(this.forceW[0] - t[0], this.forceW[1] - t[1], this.forceW[2] - t[2]);
    this.gauge.value = this.intensity;
    this.forceText.textContent = `${(this.intensity * F_FULL).toFixed(2)} N${this.intensity >= 1 ? '+' : ''}`;
    this.gauge.setAttribute('aria-valuetext', `${(this.intensity * F_FULL).toFixed(1)} newtons`);
  }

  showStatus() {
    if (!this.setup) { this.status.textContent = ''; return; }
    const device = this.pad ? `gamepad "${this.pad.id}"${this.pad.vibrationActuator ? ' with rumble' : ''}` : 'no gamepad (press a button on it to connect); keys and the buttons below work';
    this.status.textContent = this.on
      ? `On: ${device}. The hand stays in its workspace box.`
      : 'Off. Switch on to drive the hand; the simulation runs.';
  }

  state() {
    return {
      available: !!this.setup, on: this.on, closure: this.closure, command: this.command,
      intensity: this.intensity, forceChange: this.forceChange ?? 0, tare: this.tare, rumbles: this.rumble.requests, lastRumble: this.rumble.last,
      gamepad: this.pad ? this.pad.id : null, records: this.setup ? this.setup.records : 0,
      engaged: this.setup ? this.setup.engaged : false,
    };
  }
}
