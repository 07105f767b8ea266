// The page under faults (issue 22): when the WASM module traps, the page
// shows the error, keeps what it showed, starts a new worker on the last
// good scene, and that scene then runs and resets as before: the same
// steps from a reset end on the same state hash as before the fault.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, waitForState } from './browser.mjs';

test('a trap of the WASM module: error shown, last good scene reopened in a new worker, runs and resets bit for bit', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const scene = 'assets/scenes/three-finger-sphere.json';
    await page.evaluate((n) => window.grasplab.load(n), scene);
    let s = await waitForState(page, (st) => st.scene === scene && st.steps === 0, { what: 'the scene' });
    const loads = s.loads;
    await page.evaluate(() => window.grasplab.runSteps(300));
    s = await waitForState(page, (st) => st.steps === 300, { what: '300 steps' });
    const hash300 = s.stateHash;
    // A bad scene is refused and the good one kept: the last good scene is
    // still three-finger-sphere when the module traps next.
    await page.evaluate(() => window.grasplab.loadText('{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "b", "mass": -1}]}', 'bad'));
    await waitForState(page, (st) => st.errors.some((e) => e.includes('bodies[0].shape')), { what: 'the bad scene refused' });
    assert.equal((await page.evaluate(() => window.grasplab.state())).scene, scene);

    await page.evaluate(() => window.grasplab.injectFault());
    s = await waitForState(page, (st) => st.restarts === 1 && st.loads === loads + 1 && st.steps === 0,
      { what: 'the new worker on the last good scene', timeout: 60000 });
    assert.equal(s.scene, scene);
    assert.ok(s.errors.some((e) => /WASM module: unreachable executed .*restarted from the last good scene \(assets\/scenes\/three-finger-sphere\.json\)/.test(e)),
      JSON.stringify(s.errors));
    assert.equal(await page.isVisible('#errors'), true);

    // The reopened scene runs, bit for bit as before the fault; reset works.
    await page.evaluate(() => window.grasplab.runSteps(300));
    s = await waitForState(page, (st) => st.steps === 300, { what: '300 steps after the restart' });
    assert.equal(s.stateHash, hash300);
    await page.evaluate(() => window.grasplab.reset());
    s = await waitForState(page, (st) => st.steps === 0 && st.loads === loads + 2, { what: 'reset' });
    await page.evaluate(() => window.grasplab.runSteps(300));
    s = await waitForState(page, (st) => st.steps === 300, { what: '300 steps after the reset' });
    assert.equal(s.stateHash, hash300);
    assert.equal(s.restarts, 1);
    console.log(`screenshot: ${await session.screenshot('fault-restarted.png')}`);
  } finally {
    await session.close();
  }
});
