// The page under a long run (issue 22): a grasp scene played at 1x in
// headless Chromium for MINUTES (default 10), reset and replayed every 20 s
// (so its actions, the auto-grasp, lift and shake, run again and every reset
// builds a new simulation), with memory sampled every 15 s: the worker's
// WASM linear memory, the page's JS heap (CDP Performance.getMetrics), and
// the resident memory of all of this Chromium's processes (/proc). Prints the
// samples and the growth from the end of the first minute to the end, the
// rows of docs/benchmarks.md. Not a test: it takes minutes.
//
//   node scripts/soak-web.mjs [MINUTES] [SCENE]   (after scripts/build.sh)
import fs from 'node:fs';
import { execSync } from 'node:child_process';
import { openPage, waitForState } from '../tests/browser/browser.mjs';

const minutes = Number(process.argv[2] ?? 10);
const scene = process.argv[3] ?? 'assets/scenes/barrett-handset.json';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const root = new URL('../', import.meta.url).pathname;
const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();

// Resident memory (KiB) of every process whose command line names dir, in
// all and by Chromium process type (browser, renderer, gpu-process, ...).
function chromiumRssKiB(dir) {
  let total = 0;
  const byType = {};
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes(dir)) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!m) continue;
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
      total += Number(m[1]);
      byType[type] = (byType[type] ?? 0) + Number(m[1]);
    } catch { /* the process ended */ }
  }
  return { total, byType };
}

const session = await openPage({ width: 1280, height: 800 });
const { page } = session;
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const userDir = execSync(`ls -d /tmp/grasplab-chromium-* | tail -1`).toString().trim();
try {
  await waitForState(page, (s) => s.ready, { what: 'the first frame' });
  await page.evaluate((n) => window.grasplab.load(n), scene);
  await waitForState(page, (s) => s.scene === scene && s.steps === 0, { what: scene });
  await page.evaluate(() => window.grasplab.play());
  const start = Date.now();
  let nextReset = start + 20000, nextSample = start;
  const samples = [];
  while (Date.now() - start < minutes * 60000) {
    if (Date.now() >= nextReset) {
      await page.evaluate(() => { window.grasplab.reset(); window.grasplab.play(); });
      nextReset += 20000;
    }
    if (Date.now() >= nextSample) {
      const s = await page.evaluate(() => window.grasplab.state());
      const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      samples.push({ t: (Date.now() - start) / 1000, sim: s.time, loads: s.loads, wasm: s.memory?.wasm ?? -1,
        jsHeap: metrics.JSHeapUsedSize, ...(({ total, byType }) => ({ rss: total, byType }))(chromiumRssKiB(userDir)),
        errors: s.errors.length });
      const x = samples.at(-1);
      console.log(`t ${x.t.toFixed(0).padStart(4)} s  sim ${x.sim.toFixed(2).padStart(6)} s  loads ${String(x.loads).padStart(3)}  ` +
        `wasm ${(x.wasm / 1048576).toFixed(1)} MiB  page JS heap ${(x.jsHeap / 1048576).toFixed(1)} MiB  ` +
        `Chromium RSS ${(x.rss / 1024).toFixed(0)} MiB (${Object.entries(x.byType).map(([k, v]) => `${k} ${(v / 1024).toFixed(0)}`).join(', ')})  errors ${x.errors}`);
      nextSample += 15000;
    }
    await sleep(500);
  }
  const after1 = samples.find((x) => x.t >= 60) ?? samples[0], last = samples.at(-1);
  const mib = (b) => (b / 1048576).toFixed(1);
  console.log(`\n${scene}, ${minutes} min at 1x, reset every 20 s, commit ${commit}, ${execSync('/usr/bin/chromium --version').toString().trim()}`);
  console.log(`| from ${after1.t.toFixed(0)} s to ${last.t.toFixed(0)} s | WASM memory ${mib(after1.wasm)} -> ${mib(last.wasm)} MiB ` +
    `| page JS heap ${mib(after1.jsHeap)} -> ${mib(last.jsHeap)} MiB (min ${mib(Math.min(...samples.filter((x) => x.t >= 60).map((x) => x.jsHeap)))}, ` +
    `max ${mib(Math.max(...samples.filter((x) => x.t >= 60).map((x) => x.jsHeap)))}) ` +
    `| Chromium RSS ${(after1.rss / 1024).toFixed(0)} -> ${(last.rss / 1024).toFixed(0)} MiB | ${last.loads} loads, ${last.errors} errors |`);
} finally {
  await session.close();
}
