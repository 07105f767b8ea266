// Peer benchmark (not run by the project's two commands): grasp_wasm.mjs's
// comparison in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): grasplab's WASM module and mujoco-js in one page, on
// the scenes and replays that mujoco_grasp wrote to DIR.
//
//   node tests/bench/peers/grasp_browser.mjs DIR SCENE.json...
//
// Serves the repository (and DIR as /replay/) on a loopback port for the
// page. Prints one JSON object (grasp_wasm_core.mjs).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../wasm/load_module.mjs';

const [replayDir, ...scenes] = process.argv.slice(2);
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json', '.xml': 'text/xml', '.urdf': 'text/xml', '.obj': 'text/plain', '.stl': 'application/octet-stream' };
const page = `<!doctype html><meta charset="utf-8"><title>grasp benchmark</title><script type="module">
import createGrasplab from '/build/wasm/grasplab_wasm.mjs';
import loadMujoco from '/tests/bench/peers/node_modules/mujoco-js/dist/mujoco_wasm.js';
import { runGraspBenchmark } from '/tests/bench/peers/grasp_wasm_core.mjs';
const files = async (p) => {
  const r = await fetch(p.startsWith('/') ? p : '/' + p);
  if (!r.ok) throw new Error(p + ': HTTP ' + r.status);
  return new Uint8Array(await r.arrayBuffer());
};
try {
  window.result = await runGraspBenchmark({ Module: await createGrasplab(), mujoco: await loadMujoco(), files,
    replayDir: '/replay', scenes: ${JSON.stringify(scenes)}, now: () => performance.now(),
    formulation: ${JSON.stringify(process.env.GRASPLAB_FORMULATION ?? '')} || undefined });
} catch (e) { window.result = { error: String(e && e.stack || e) }; }
</script>`;
const server = http.createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (url === '/') return res.end(page);
  const file = url.startsWith('/replay/') ? path.join(replayDir, url.slice(8)) : path.join(repoRoot, url);
  if (!file.startsWith(url.startsWith('/replay/') ? path.resolve(replayDir) : repoRoot) || !fs.existsSync(file)) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  await tab.waitForFunction(() => window.result !== undefined, null, { timeout: 600_000 });
  const result = await tab.evaluate(() => window.result);
  if (result.error) throw new Error(result.error);
  result.browser = browser.version();
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  server.close();
}
