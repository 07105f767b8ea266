// Record and replay in the page: the recording is the CLI's --out output,
// line for line; scrubbing shows a recorded frame; the view exports a PNG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadScene, openPage, waitForState } from './browser.mjs';
import { repoRoot } from '../wasm/load_module.mjs';

test('a recording equals grasplab run --out, and scrubbing shows its frames', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const scene = 'assets/scenes/barrett-handset.json';
    await loadScene(page, scene);
    await page.evaluate(() => window.grasplab.record(true));
    await waitForState(page, (s) => s.recording && s.recording.on, { what: 'recording on' });
    // every = round((1/60 s) / 2.5 ms) = 7 steps; 399 = 57 x 7.
    await page.evaluate(() => window.grasplab.runSteps(399));
    await waitForState(page, (s) => s.steps === 399, { what: '399 steps', timeout: 60000 });
    await page.evaluate(() => window.grasplab.record(false));
    const s = await waitForState(page, (st) => st.recording && !st.recording.on, { what: 'recording off' });
    assert.equal(s.recording.every, 7);
    assert.equal(s.recording.frames, 58);
    const jsonl = await page.evaluate(() => window.grasplab.exportRecording());
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-')), 'run.jsonl');
    const r = spawnSync(`${repoRoot}build/native/grasplab`,
      ['run', `${repoRoot}${scene}`, '--steps', '399', '--every', '7', '--out', out], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(jsonl, fs.readFileSync(out, 'utf8'));  // byte for byte
    // Scrub to frame 10 (step 70).
    await page.evaluate(() => window.grasplab.showRecorded(10));
    const shown = await waitForState(page, (st) => st.replay && st.replay.index === 10, { what: 'frame 10' });
    assert.equal(shown.replay.step, 70);
    assert.ok(await page.isVisible('#timeline-panel'));
    const png = await page.evaluate(() => window.grasplab.png());
    assert.ok(png.startsWith('data:image/png;base64,') && png.length > 10000, `${png.length}`);
    console.log(`screenshot: ${await session.screenshot('recording.png')}`);
    assert.deepEqual(shown.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
