// Every lesson in assets/lessons/ loads, and each question's answer is what
// the simulation gives. friction-cone: the tilt at which the box starts to
// slide, found by bisection on the simulated slide, equals atan(mu).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadGrasplab, repoRoot } from './load_module.mjs';

const Module = await loadGrasplab();
const lessonDir = `${repoRoot}assets/lessons/`;
const lessons = fs.readdirSync(lessonDir).filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, lesson: JSON.parse(fs.readFileSync(lessonDir + f, 'utf8')) }));

const G = 9.81;

// Block displacement (m) along the plane after `seconds` at tilt theta (rad),
// the plane tilted by turning gravity (the lesson's "tilt").
function slideAt(sceneJson, mu, theta, seconds) {
  const scene = JSON.parse(sceneJson);
  scene.gravity = [G * Math.sin(theta), 0, -G * Math.cos(theta)];
  scene.materials.rubber = { staticFriction: mu, kineticFriction: mu };
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadJson(JSON.stringify(scene)), '');
    const x0 = JSON.parse(sim.summaryJson()).bodies.find((b) => b.name === 'block').position[0];
    assert.equal(sim.step(Math.round(seconds / scene.timestep)), '');
    const x1 = JSON.parse(sim.summaryJson()).bodies.find((b) => b.name === 'block').position[0];
    return x1 - x0;
  } finally {
    sim.delete();
  }
}

test('every lesson names its format, an id matching its file, a scene file and steps', () => {
  assert.ok(lessons.length >= 1);
  for (const { file, lesson } of lessons) {
    assert.equal(lesson.format, 'grasplab-lesson', file);
    assert.equal(`${lesson.id}.json`, file);
    assert.ok(fs.existsSync(repoRoot + lesson.scene), `${file}: scene ${lesson.scene}`);
    assert.ok(Array.isArray(lesson.steps) && lesson.steps.length > 0, file);
    for (const step of lesson.steps) assert.equal(typeof step.text, 'string', file);
  }
});

test('friction-cone: the box starts to slide at tan(theta) = mu (simulated slide, bisected)', () => {
  const { lesson } = lessons.find((l) => l.lesson.id === 'friction-cone');
  const question = lesson.steps.find((s) => s.question).question;
  assert.equal(question.quantity, 'slip-angle-deg');
  const sceneJson = fs.readFileSync(repoRoot + lesson.scene, 'utf8');
  const mu = question.mu;
  // "Slides" = moved more than 1 mm down the plane in 1 s (sticking creep is
  // far below that; sliding at even 0.1 degree past the angle moves ~1 cm).
  const slides = (deg) => slideAt(sceneJson, mu, (deg * Math.PI) / 180, 1.0) > 1e-3;
  let lo = 5, hi = 60;
  assert.equal(slides(lo), false, `sticks at ${lo} deg`);
  assert.equal(slides(hi), true, `slides at ${hi} deg`);
  while (hi - lo > 0.05) {
    const mid = (lo + hi) / 2;
    if (slides(mid)) hi = mid; else lo = mid;
  }
  const simulated = (lo + hi) / 2;
  const expected = (Math.atan(mu) * 180) / Math.PI;  // 26.565 deg for mu = 0.5
  console.log(`slip angle: simulated ${simulated.toFixed(3)} deg, atan(${mu}) = ${expected.toFixed(3)} deg`);
  assert.ok(Math.abs(simulated - expected) < question.tolerance_deg, `${simulated} vs ${expected}`);
});
