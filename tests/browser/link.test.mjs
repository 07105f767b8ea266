// Share links in the page: a CLI link opens the scene and replays it bit for
// bit; the page's Share link runs the same in the CLI; a damaged link is
// reported and the page keeps its scene.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { openPage, waitForState } from './browser.mjs';
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
      await page.evaluate(() => window.grasplab.load('falling-sphere'));
      await waitForState(page, (s) => s.scene === 'falling-sphere' && s.steps === 0, { what: 'a reset' });
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
    await page.evaluate((n) => window.grasplab.load(n), scene);
    await waitForState(page, (s) => s.scene === scene && s.steps === 0, { what: 'the scene' });
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
