// Teleoperation in the WASM module and the page's pure input, haptic and
// link code (docs/teleoperation.md): a command list replayed twice gives the
// same state hash, live commands give the hash of their replay and of the
// native CLI's, the pick-up lifts the bunny, malformed records are refused
// naming their field, and the input and haptic mappings have their
// documented values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadBundled, loadGrasplab, repoRoot, runNative } from './load_module.mjs';
import { applyDeadzone, cameraAxes, gamepadWish, keyboardWish, combineWishes, wishToCommand, DEADZONE, CLOSE_RATE }
  from '../../web/src/teleop_input.js';
import { hapticIntensity, Rumble, F_FULL, PERIOD_MS } from '../../web/src/haptics.js';
import { decodeLink, encodeLink } from '../../web/src/link.js';

const Module = await loadGrasplab();
const sessionText = fs.readFileSync(`${repoRoot}tests/golden/teleop-bunny-pickup.json`, 'utf8');
const STEPS = 1800;

async function open() {
  const sim = new Module.Simulation();
  assert.equal(await loadBundled(sim, 'teleop-bunny'), '');
  return sim;
}
const bunnyZ = (sim, index) => sim.poses()[7 * index + 2];

test('a command list replays twice to the same state hash, the native CLI\'s, and lifts the bunny', async () => {
  const hashes = [];
  let rise = 0;
  for (let run = 0; run < 2; ++run) {
    const sim = await open();
    try {
      const bunny = JSON.parse(sim.describeJson()).bodies.findIndex((b) => b.name === 'bunny');
      const z0 = bunnyZ(sim, bunny);
      assert.equal(sim.queueTeleopJson(sessionText, 'teleop'), '');
      assert.equal(sim.step(STEPS), '');
      hashes.push(sim.stateHash());
      rise = bunnyZ(sim, bunny) - z0;
      const t = JSON.parse(sim.teleopJson());
      assert.equal(t.engaged, true);
      assert.equal(t.records, JSON.parse(sessionText).commands.length);
    } finally {
      sim.delete();
    }
  }
  assert.equal(hashes[0], hashes[1]);
  // The hand rises 10 cm (0.1 m/s for 1 s from step 1000); the bunny with it, within 1.5 cm.
  assert.ok(Math.abs(rise - 0.1) < 0.015, `bunny rose ${rise} m`);
  const native = runNative([`${repoRoot}assets/scenes/teleop-bunny.json`, '--steps', String(STEPS), '--teleop',
    `${repoRoot}tests/golden/teleop-bunny-pickup.json`]);
  assert.equal(native.stateHash, hashes[0]);
});

test('live commands, sent as their steps come, give the hash of their recorded session replayed', async () => {
  const commands = JSON.parse(sessionText).commands;
  const live = await open();
  let recorded;
  let liveHash;
  try {
    let step = 0;
    for (const c of commands) {
      if (c.step > step) { assert.equal(live.step(c.step - step), ''); step = c.step; }
      assert.equal(live.teleopCommand(...c.velocity, ...(c.angularVelocity ?? [0, 0, 0]), c.closure), '');
    }
    assert.equal(live.step(STEPS - step), '');
    liveHash = live.stateHash();
    recorded = live.teleopSessionJson();
  } finally {
    live.delete();
  }
  assert.deepEqual(JSON.parse(recorded).commands.map((c) => c.step), commands.map((c) => c.step));
  const replay = await open();
  try {
    assert.equal(replay.queueTeleopJson(recorded, 'teleop'), '');
    assert.equal(replay.step(STEPS), '');
    assert.equal(replay.stateHash(), liveHash);
  } finally {
    replay.delete();
  }
});

test('malformed records are refused naming the field, and nothing is queued', async () => {
  const sim = await open();
  try {
    const bad = (commands) => sim.queueTeleopJson(JSON.stringify({ format: 'grasplab-teleop', version: 1, commands }), 'link: teleop');
    assert.equal(bad([{ step: 0, closure: 0 }, { step: 3, velocity: [0, 0, 'x'], closure: 0 }]).split(':').slice(0, 2).join(':'),
      'link: teleop.commands[1].velocity[2]');
    assert.match(bad([{ step: 4, closure: 0 }, { step: 2, closure: 0 }]), /^link: teleop\.commands\[1\]\.step: records must be in step order/);
    assert.match(bad([{ step: 0, closure: -0.1 }]), /^link: teleop\.commands\[0\]\.closure: /);
    assert.match(sim.queueTeleopJson('{"format": "grasplab-teleop"', 'link: teleop'), /^link: teleop: /);
    assert.equal(JSON.parse(sim.teleopJson()).records, 0);
    assert.match(sim.teleopCommand(0, 0, NaN, 0, 0, 0, 0), /^teleop\.command\.velocity\[2\]: must be a finite number/);
    assert.equal(JSON.parse(sim.teleopJson()).records, 0);
  } finally {
    sim.delete();
  }
});

test('a teleoperation link carries the records and the step; damaged ones are refused with a message', () => {
  const scene = fs.readFileSync(`${repoRoot}assets/scenes/teleop-bunny.json`, 'utf8');
  const hash = encodeLink({ text: scene }, { camera: [0.5, -0.5, 0.5], target: [0, 0, 0.2], running: true },
    { text: sessionText, steps: 1234 });
  const link = decodeLink(hash);
  assert.equal(link.text, scene);
  assert.equal(link.teleop, sessionText);
  assert.equal(link.steps, 1234);
  assert.equal(link.running, false);  // a replay opens paused where it was shared
  assert.throws(() => decodeLink(hash.replace(/teleop=[^&]*/, 'teleop=abc$')), /link: teleop is not base64url/);
  assert.throws(() => decodeLink(hash.replace(/teleop=[^&]{12}/, 'teleop=')), /link: the teleoperation records do not decompress/);
  assert.throws(() => decodeLink(hash.replace('steps=1234', 'steps=-2')), /link: steps must be a whole number in \[0, 1e6\], got "-2"/);
});

test('the native CLI replays a page link\'s records to the step it was shared at, to the WASM hash', async () => {
  const scene = fs.readFileSync(`${repoRoot}assets/scenes/teleop-bunny.json`, 'utf8');
  const hash = encodeLink({ text: scene }, { camera: [0.5, -0.5, 0.5], target: [0, 0, 0.2], running: false },
    { text: sessionText, steps: 1500 });
  const sim = await open();
  let expected;
  try {
    assert.equal(sim.queueTeleopJson(sessionText, 'teleop'), '');
    assert.equal(sim.step(1500), '');
    expected = sim.stateHash();
  } finally {
    sim.delete();
  }
  const native = runNative([`http://127.0.0.1:8080/${hash}`]);
  assert.equal(native.steps, 1500);
  assert.equal(native.stateHash, expected);
  // A malformed record in a link: exit 2, the field named.
  const bad = encodeLink({ text: scene }, null, { text: JSON.stringify({ format: 'grasplab-teleop', version: 1,
    commands: [{ step: 0, closure: 0 }, { step: 9, velocity: [0, 0, 1e9], closure: 0 }] }), steps: 20 });
  const r = spawnSync(`${repoRoot}build/native/grasplab`, ['run', `http://127.0.0.1:8080/${bad}`], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /link: teleop\.commands\[1\]\.velocity\[2\]: must be a finite number in \[-100, 100\], got 1000000000/);
});

test('input mapping: radial deadzone, camera-aligned sticks, triggers integrate the closure', () => {
  assert.deepEqual(applyDeadzone(0.1, 0.1), [0, 0]);  // |(0.1, 0.1)| = 0.141 < 0.15
  const [x, y] = applyDeadzone(0, -1);
  assert.equal(x, 0);
  assert.equal(y, -1);  // full throw stays full
  const half = applyDeadzone(0.575, 0)[0];  // (0.575 - 0.15) / 0.85 = 0.5
  assert.ok(Math.abs(half - 0.5) < 1e-12, String(half));
  assert.equal(DEADZONE, 0.15);
  // Camera at -y looking at the origin: forward = +y, right = +x.
  const axes = cameraAxes([0, -1, 0.5], [0, 0, 0]);
  assert.deepEqual(axes.forward, [0, 1, 0]);
  assert.deepEqual(axes.right, [1, 0, 0]);
  const limits = { maxSpeed: 0.15, maxAngularSpeed: 1 };
  // Left stick pushed up (axis 1 = -1) moves away from the camera at full speed; right trigger closes.
  const pad = { axes: [0, -1, 0, 0], buttons: Array.from({ length: 8 }, (_, i) => ({ value: i === 7 ? 1 : 0 })) };
  const cmd = wishToCommand(gamepadWish(pad), axes, limits, 0.5, 0.1);
  assert.deepEqual(cmd.velocity, [0, 0.15, 0]);
  assert.equal(cmd.closure, 0.58);  // 0.5 + CLOSE_RATE (0.8 /s) x 0.1 s, on the 1e-4 grid
  assert.equal(CLOSE_RATE, 0.8);
  // Camera on +x looking back: the same stick moves along -x. Right stick down lowers the wrist.
  const back = wishToCommand(gamepadWish({ axes: [0, -1, 0, 1], buttons: [] }), cameraAxes([2, 0, 1], [0, 0, 0]), limits, 0, 0.016);
  assert.deepEqual(back.velocity.map((v) => Math.round(v * 1e4) / 1e4), [-0.1061, 0, -0.1061]);  // norm capped to 0.15
  // Keys: W + E, and V opens (clamped at 0).
  const keys = wishToCommand(combineWishes(keyboardWish(new Set(['KeyW', 'KeyE', 'KeyV']))), axes, limits, 0, 0.05);
  assert.equal(keys.closure, 0);
  assert.ok(Math.abs(Math.hypot(...keys.velocity) - 0.15) < 1e-4);
});

test('haptic mapping: |f - tare| / 5 N clamped to [0, 1], rate-limited dual-rumble requests', () => {
  assert.equal(F_FULL, 5);
  assert.equal(hapticIntensity([0, 0, -17.46], [0, 0, -17.46]), 0);
  // The bunny's weight (0.2 kg, 1.962 N) on top of the tare: 0.392.
  assert.ok(Math.abs(hapticIntensity([0, 0, -17.46 - 1.962], [0, 0, -17.46]) - 0.3924) < 1e-9);
  assert.equal(hapticIntensity([30, 0, 0]), 1);
  assert.equal(hapticIntensity([NaN, 0, 0]), 0);
  const calls = [];
  const pad = { vibrationActuator: { playEffect: (type, p) => { calls.push([type, p]); return Promise.resolve('complete'); } } };
  const r = new Rumble();
  assert.ok(r.update(pad, 0.4, 1000));
  assert.equal(r.update(pad, 0.4, 1000 + PERIOD_MS - 1), null);  // too soon
  assert.ok(r.update(pad, 0.6, 1000 + PERIOD_MS));
  assert.equal(r.update(pad, 0.001, 5000), null);                 // below MIN_INTENSITY
  assert.equal(r.update({}, 0.5, 9000), null);                    // no actuator
  assert.deepEqual(calls.map(([t, p]) => [t, p.strongMagnitude, p.weakMagnitude]), [['dual-rumble', 0.4, 0.2], ['dual-rumble', 0.6, 0.3]]);
});
