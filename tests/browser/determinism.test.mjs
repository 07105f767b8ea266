// Bit-identical replay in Chromium: after exactly 800 steps each scene in
// the menu (the files of assets/scenes/index.json, robots
// included) has the native CLI's state hash in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadScene, openPage, waitForState } from './browser.mjs';
import { repoRoot, runNative } from '../wasm/load_module.mjs';

test('the page and the native CLI agree bit for bit on every scene in the menu', async () => {
  const session = await openPage();
  const { page } = session;
  try {
    await waitForState(page, (s) => s.ready, { what: 'the first frame' });
    const names = await page.$$eval('#scene-picker option', (os) => os.map((o) => o.value));
    assert.ok(names.length >= 5, `scenes: ${names}`);
    for (const name of names) {
      await loadScene(page, name);
      await page.evaluate(() => window.grasplab.runSteps(800));
      const s = await waitForState(page, (st) => st.steps === 800, { what: `${name} after 800 steps`, timeout: 60000 });
      const native = runNative([...(name.startsWith('assets/') ? [repoRoot + name] : ['--scene', name]), '--steps', '800']);
      assert.equal(s.stateHash, native.stateHash, `${name}: page ${s.stateHash}, native ${native.stateHash}`);
    }
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
