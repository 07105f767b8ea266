// The page end to end: Play makes the sphere fall and rest at its radius
// height, read from window.grasplab.state() (not from pixels).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, waitForState } from './browser.mjs';

test('the sphere falls and rests on the ground after Play', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    const initial = await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    assert.equal(initial.scene, 'assets/scenes/falling-sphere.json');
    assert.equal(initial.running, false);
    const start = initial.bodies.find((b) => b.name === 'sphere');
    assert.deepEqual(start.position, [0, 0, 0.5]);

    await page.click('#play');
    const rested = await waitForState(page, (s) => s.time >= 2.0, { what: 't >= 2 s' });
    assert.equal(rested.running, true);
    const sphere = rested.bodies.find((b) => b.name === 'sphere');
    assert.ok(Math.abs(sphere.position[2] - 0.05) < 1e-4, `resting height ${sphere.position[2]}`);
    assert.equal(rested.contactCount, 1);
    assert.deepEqual(rested.errors, []);

    await page.click('#play');  // pause
    const paused = await waitForState(page, (s) => !s.running, { what: 'pause' });
    const file = await session.screenshot('skeleton-rested.png');
    console.log(`screenshot: ${file} (t = ${paused.time.toFixed(3)} s)`);

    await page.click('#reset');
    const reset = await waitForState(page, (s) => s.time === 0, { what: 'reset' });
    assert.deepEqual(reset.bodies.find((b) => b.name === 'sphere').position, [0, 0, 0.5]);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
