// The page at 360, 768, 1280 and 1920 px: no two visible panels overlap and
// each lies within the window (screenshots layout-*.png, looked at); on a
// phone (390x844, touch) the scene fills the screen, the panels open in a
// drawer, the help button can be tapped, one finger orbits and a long press
// drags a body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, waitForState } from './browser.mjs';

// The visible rectangles of the page's panels (cards clipped by their
// scrolling column), by name.
function panelRects(page) {
  return page.evaluate(() => {
    const out = [];
    // Shown: not hidden, displayed, and with an area (fixed elements have no offsetParent).
    const visible = (e) => {
      if (!e || e.hidden) return false;
      for (let x = e; x && x !== document.body; x = x.parentElement) {
        if (x.hidden || getComputedStyle(x).display === 'none') return false;
      }
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const rect = (e, clip) => {
      const r = e.getBoundingClientRect();
      const c = clip ? clip.getBoundingClientRect() : null;
      const x0 = c ? Math.max(r.left, c.left) : r.left, x1 = c ? Math.min(r.right, c.right) : r.right;
      const y0 = c ? Math.max(r.top, c.top) : r.top, y1 = c ? Math.min(r.bottom, c.bottom) : r.bottom;
      return { x0, x1, y0, y1 };
    };
    for (const id of ['toolbar', 'status', 'params', 'drawer']) {
      const e = document.getElementById(id);
      if (visible(e)) out.push({ name: id, ...rect(e) });
    }
    if (!document.body.classList.contains('narrow')) {
      const col = document.getElementById('left-column');
      for (const c of col.children) if (visible(c)) out.push({ name: c.id || c.className, ...rect(c, col) });
      for (const id of ['controls', 'plots']) {
        const e = document.getElementById(id);
        if (visible(e)) out.push({ name: id, ...rect(e) });
      }
    }
    return { rects: out.filter((r) => r.x1 > r.x0 && r.y1 > r.y0), width: innerWidth, height: innerHeight };
  });
}

function checkLayout({ rects, width, height }, what) {
  for (const r of rects) {
    assert.ok(r.x0 >= -0.5 && r.y0 >= -0.5 && r.x1 <= width + 0.5 && r.y1 <= height + 0.5,
      `${what}: ${r.name} leaves the window: ${JSON.stringify(r)}`);
  }
  for (let i = 0; i < rects.length; ++i) {
    for (let j = i + 1; j < rects.length; ++j) {
      const a = rects[i], b = rects[j];
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;
      assert.ok(!overlap, `${what}: ${a.name} overlaps ${b.name}: ${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
  }
}

for (const [width, height] of [[360, 740], [768, 1024], [1280, 800], [1920, 1080]]) {
  test(`no overlapping panels at ${width}x${height}, on a lesson with the wrench space and on the parameters`, async () => {
    const session = await openPage({ width, height, hash: '#lesson=dynamic-autograsp&step=3', touch: width < 760 });
    const { page } = session;
    try {
      await waitForState(page, (s) => s.ready && s.scene === 'assets/scenes/barrett-handset.json', { what: 'the lesson' });
      await page.evaluate(() => window.grasplab.runSteps(600));
      await waitForState(page, (s) => s.steps === 600, { what: '600 steps' });
      await page.waitForTimeout(300);
      const layout = await panelRects(page);
      if (width < 760) assert.ok(layout.rects.some((r) => r.name === 'drawer'), 'the lesson opens the drawer on a phone');
      checkLayout(layout, `${width}`);
      console.log(`screenshot: ${await session.screenshot(`layout-${width}.png`)}`);
      await page.evaluate(() => window.grasplab.params());
      await page.waitForSelector('#params:not([hidden])');
      if (width < 760) await page.click('#drawer-toggle');  // the drawer closes; the form stays
      checkLayout(await panelRects(page), `${width} with the parameters`);
      assert.deepEqual(session.consoleErrors, []);
    } finally {
      await session.close();
    }
  });
}

test('a phone: the scene fills the screen, help can be tapped, one finger orbits, a long press drags the ball', async () => {
  const session = await openPage({ width: 390, height: 844, touch: true, hash: '#builtin=falling-sphere' });
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the sphere' });
    // Closed drawer: only the toolbar and the status bar over the scene.
    const { rects } = await panelRects(page);
    assert.deepEqual(rects.map((r) => r.name).sort(), ['status', 'toolbar']);
    console.log(`screenshot: ${await session.screenshot('phone-390.png')}`);
    await page.tap('#help-toggle');
    await page.waitForSelector('#help:not([hidden])');
    await page.tap('#help-close');
    // One finger: the camera orbits.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const before = await page.evaluate(() => window.grasplab.cameraState().camera);
    await touch('touchStart', 100, 600);
    for (let k = 1; k <= 8; ++k) await touch('touchMove', 100 + 15 * k, 600);
    await touch('touchEnd');
    await page.waitForTimeout(300);
    const after = await page.evaluate(() => window.grasplab.cameraState().camera);
    assert.ok(Math.hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2]) > 0.05, `${before} -> ${after}`);
    // A long press on the ball grabs it; moving up pulls it up.
    const [bx, by] = await page.evaluate(() => window.grasplab.clientPosition('sphere'));
    await touch('touchStart', bx, by);
    await page.waitForTimeout(700);
    await touch('touchMove', bx, by - 40);
    await page.evaluate(() => window.grasplab.step());
    const s = await waitForState(page, (st) => st.drag !== null, { what: 'the long-press drag' });
    assert.equal(s.drag.body, 'sphere');
    await touch('touchEnd');
    await waitForState(page, (st) => st.drag === null, { what: 'the release' });
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
