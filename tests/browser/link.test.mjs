// Share links in the page: a CLI link opens the scene and replays it bit for
// bit; the page's Share link runs the same in the CLI; a damaged link is
// reported and the page keeps its scene.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadScene, openPage, waitForState } from './browser.mjs';
import { repoRoot, runNative } from '../wasm/load_module.mjs';

const file = `${repoRoot}assets/scenes/barrett-handset.json`;

test('a link opens its scene, replays it exactly, and Share gives a link the CLI runs the same', async () => {
  const link = spawnSync(`${repoRoot}build/native/grasplab`, ['link', file], { encoding: 'utf8' }).stdout.trim();
  const session = await openPage({ hash: link.slice(link.indexOf('#')) });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the linked scene' });
    await page.evaluate(() => window.grasplab.runSteps(800));
    const s = await waitForState(page, (st) => st.steps === 800, { what: '800 steps', timeout: 60000 });
    assert.equal(s.stateHash, runNative([file, '--steps', '800']).stateHash);
    const shared = await page.evaluate(() => window.grasplab.share());
    assert.ok(shared.length < 8192);
    assert.equal(runNative([shared, '--steps', '800']).stateHash, s.stateHash);
    assert.ok(await page.isVisible('#share-panel'));
    console.log(`screenshot: ${await session.screenshot('share-link.png')}`);
    // A damaged link: an error, and the scene stays.
    await page.evaluate(() => { location.hash = '#scene=AAAA'; });
    const bad = await waitForState(page, (st) => st.errors.length > 0, { what: 'the error' });
    assert.match(bad.errors[0], /link: the scene does not decompress/);
    assert.equal(bad.scene, 'link');
    assert.equal(bad.steps, 800);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('every bundled scene round-trips file -> link -> page -> CLI with equal hashes', async () => {
  const fs = await import('node:fs');
  const files = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/index.json`, 'utf8')).scenes.map((s) => s.file);
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    for (const f of files) {
      const path = `${repoRoot}assets/scenes/${f}`;
      const link = spawnSync(`${repoRoot}build/native/grasplab`, ['link', path], { encoding: 'utf8' }).stdout.trim();
      await loadScene(page, 'assets/scenes/falling-sphere.json');
      await page.evaluate((h) => { location.hash = h; }, link.slice(link.indexOf('#')));
      await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: `${f} from its link` });
      await page.evaluate(() => window.grasplab.runSteps(400));
      const s = await waitForState(page, (st) => st.steps === 400, { what: `${f}: 400 steps`, timeout: 60000 });
      assert.equal(s.stateHash, runNative([link, '--steps', '400']).stateHash, f);
      assert.equal(s.stateHash, runNative([path, '--steps', '400']).stateHash, f);
    }
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('editing a parameter restarts the scene and updates the link, which the CLI replays exactly', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const scene = 'assets/scenes/three-finger-sphere.json';
    await loadScene(page, scene);
    await page.evaluate(() => window.grasplab.params());
    await page.waitForSelector('#params:not([hidden])');
    await page.selectOption('#params select[name=frictionEdges]', '4');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the edited scene' });
    const hash = await page.evaluate(() => location.hash);
    const { decodeLink } = await import('../../web/src/link.js');
    assert.equal(JSON.parse(decodeLink(hash).text).solver.frictionEdges, 4);
    await page.evaluate(() => window.grasplab.runSteps(400));
    const s = await waitForState(page, (st) => st.steps === 400, { what: '400 steps', timeout: 60000 });
    assert.equal(s.stateHash, runNative([`http://x/${hash}`, '--steps', '400']).stateHash);
    assert.notEqual(s.stateHash, runNative([`${repoRoot}${scene}`, '--steps', '400']).stateHash);
    console.log(`screenshot: ${await session.screenshot('parameters.png')}`);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('the contact slop field edits contact.slop in the link, and the CLI replays it exactly', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const scene = 'assets/scenes/box-stacks.json';
    await loadScene(page, scene);
    await page.evaluate(() => window.grasplab.params());
    await page.waitForSelector('#params:not([hidden])');
    assert.equal(await page.inputValue('#params input[name=contactSlop]'), '0');
    await page.fill('#params input[name=contactSlop]', '0.00001');
    await page.dispatchEvent('#params input[name=contactSlop]', 'change');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the edited scene' });
    const hash = await page.evaluate(() => location.hash);
    const { decodeLink } = await import('../../web/src/link.js');
    assert.equal(JSON.parse(decodeLink(hash).text).contact.slop, 1e-5);
    await page.evaluate(() => window.grasplab.runSteps(200));
    const s = await waitForState(page, (st) => st.steps === 200, { what: '200 steps', timeout: 60000 });
    assert.equal(s.stateHash, runNative([`http://x/${hash}`, '--steps', '200']).stateHash);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('the soft contact and substeps fields edit solver.contactHertz, contactDampingRatio and substeps in the link; the ball rests g / omega^2 deep, and the CLI replays it exactly', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    await loadScene(page, 'assets/scenes/falling-sphere.json');
    await page.evaluate(() => window.grasplab.params());
    await page.waitForSelector('#params:not([hidden])');
    assert.equal(await page.inputValue('#params input[name=contactHertz]'), '0');
    assert.equal(await page.inputValue('#params input[name=contactDampingRatio]'), '10');
    assert.equal(await page.inputValue('#params input[name=substeps]'), '1');
    await page.selectOption('#params select[name=type]', 'pgs');  // a change: the scene reloads as a link
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the scene under pgs' });
    await page.evaluate(() => window.grasplab.params());
    await page.waitForSelector('#params:not([hidden])');
    assert.equal(await page.inputValue('#params select[name=type]'), 'pgs');
    await page.fill('#params input[name=contactDampingRatio]', '1');
    await page.fill('#params input[name=substeps]', '4');
    await page.fill('#params input[name=contactHertz]', '30');
    await page.dispatchEvent('#params input[name=contactHertz]', 'change');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the edited scene' });
    const hash = await page.evaluate(() => location.hash);
    const { decodeLink } = await import('../../web/src/link.js');
    const solver = JSON.parse(decodeLink(hash).text).solver;
    assert.equal(solver.type, 'pgs');
    assert.equal(solver.contactHertz, 30);
    assert.equal(solver.contactDampingRatio, 1);
    assert.equal(solver.substeps, 4);
    await page.evaluate(() => window.grasplab.runSteps(1200));
    const s = await waitForState(page, (st) => st.steps === 1200, { what: '1200 steps', timeout: 60000 });
    // Dropped from 0.5 m, the 5 cm ball comes to rest on the spring
    // k = m omega^2: g / omega^2 = 0.276 mm below its resting gap (half the
    // 0.1 mm threshold), to 1e-5, in substeps as in one solve
    // (tests/core/solvers/soft_contact_test.cc, pgs_substeps_test.cc).
    const omega = 2 * Math.PI * 30;
    const sink = 0.05 + 0.5e-4 - s.bodies.find((b) => b.name === 'sphere').position[2];
    assert.ok(Math.abs(sink / (9.81 / omega ** 2) - 1) < 1e-5, `sinks ${sink} m`);
    assert.equal(s.stateHash, runNative([`http://x/${hash}`, '--steps', '1200']).stateHash);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('a scene too big for a link offers its file; a file opened from the picker loads', async () => {
  const session = await openPage({ hash: '' });  // no link in the address bar to begin with
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    // 600 bodies at irregular positions (17-digit numbers): over 8 KB compressed.
    const bodies = [{ name: 'ground', static: true, shape: { type: 'plane' } }];
    for (let k = 0; k < 600; ++k) {
      bodies.push({ name: `b${k}`, mass: 0.1 + (k % 7) * 0.013, shape: { type: 'sphere', radius: 0.01 + (k % 5) * 0.0017 },
        position: [Math.sin(k * 1.7) * 2, Math.cos(k * 2.3) * 2, 0.05 + (k % 13) * 0.031] });
    }
    const big = JSON.stringify({ format: 'grasplab-scene', version: 1, name: 'big', bodies });
    await page.evaluate((t) => window.grasplab.loadText(t, 'big.json'), big);
    await waitForState(page, (s) => s.scene === 'big.json', { what: 'the big scene' });
    const url = await page.evaluate(() => window.grasplab.share());
    assert.ok(url.length > 8192, `${url.length}`);
    assert.match(await page.textContent('#share-note'), /too long for a link \(\d+\.\d KB > 8 KB\): share the file/);
    assert.ok(await page.isVisible('#share-download'));
    assert.equal(await page.evaluate(() => location.hash), '');  // the address bar is not given a broken link
    // Open a scene file through the file picker (after a light scene: software
    // rendering of 600 bodies slows every page action).
    await loadScene(page, 'assets/scenes/falling-sphere.json');
    await page.setInputFiles('#open-file', `${repoRoot}assets/scenes/falling-sphere.json`);
    const s = await waitForState(page, (st) => st.scene === 'falling-sphere.json', { what: 'the opened file' });
    assert.equal(s.bodies.length, 2);
    // An old link to a scene once compiled into the module opens the bundled file of that name.
    await page.evaluate(() => { location.hash = '#builtin=shapes'; });
    const shapes = await waitForState(page, (st) => st.scene === 'assets/scenes/shapes.json', { what: '#builtin=shapes' });
    assert.deepEqual(shapes.bodies.map((b) => b.name), ['ground', 'box', 'sphere', 'capsule', 'cylinder', 'gem']);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('a link to a bundled scene that does not exist says so by name and opens the default scene instead of a blank page', async () => {
  const session = await openPage({ hash: '#builtin=nosuch' });
  const { page } = session;
  try {
    const s = await waitForState(page, (st) => st.ready && st.scene === 'assets/scenes/barrett-handset.json', { what: 'the default scene' });
    assert.equal(s.errors[0], 'scene assets/scenes/nosuch.json: no such file on the server (HTTP 404)');
    assert.equal(s.errors[1], 'opening assets/scenes/barrett-handset.json instead');
  } finally {
    await session.close();
  }
});
