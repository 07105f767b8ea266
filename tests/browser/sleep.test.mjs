// Sleeping islands in the page (issue 19): the box stacks fall asleep, the
// diagnostics count them, and the page draws sleeping bodies dimmer; a
// mouse drag wakes one stack, drawn awake again. Desktop and phone widths,
// with screenshots in test-artifacts/ to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadScene, openPage, waitForState } from './browser.mjs';

async function stacksAsleep(session, name) {
  const { page } = session;
  await waitForState(page, (s) => s.ready, { what: 'the first frame' });
  await loadScene(page, 'assets/scenes/box-stacks.json');
  // Closer, so the colours can be compared: awake at t = 0, asleep at 1 s.
  const box = page.viewportSize();
  await page.mouse.move(box.width / 2, box.height / 2);
  for (let k = 0; k < 4; ++k) await page.mouse.wheel(0, -200);
  await new Promise((r) => setTimeout(r, 500));
  const awake = await waitForState(page, (s) => s.diagnostics, { what: 'the first frame of the stacks' });
  assert.equal(awake.diagnostics.bodiesDrawnAsleep, 0);
  console.log(`screenshot: ${await session.screenshot(`sleep-stacks-${name}-awake.png`)}`);
  await page.evaluate(() => window.grasplab.runSteps(400));  // 1 s: asleep after ~0.6 s
  return waitForState(page, (s) => s.steps === 400 && s.diagnostics, { what: '400 steps of the stacks', timeout: 60000 });
}

test('box stacks fall asleep, are drawn dimmer, and a mouse drag wakes one stack', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    const asleep = await stacksAsleep(session, 'desktop');
    assert.equal(asleep.diagnostics.sleepingBodies, 100);
    assert.equal(asleep.diagnostics.sleepingIslands, 25);
    assert.equal(asleep.diagnostics.awakeBodies, 0);
    assert.equal(asleep.diagnostics.bodiesDrawnAsleep, 100);
    console.log(`screenshot: ${await session.screenshot('sleep-stacks-desktop-asleep.png')}`);
    // Grab a top box and lift it: its stack wakes (4 bodies), the rest sleep on.
    await page.evaluate(() => window.grasplab.play());
    const [x, y] = await page.evaluate((n) => window.grasplab.clientPosition(n), 'box223');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 60, { steps: 10 });
    const held = await waitForState(page, (s) => s.drag !== null && s.time > asleep.time + 0.5,
      { what: 'dragging a box', timeout: 60000 });
    assert.equal(held.drag.body, 'box223');
    assert.ok(held.diagnostics.awakeBodies >= 1 && held.diagnostics.awakeBodies <= 8, `${held.diagnostics.awakeBodies} awake`);
    assert.equal(held.diagnostics.bodiesDrawnAsleep, held.diagnostics.sleepingBodies);
    assert.ok(held.diagnostics.sleepingBodies >= 92);
    console.log(`screenshot: ${await session.screenshot('sleep-stacks-drag.png')}`);
    await page.mouse.up();
    await waitForState(page, (s) => s.drag === null, { what: 'release' });
    await page.evaluate(() => window.grasplab.pause());
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('phone width: the stacks sleep and are drawn dimmer', async () => {
  const session = await openPage({ width: 390, height: 844, touch: true });
  const { page } = session;
  try {
    const asleep = await stacksAsleep(session, 'phone');
    assert.equal(asleep.diagnostics.sleepingBodies, 100);
    assert.equal(asleep.diagnostics.bodiesDrawnAsleep, 100);
    console.log(`screenshot: ${await session.screenshot('sleep-stacks-phone-asleep.png')}`);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('the Parameters form turns sleeping off and on; the edited scene runs accordingly', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await stacksAsleep(session, 'params');
    await page.click('#params-toggle');
    await page.waitForSelector('#params:not([hidden])');
    assert.equal(await page.isChecked('#params input[name=sleep]'), true);
    await page.uncheck('#params input[name=sleep]');
    await waitForState(page, (s) => s.scene === 'link' && s.steps === 0, { what: 'the scene with sleep off' });
    await page.evaluate(() => window.grasplab.runSteps(400));
    const off = await waitForState(page, (s) => s.steps === 400 && s.diagnostics, { what: '400 steps, sleep off', timeout: 120000 });
    assert.equal(off.diagnostics.sleepingBodies, 0);
    assert.equal(off.diagnostics.awakeBodies, 100);
    assert.equal(off.diagnostics.bodiesDrawnAsleep, 0);
    assert.deepEqual(off.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
