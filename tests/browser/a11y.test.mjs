// Accessibility audit (axe-core, from npm) of the page at a desktop and a
// phone width, on the opening (the handset grasping, the lesson list) and
// on a lesson with its controls: no violation of impact "serious" or
// "critical". Every violation found is printed, whatever its impact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, waitForState } from './browser.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function audit(page, what) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  for (const v of result) console.log(`${what}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.join('; ')})`);
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`no serious accessibility violation at ${width}x${height}: the opening and a lesson`, async () => {
    const session = await openPage({ width, height, hash: '' });
    const { page } = session;
    try {
      await waitForState(page, (s) => s.ready && s.scene === 'assets/scenes/barrett-handset.json', { what: 'the opening' });
      await page.waitForSelector('#lesson-panel .lesson-list');
      assert.deepEqual(await audit(page, `opening ${width}`), []);
      await page.evaluate(() => { location.hash = '#lesson=friction-cone&step=3'; });
      await waitForState(page, (s) => s.scene === 'assets/lessons/scenes/tilting-plane.json', { what: 'the lesson' });
      await page.waitForSelector('#lesson-answer');
      assert.deepEqual(await audit(page, `lesson ${width}`), []);
      // Every panel open: the control sections, the wrench space, the diagnostics, the parameters, the help.
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) { d.hidden = false; d.open = true; }
        window.grasplab.params();
      });
      await page.waitForSelector('#params:not([hidden])');
      await page.evaluate(() => window.grasplab.runSteps(50));
      await waitForState(page, (s) => s.steps >= 50, { what: '50 steps' });
      assert.deepEqual(await audit(page, `panels open ${width}`), []);
      await page.click('#help-toggle');
      await page.waitForSelector('#help:not([hidden])');
      assert.deepEqual(await audit(page, `help ${width}`), []);
    } finally {
      await session.close();
    }
  });
}

test('the keyboard reaches and operates the toolbar; grasp changes and lesson steps are announced', async () => {
  const session = await openPage({ hash: '#builtin=barrett-handset' });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready && s.scene === 'assets/scenes/barrett-handset.json', { what: 'the handset' });
    await page.focus('#scene-picker');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'play');
    await page.keyboard.press('Enter');
    await waitForState(page, (s) => s.running, { what: 'Enter on Play' });
    await page.keyboard.press('Tab');  // Step is disabled while running: Tab skips it
    assert.equal(await page.evaluate(() => document.activeElement.id), 'reset');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'play');
    await page.keyboard.press('Space');
    await waitForState(page, (s) => !s.running, { what: 'Space on Pause' });
    // The scene's dynamic auto-grasp reaches force closure by 1.1 s: said once, in words.
    // From a reset, so that how long Play ran on a loaded machine does not
    // decide when (and with how many contacts) closure was first announced.
    await page.evaluate(() => window.grasplab.reset());
    await waitForState(page, (s) => s.steps === 0 && !s.running, { what: 'the reset' });
    await page.evaluate(() => window.grasplab.runSteps(800));
    await waitForState(page, (s) => s.steps >= 800 && s.grasp && s.grasp.forceClosure, { what: 'closure' });
    await page.waitForFunction(() => /^force closure reached, epsilon 0\.03\d, 5 contacts$/.test(window.grasplab.announced()));
    await page.evaluate(() => { location.hash = '#lesson=two-finger-pinch&step=2'; });
    await page.waitForFunction(() => window.grasplab.announced() === 'Two fingers pinch, step 2 of 3: Slide μ down' ||
      /^scene loaded/.test(window.grasplab.announced()));
    await page.click('#lesson-next');
    assert.equal(await page.evaluate(() => window.grasplab.announced()), 'Two fingers pinch, step 3 of 3: The critical μ');
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

// The Teleoperate card (teleop_panel.js), off and on: at a phone width its
// gauges and buttons dock over the scene while on.
for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`no serious accessibility violation at ${width}x${height}: the Teleoperate card off and on`, async () => {
    const session = await openPage({ width, height, hash: '#builtin=teleop-bunny' });
    const { page } = session;
    try {
      await waitForState(page, (s) => s.ready && s.teleop && s.teleop.available, { what: 'teleop-bunny' });
      if (width < 760) await page.click('#drawer-toggle');
      await page.evaluate(() => { for (const d of document.querySelectorAll('#teleop-panel details')) d.open = true; });
      assert.deepEqual(await audit(page, `teleop off ${width}`), []);
      await page.evaluate(() => window.grasplab.teleop(true));
      await waitForState(page, (s) => s.teleop.on && s.steps > 10, { what: 'teleoperating' });
      assert.deepEqual(await audit(page, `teleop on ${width}`), []);
    } finally {
      await session.close();
    }
  });
}
