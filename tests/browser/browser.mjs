// Shared set-up for browser tests: serve build/web with scripts/serve.mjs and
// drive Debian's /usr/bin/chromium through playwright-core (Playwright cannot
// download browsers here). Screenshots go to test-artifacts/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const artifactsDir = new URL('../../test-artifacts/', import.meta.url);

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

// hash: the page's fragment; by default a paused falling sphere (the page's
// own opening plays the handset, which the tests that need it ask for with hash '').
// touch: a phone (touch events, mobile viewport). path: another page of the
// build than index.html (e.g. 'embed/example.html', with hash '').
export async function openPage({ width = 1280, height = 800, hash = '#builtin=falling-sphere', touch = false, path: page_ = '' } = {}) {
  const { server, url } = await startServer(new URL('../../build/web', import.meta.url).pathname);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grasplab-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width, height },
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = context.pages()[0] || (await context.newPage());
  const consoleErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto(url + page_ + hash);
  return {
    page,
    consoleErrors,
    async screenshot(name) {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const file = new URL(name, artifactsDir).pathname;
      await page.screenshot({ path: file });
      return file;
    },
    async close() {
      await context.close();
      server.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

// Polls window.grasplab.state() until pred(state) holds; returns that state.
export async function waitForState(page, pred, { timeout = 20000, what = 'state' } = {}) {
  const start = Date.now();
  let state;
  while (Date.now() - start < timeout) {
    state = await page.evaluate(() => window.grasplab && window.grasplab.state());
    if (state && pred(state)) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(state)}`);
}

// Loads a scene ('assets/scenes/NAME.json') and waits for
// its first frame; returns that state.
export async function loadScene(page, name) {
  const before = await page.evaluate(() => window.grasplab.state().loads);
  await page.evaluate((n) => window.grasplab.load(n), name);
  return waitForState(page, (s) => s.loads > before && s.scene === name && s.steps === 0, { what: `${name} loaded` });
}
