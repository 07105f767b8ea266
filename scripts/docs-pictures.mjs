// Pictures for docs/grasping.md and docs/web.md, taken from the page in headless Chromium:
//   node scripts/docs-pictures.mjs      (after scripts/build.sh)
import fs from 'node:fs';
import { openPage, waitForState } from '../tests/browser/browser.mjs';
const out = new URL('../docs/images/', import.meta.url).pathname;
const session = await openPage({ width: 1400, height: 860 });
const { page } = session;
await waitForState(page, (s) => s.ready, { what: 'first frame' });
const scene = 'assets/scenes/barrett-handset.json';
await page.evaluate((n) => window.grasplab.load(n), scene);
await waitForState(page, (s) => s.scene === scene && s.steps === 0, { what: 'loaded' });
await page.evaluate(() => window.grasplab.lookAt([0.55, 0, 0.5], 0.45));
await new Promise((r) => setTimeout(r, 500));
await page.screenshot({ path: out + 'handset-start.png' });
await page.evaluate(() => window.grasplab.action('autograsp-static', 'hand', 1));
let s = await waitForState(page, (st) => st.grasp && st.grasp.contacts > 0, { what: 'static grasp' });
await new Promise((r) => setTimeout(r, 500));
console.log('static', JSON.stringify(s.grasp));
await page.screenshot({ path: out + 'handset-static-grasp.png' });
await page.evaluate((n) => window.grasplab.load(n), scene);
// The static grasp left steps and time at 0 too: wait for the fingers to be open again.
await waitForState(page, (st) => st.steps === 0 && st.grasp && st.grasp.contacts === 0, { what: 'reloaded' });
await page.evaluate(() => window.grasplab.runSteps(1200));
s = await waitForState(page, (st) => st.steps === 1200, { what: '3 s', timeout: 60000 });
console.log('dynamic', JSON.stringify(s.grasp), s.stateHash);
await page.evaluate(() => window.grasplab.lookAt([0.55, 0, 0.5], 0.45));
await new Promise((r) => setTimeout(r, 500));
await page.screenshot({ path: out + 'handset-dynamic-grasp.png' });
// docs/web.md: the page as a new user sees it after pressing Auto-grasp.
await page.selectOption('#scene-picker', scene);
await waitForState(page, (st) => st.steps === 0 && st.time === 0, { what: 'reloaded' });
await page.click('#grasp-actions button[data-action=autograsp]');
s = await waitForState(page, (st) => st.grasp && st.grasp.forceClosure && st.time > 1.2, { what: 'closure', timeout: 120000 });
await page.click('#play');
await waitForState(page, (st) => !st.running, { what: 'pause' });
await new Promise((r) => setTimeout(r, 500));
await page.screenshot({ path: out + 'page-handset.png' });
// docs/contact-models.md: the parallel jaw lifting the cube under the penalty model.
const penalty = JSON.parse(fs.readFileSync(new URL('../assets/scenes/parallel-jaw-cube.json', import.meta.url), 'utf8'));
penalty.solver = { ...penalty.solver, type: 'penalty' };
await page.evaluate((t) => window.grasplab.loadText(t, 'parallel-jaw-cube (penalty)'), JSON.stringify(penalty));
await waitForState(page, (st) => st.scene === 'parallel-jaw-cube (penalty)' && st.steps === 0, { what: 'penalty loaded' });
const t0 = Date.now();
await page.evaluate(() => window.grasplab.runSteps(880));
s = await waitForState(page, (st) => st.steps >= 880, { what: 'penalty 2.2 s', timeout: 300000 });
console.log('penalty: 2.2 s simulated in', (Date.now() - t0) / 1000, 's');
await page.evaluate(() => window.grasplab.lookAt([0, 0, 0.13], 0.35));
await new Promise((r) => setTimeout(r, 800));
await page.screenshot({ path: out + 'page-penalty.png' });
console.log(session.consoleErrors, s.errors);
await session.close();
