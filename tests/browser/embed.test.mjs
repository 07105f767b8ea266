// The <grasplab-scene> element (web/src/grasplab_scene.js) on the example
// page (web/embed/example.html): two scenes run side by side, each in its
// own worker, to the same hashes as the CLI; the host page's hostile styles
// do not reach them; a bad src shows its message inside the element; an
// element scrolled away pauses; a removed element ends its worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './browser.mjs';
import { runNative, repoRoot } from '../wasm/load_module.mjs';

const element = (page, id) => page.evaluate((i) => document.getElementById(i).state, id);
async function waitFor(page, id, pred, what, timeout = 60000) {
  const t0 = Date.now();
  let s;
  while (Date.now() - t0 < timeout) {
    s = await element(page, id);
    if (pred(s)) return s;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${id}: ${what}; last state ${JSON.stringify(s)}`);
}

test('two embedded scenes run in their own workers to the CLI\'s hashes; a bad src says why; removing one ends its worker', async () => {
  const session = await openPage({ path: 'embed/example.html', hash: '', width: 1280, height: 900 });
  const { page } = session;
  try {
    // The handset plays by itself; the jaw waits for Play.
    await waitFor(page, 'handset', (s) => s.ready && s.running, 'the handset playing');
    const jaw = await waitFor(page, 'jaw', (s) => s.ready, 'the jaw loaded');
    assert.equal(jaw.running, false);
    assert.equal(jaw.scene, 'assets/scenes/parallel-jaw-cube.json');
    // Three page workers: the two elements' and the lesson frame's (its own page).
    await page.waitForFunction(() => document.getElementById('lesson').contentWindow?.grasplab?.state().ready === true, null, { timeout: 60000 });
    // Both reach the CLI's state after the same steps: pause, reset, run 400 steps each.
    for (const id of ['handset', 'jaw']) {
      await page.evaluate((i) => { const e = document.getElementById(i); e.pause(); e.reset(); }, id);
      await waitFor(page, id, (s) => s.steps === 0 && !s.running, 'reset');
      await page.evaluate((i) => document.getElementById(i).send('run', { steps: 400 }), id);
    }
    const h = await waitFor(page, 'handset', (s) => s.steps === 400, '400 steps');
    const j = await waitFor(page, 'jaw', (s) => s.steps === 400, '400 steps');
    assert.equal(h.stateHash, runNative([`${repoRoot}assets/scenes/barrett-handset.json`, '--steps', '400']).stateHash);
    assert.equal(j.stateHash, runNative([`${repoRoot}assets/scenes/parallel-jaw-cube.json`, '--steps', '400']).stateHash);
    // The host page's button and canvas styles stop at the shadow roots.
    const look = await page.evaluate(() => {
      const el = document.getElementById('handset');
      const b = el.shadowRoot.querySelector('button');
      const c = el.shadowRoot.querySelector('canvas');
      return { color: getComputedStyle(b).color, size: getComputedStyle(b).fontSize, border: getComputedStyle(c).borderStyle,
        label: el.getAttribute('aria-label'), role: el.getAttribute('role'), tab: el.tabIndex };
    });
    assert.deepEqual(look, { color: 'rgb(29, 35, 42)', size: '13px', border: 'none',
      label: 'Barrett hand grasping a phone handset', role: 'region', tab: 0 });
    // Keyboard: Space on the focused element plays it.
    await page.focus('#jaw');
    await page.keyboard.press('Space');
    await waitFor(page, 'jaw', (s) => s.running, 'the jaw playing after Space');
    // The bad src: a message inside its element, nothing thrown at the page.
    const bad = await waitFor(page, 'bad', (s) => s.error !== null, 'the error');
    assert.equal(bad.error, 'no-such-scene.json: no such file (HTTP 404)');
    assert.match(await page.evaluate(() => document.getElementById('bad').shadowRoot.querySelector('.error').textContent),
      /cannot be shown\.\nno-such-scene\.json: no such file/);
    console.log(`screenshot: ${await session.screenshot('embed-example.png')}`);
    // Removing the jaw ends its worker (Playwright sees it close) and frees its view.
    const workersBefore = page.workers().length;
    const closed = new Promise((resolve) => { for (const w of page.workers()) w.on('close', () => resolve(w.url())); });
    await page.evaluate(() => document.getElementById('jaw').remove());
    await closed;
    assert.equal(page.workers().length, workersBefore - 1);
    const gone = await page.evaluate(() => { const e = document.querySelector('#jaw'); return e; });
    assert.equal(gone, null);
    // The handset goes on.
    const t0 = (await element(page, 'handset')).time;
    await page.evaluate(() => document.getElementById('handset').play());
    await waitFor(page, 'handset', (s) => s.time > t0 + 0.2, 'the handset still running');
    assert.deepEqual(session.consoleErrors.filter((e) => !/404/.test(e)), []);  // the bad src's fetch logs its 404
  } finally {
    await session.close();
  }
});

test('an element scrolled out of view pauses, and plays on when back', async () => {
  const session = await openPage({ path: 'embed/example.html', hash: '', width: 1280, height: 500 });
  const { page } = session;
  try {
    await waitFor(page, 'handset', (s) => s.ready && s.running, 'the handset playing');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const off = await waitFor(page, 'handset', (s) => !s.visible && !s.running, 'paused off-screen');
    await page.waitForTimeout(500);
    assert.equal((await element(page, 'handset')).time, off.time);  // it did not advance
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitFor(page, 'handset', (s) => s.visible && s.running && s.time > off.time, 'playing again');
  } finally {
    await session.close();
  }
});
