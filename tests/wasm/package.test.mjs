// The npm package (scripts/build-package.mjs -> build/grasplab-VERSION.tgz),
// as a user gets it: installed from the tarball into an empty folder, then
// driven through its typed API in Node. It ends every bundled scene it runs on
// the committed golden hash (so bit for bit with the CLI), refuses bad scenes
// by name keeping the last one, and its types check with tsc on the example.
// (Its worker-backed API runs in Chromium: tests/browser/package.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { repoRoot } from './load_module.mjs';

const golden = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/golden/state_hashes.json'), 'utf8'));
const version = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;
const tarball = path.join(repoRoot, 'build', `grasplab-${version}.tgz`);

// Packs afresh (the test must see the module it is run with), then installs.
execFileSync('node', [path.join(repoRoot, 'scripts/build-package.mjs')], { stdio: 'pipe' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-package-'));
fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: dir, stdio: 'pipe' });

function runInUserFolder(source) {
  const file = path.join(dir, `run-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(file, source);
  const r = spawnSync('node', [file], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('the installed package holds the module, its API and types, and nothing of the repository', () => {
  const installed = path.join(dir, 'node_modules/grasplab');
  const files = fs.readdirSync(installed).sort();
  assert.deepEqual(files, ['README.md', 'fflate.LICENSE', 'fflate.js', 'grasplab_wasm.mjs', 'grasplab_wasm.wasm', 'index.d.ts',
    'index.js', 'link.js', 'package.json', 'protocol.js', 'scene_assets.js', 'worker.js']);
  // No dependencies: it installs offline, and loads in a browser without a bundler.
  assert.equal(JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')).dependencies, undefined);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'node_modules')).sort(), ['.package-lock.json', 'grasplab']);
  const size = fs.statSync(tarball).size;
  console.log(`${path.basename(tarball)}: ${(size / 1024).toFixed(0)} KiB gzipped`);
  assert.ok(size < 1024 * 1024);
});

test('bundled scenes through the package end on their golden hashes (the CLI\'s), by file text and by link', () => {
  const runs = golden.runs.filter((r) => r.solver === 'scene' && !r.formulation && ['barrett-handset', 'parallel-jaw-cube', 'falling-sphere'].includes(r.scene));
  assert.equal(runs.length, 3);
  const out = runInUserFolder(`
    import fs from 'node:fs';
    import { createSimulation } from 'grasplab';
    const runs = ${JSON.stringify(runs)};
    const root = ${JSON.stringify(repoRoot)};
    const result = [];
    for (const r of runs) {
      const sim = await createSimulation({ baseUrl: root });
      await sim.loadScene(fs.readFileSync(root + 'assets/scenes/' + r.scene + '.json', 'utf8'));
      sim.step(r.steps);
      const byText = sim.stateHash();
      await sim.loadScene('https://example.org/grasplab/#builtin=' + r.scene);
      sim.step(r.steps);
      result.push({ scene: r.scene, byText, byLink: sim.stateHash(), steps: sim.stepCount, grasp: sim.grasp(), sensors: sim.sensors() });
      sim.dispose();
    }
    console.log(JSON.stringify(result));
  `);
  for (const [k, r] of runs.entries()) {
    assert.equal(out[k].byText, r.hash, r.scene);
    assert.equal(out[k].byLink, r.hash, r.scene);
    assert.equal(out[k].steps, r.steps);
  }
  // The handset's grasp metrics come with it; the jaw's sensors read (docs/sensors.md).
  assert.equal(out[0].grasp === null, false);
  const jaw = out.find((o) => o.scene === 'parallel-jaw-cube');
  assert.deepEqual(jaw.sensors.map((s) => s.name), ['jaw-encoders', 'wrist', 'left-pad', 'right-pad']);
  assert.equal(jaw.sensors[1].step, jaw.steps);
  assert.deepEqual(out.find((o) => o.scene === 'falling-sphere').sensors, []);
});

test('the package reports which bodies sleep: none at the start, every box of the stacks after 1.5 s', () => {
  const out = runInUserFolder(`
    import { createSimulation } from 'grasplab';
    const sim = await createSimulation({ baseUrl: ${JSON.stringify(repoRoot)} });
    await sim.loadScene('#builtin=box-stacks');
    const awakeAtStart = sim.sleeping().reduce((a, x) => a + x, 0);
    sim.step(600);
    const s = sim.sleeping();
    const bodies = sim.state().bodies;
    console.log(JSON.stringify({ awakeAtStart, n: s.length, asleep: s.reduce((a, x) => a + x, 0),
      staticAsleep: bodies.filter((b, i) => b.static && s[i]).length, dynamic: bodies.filter((b) => !b.static).length,
      summary: sim.summary().sleep }));
    sim.dispose();
  `);
  assert.equal(out.awakeAtStart, 0);
  assert.equal(out.n, out.dynamic + 1);  // the ground, then 100 boxes
  assert.equal(out.asleep, out.dynamic);
  assert.equal(out.staticAsleep, 0);
  assert.equal(out.summary.sleepingBodies, out.dynamic);
});

test('the package refuses a bad scene by its field and keeps the scene it had; a disposed simulation says so', () => {
  const out = runInUserFolder(`
    import { createSimulation, CONTACT_STRIDE, Contact } from 'grasplab';
    const sim = await createSimulation({ baseUrl: ${JSON.stringify(repoRoot)} });
    await sim.loadScene('#builtin=falling-sphere');
    sim.step(400);
    const before = sim.stateHash();
    const errors = [];
    for (const bad of ['{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "b", "mass": 1e400, "shape": {"type": "sphere", "radius": 0.1}}]}',
                       '#scene=AAAA', '#builtin=../../etc/passwd', '#builtin=nosuch', 'not a scene']) {
      try { await sim.loadScene(bad); errors.push(null); } catch (e) { errors.push(e.message); }
    }
    const contacts = sim.contacts();
    const normal = contacts.length ? contacts[Contact.NORMAL_FORCE] : 0;
    const after = sim.stateHash();
    sim.dispose();
    let disposed = null;
    try { sim.step(1); } catch (e) { disposed = e.message; }
    console.log(JSON.stringify({ before, after, errors, stride: CONTACT_STRIDE, count: contacts.length / CONTACT_STRIDE, normal, disposed }));
  `);
  assert.equal(out.after, out.before);
  assert.match(out.errors[0], /^bodies\[0\]\.mass: number 1e400 overflows a double/);
  assert.match(out.errors[1], /^link: the scene does not decompress/);
  assert.equal(out.errors[2], 'link: "../../etc/passwd" is not a bundled scene\'s name');
  assert.equal(out.errors[3], 'assets/scenes/nosuch.json: cannot be read (ENOENT)');
  assert.equal(out.errors[4], 'grasplab: neither scene JSON nor a link (#scene=... or #builtin=...)');
  // The resting ball: one contact carrying its weight, 0.2 kg x 9.81.
  assert.equal(out.stride, 20);
  assert.equal(out.count, 1);
  assert.ok(Math.abs(out.normal - 0.2 * 9.81) < 1e-6, `${out.normal}`);
  assert.equal(out.disposed, 'grasplab: this simulation was disposed');
});

test('the types check: tsc --noEmit passes on the example and fails on a misuse', () => {
  const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
  for (const f of ['example.ts', 'tsconfig.json']) fs.copyFileSync(path.join(repoRoot, 'package/example', f), path.join(dir, f));
  const good = spawnSync(tsc, ['--noEmit', '-p', path.join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
  assert.equal(good.status, 0, good.stdout + good.stderr);
  fs.writeFileSync(path.join(dir, 'example.ts'), `import { createSimulation } from 'grasplab';
export async function f() { const sim = await createSimulation(); sim.step('ten'); return sim.grasp()?.epsilonL2; }\n`);
  const bad = spawnSync(tsc, ['--noEmit', '-p', path.join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
  assert.notEqual(bad.status, 0);
  assert.match(bad.stdout, /Argument of type 'string' is not assignable to parameter of type 'number'/);
  assert.match(bad.stdout, /Property 'epsilonL2' does not exist/);
});
