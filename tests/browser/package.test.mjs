// The npm package in a browser, as a page that loads its ES modules directly
// (no bundler: it has no dependencies): createWorkerSimulation runs the
// handset in a Web Worker to the CLI's state hash, refuses a bad scene by
// name keeping its own, and dispose() ends the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { openPage } from './browser.mjs';
import { repoRoot, runNative } from '../wasm/load_module.mjs';

test('the package\'s worker simulation in Chromium reaches the CLI\'s hash; bad input is refused; dispose ends the worker', async () => {
  execFileSync('node', [path.join(repoRoot, 'scripts/build-package.mjs')], { stdio: 'pipe' });
  // Served beside the app (whose assets/ the scenes use): build/web/package/.
  const served = path.join(repoRoot, 'build/web/package');
  fs.rmSync(served, { recursive: true, force: true });
  fs.cpSync(path.join(repoRoot, 'build/package'), served, { recursive: true });
  fs.writeFileSync(path.join(served, 'test.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>package</title></head><body>
<script type="module">
import { createWorkerSimulation, CONTACT_STRIDE } from './index.js';
window.run = async () => {
  const sim = await createWorkerSimulation({ baseUrl: '../' });
  await sim.loadScene('#builtin=barrett-handset');
  await sim.step(400);
  const hash = await sim.stateHash();
  let refused = null;
  try { await sim.loadScene('{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "b", "mass": -1, "shape": {"type": "sphere", "radius": 1}}]}'); }
  catch (e) { refused = e.message; }
  const after = await sim.stateHash();
  const contacts = await sim.contacts();
  const steps = await sim.stepCount();
  window.sim = sim;
  return { hash, refused, after, steps, contacts: contacts.length / CONTACT_STRIDE, isArray: contacts instanceof Float64Array };
};
</script></body></html>`);
  const session = await openPage({ path: 'package/test.html', hash: '' });
  const { page } = session;
  try {
    await page.waitForFunction(() => typeof window.run === 'function');
    const r = await page.evaluate(() => window.run());
    assert.equal(r.hash, runNative([`${repoRoot}assets/scenes/barrett-handset.json`, '--steps', '400']).stateHash);
    assert.match(r.refused, /^bodies\[0\]\.mass: must be a finite number > 0/);
    assert.equal(r.after, r.hash);  // the handset stayed
    assert.equal(r.steps, 400);
    assert.equal(r.isArray, true);
    assert.ok(r.contacts > 0);
    assert.equal(page.workers().length, 1);
    const closed = new Promise((resolve) => page.workers()[0].on('close', resolve));
    const after = await page.evaluate(async () => { window.sim.dispose(); try { await window.sim.step(1); return 'stepped'; } catch (e) { return e.message; } });
    assert.equal(after, 'grasplab: this simulation was disposed');
    await closed;
    assert.equal(page.workers().length, 0);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
    fs.rmSync(served, { recursive: true, force: true });
  }
});
