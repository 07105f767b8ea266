// docs/scene.schema.json describes what the loader accepts: every bundled
// scene validates, and scenes the schema refuses, the loader refuses too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { loadGrasplab, repoRoot } from './load_module.mjs';

const schema = JSON.parse(fs.readFileSync(`${repoRoot}docs/scene.schema.json`, 'utf8'));
const validate = new Ajv2020({ allErrors: true }).compile(schema);
const Module = await loadGrasplab();
const scenes = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/index.json`, 'utf8')).scenes.map((s) => s.file);

test('every bundled scene matches the schema', () => {
  for (const file of scenes) {
    const ok = validate(JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/${file}`, 'utf8')));
    assert.ok(ok, `${file}: ${JSON.stringify(validate.errors)}`);
  }
});

test('scenes the schema refuses are refused by the loader too', () => {
  const base = { format: 'grasplab-scene', version: 1,
    bodies: [{ name: 'ball', mass: 0.2, shape: { type: 'sphere', radius: 0.05 } }] };
  const bad = [
    { ...base, gravty: [0, 0, -9.81] },
    { ...base, bodies: [{ name: 'ball', mass: -1, shape: { type: 'sphere', radius: 0.05 } }] },
    { ...base, bodies: [{ name: 'ball', mass: 1, shape: { type: 'box', size: [1, 0, 1] } }] },
    { ...base, bodies: [{ name: 'ball', mass: 1, shape: { type: 'teapot' } }] },
    { ...base, solver: { frictionEdges: 5 } },
    { ...base, solver: { type: 'pgs', rollingResistance: 0.5 } },
    { ...base, contact: { slop: 0.1 } },
    { ...base, contact: { reuseDistance: 0.5 } },
    { ...base, version: 2 },
    { ...base, robots: [{ name: 'hand', model: 'assets/../x.urdf' }] },
    { ...base, actions: [{ at: 1, type: 'dance', robot: 'hand' }] },
    { ...base, bodies: [{ name: 'ball', mass: 1, shape: { type: 'compound', pieces: [{ shape: { type: 'plane' } }] } }] },
  ];
  const sim = new Module.Simulation();
  try {
    for (const scene of bad) {
      assert.equal(validate(scene), false, JSON.stringify(scene));
      assert.notEqual(sim.loadJson(JSON.stringify(scene)), '', JSON.stringify(scene));
    }
    assert.equal(validate(base), true);
    assert.equal(sim.loadJson(JSON.stringify(base)), '');
  } finally {
    sim.delete();
  }
});
