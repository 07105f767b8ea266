// Haptic feedback for teleoperation (docs/teleoperation.md): the wrist
// force/torque sensor's force (docs/sensors.md: what the hand exerts on its
// mount, N) becomes a gamepad vibration and the force gauge's level.
//
//   intensity = clamp(|f - f_tare| / F_FULL, 0, 1)
//
// f_tare is the reading when teleoperation was switched on (the hand's own
// fingers hanging from the sensor), so the operator feels what changed:
// touching the table or the bunny, the squeeze's reaction, the bunny's weight
// once lifted (0.2 kg: 1.96 N, intensity 0.39). F_FULL = 5 N is full
// strength. Below MIN_INTENSITY nothing is played (a still hand does not
// hum). Vibration requests are rate-limited: at most one every
// PERIOD_MS, each lasting DURATION_MS (a little longer than the period, so
// a held contact feels continuous), through GamepadHapticActuator's
// playEffect('dual-rumble', { duration, strongMagnitude, weakMagnitude }):
// the strong (low-frequency) motor at the intensity, the weak one at half.
export const F_FULL = 5.0;          // N for full strength
export const MIN_INTENSITY = 0.02;  // 0.1 N
export const PERIOD_MS = 100;
export const DURATION_MS = 120;

// |f - tare| / F_FULL clamped to [0, 1]; 0 for a missing or non-finite reading.
export function hapticIntensity(force, tare = [0, 0, 0]) {
  if (!force || force.length !== 3) return 0;
  const m = Math.hypot(force[0] - tare[0], force[1] - tare[1], force[2] - tare[2]);
  if (!Number.isFinite(m)) return 0;
  return Math.min(1, m / F_FULL);
}

// Sends at most one effect per PERIOD_MS (wall clock, ms) to the pads that
// have an actuator; remembers what it asked (for the page's state and tests).
export class Rumble {
  constructor() {
    this.lastAt = -Infinity;
    this.requests = 0;
    this.last = null;  // { intensity, at }
  }

  // pad: a Gamepad (or null); now: performance.now(). Returns the effect's
  // parameters when one was requested.
  update(pad, intensity, now) {
    const actuator = pad && pad.vibrationActuator;
    if (!actuator || typeof actuator.playEffect !== 'function') return null;
    if (!(intensity >= MIN_INTENSITY) || now - this.lastAt < PERIOD_MS) return null;
    const params = { startDelay: 0, duration: DURATION_MS, strongMagnitude: intensity, weakMagnitude: 0.5 * intensity };
    this.lastAt = now;
    this.requests += 1;
    this.last = { intensity, at: now };
    // The promise rejects where the pad cannot rumble; that is not an error of the page.
    Promise.resolve(actuator.playEffect('dual-rumble', params)).catch(() => {});
    return params;
  }
}
