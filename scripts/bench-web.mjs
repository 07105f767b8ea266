// The page's budgets (issue 7), measured in headless Chromium on this machine
// and printed as the Markdown rows of docs/benchmarks.md. Not a test: speed
// is measured, never asserted.
//
//   node scripts/bench-web.mjs [low|high]   (after scripts/build.sh; about 1 minute; the
//                                           argument overrides the page's quality detection)
//
// 1. First frame: ms from navigation to the first rendered frame with the
//    scene's bodies (window.grasplab.renderStats().firstFrameMs), 3 fresh loads.
// 2. Download size: the WASM module and the page's script, raw and gzip -9.
// 3. The Barrett-like hand grasping the handset at 1x: the measured real-time
//    factor and the render frame interval while the grasp forms and holds
//    (10 s of wall time), then steps per second at "max" speed (5 s).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execSync } from 'node:child_process';
import { openPage, waitForState } from '../tests/browser/browser.mjs';

const root = new URL('../', import.meta.url).pathname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };

const rows = [];
const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
const chromium = execSync('/usr/bin/chromium --version').toString().trim();

// 1. First frame.
const first = [];
const hash = process.argv[2] ? `?quality=${process.argv[2]}` : '';  // low | high: override the detection
for (let k = 0; k < 3; ++k) {
  const session = await openPage({ width: 1280, height: 800, hash });
  try {
    await waitForState(session.page, (s) => s.ready, { what: 'the first frame' });
    let stats;
    for (let i = 0; i < 50 && !(stats && stats.firstFrameMs); ++i) {
      stats = await session.page.evaluate(() => window.grasplab.renderStats());
      await sleep(50);
    }
    first.push(stats.firstFrameMs);
  } finally {
    await session.close();
  }
}
rows.push(['first frame after navigation (3 fresh loads)', first.map((x) => `${x.toFixed(0)} ms`).join(', ')]);

// 2. Sizes.
const staticDir = path.join(root, 'build/web/static');
for (const [label, re] of [['WASM module', /\.wasm$/], ['page script (three.js, uPlot, fflate, page)', /^main-.*\.js$/],
  ['worker script', /^sim\.worker-.*\.js$/]]) {
  const file = fs.readdirSync(staticDir).find((f) => re.test(f));
  const bytes = fs.readFileSync(path.join(staticDir, file));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  rows.push([`${label} size`, `${(bytes.length / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzip -9`]);
}

// 3. The handset grasp.
const session = await openPage({ width: 1280, height: 800, hash });
try {
  const { page } = session;
  await waitForState(page, (s) => s.ready, { what: 'the first frame' });
  const scene = 'assets/scenes/barrett-handset.json';
  await page.selectOption('#scene-picker', scene);
  await waitForState(page, (s) => s.scene === scene && s.steps === 0, { what: 'the handset' });
  await page.click('#grasp-actions button[data-action=autograsp]');
  await sleep(1000);  // warm-up
  const speeds = [];
  const t0 = await page.evaluate(() => window.grasplab.state());
  const w0 = Date.now();
  for (let k = 0; k < 20; ++k) {
    await sleep(500);
    speeds.push((await page.evaluate(() => window.grasplab.state())).actualSpeed);
  }
  const t1 = await page.evaluate(() => window.grasplab.state());
  const realTime = (t1.time - t0.time) / ((Date.now() - w0) / 1000);
  const { intervals, drawMs, quality, resolution } = await page.evaluate(() => window.grasplab.renderStats());
  rows.push(['handset grasp at 1x: simulated s per wall s (10 s)', `${realTime.toFixed(2)} (measured speed ${quantile(speeds, 0.1).toFixed(2)}-${quantile(speeds, 0.9).toFixed(2)}, 10-90 %)`]);
  rows.push([`handset grasp at 1x: interval between draws (quality ${quality}, resolution ${resolution * 100} %)`, `median ${median(intervals).toFixed(1)} ms (${(1000 / median(intervals)).toFixed(0)} fps), 95th percentile ${quantile(intervals, 0.95).toFixed(1)} ms; main-thread draw call ${median(drawMs).toFixed(1)} ms`]);
  rows.push(['handset grasp at 1x: grasp', `${t1.grasp.forceClosure ? 'force closure' : 'no force closure'}, epsilon ${t1.grasp.epsilonL1.toFixed(4)}, ${t1.diagnostics.lcpSize} LCP rows, ${t1.diagnostics.pivots} pivots/step`]);
  await page.selectOption('#speed-factor', 'Infinity');
  await sleep(1000);
  const m0 = await page.evaluate(() => window.grasplab.state());
  const mw0 = Date.now();
  await sleep(5000);
  const m1 = await page.evaluate(() => window.grasplab.state());
  const stepsPerS = (m1.steps - m0.steps) / ((Date.now() - mw0) / 1000);
  const maxIntervals = (await page.evaluate(() => window.grasplab.renderStats())).intervals;
  rows.push(['handset grasp at max speed: steps/s (5 s)', `${stepsPerS.toFixed(0)} steps/s = ${(stepsPerS * t1.timestep / 1).toFixed(2)}x real time (${(1000 / stepsPerS).toFixed(2)} ms/step), frames median ${median(maxIntervals).toFixed(1)} ms`]);
  // The worker alone: 2,000 steps in one command (no frames in between).
  await page.selectOption('#speed-factor', '1');
  await page.click('#play');
  await waitForState(page, (st) => !st.running, { what: 'pause' });
  const r0 = await page.evaluate(() => window.grasplab.state());
  const rw0 = Date.now();
  await page.evaluate(() => window.grasplab.runSteps(2000));
  await waitForState(page, (st) => st.steps === r0.steps + 2000, { what: '2,000 steps', timeout: 120000 });
  const runMs = (Date.now() - rw0) / 2000;
  rows.push(['handset grasp, 2,000 steps in one command (nothing drawn meanwhile)', `${runMs.toFixed(2)} ms/step = ${(0.0025 / (runMs / 1000)).toFixed(2)}x real time (includes ~100 ms of polling)`]);
  if (session.consoleErrors.length) rows.push(['console errors', session.consoleErrors.join('; ')]);
} finally {
  await session.close();
}

// 4. Lessons (assets/lessons): each opened from its link; the first frame,
// then 5 s of its first step playing at 1x: draws per second and the
// real-time factor.
const lessonFiles = JSON.parse(fs.readFileSync(path.join(root, 'assets/lessons/index.json'), 'utf8')).lessons;
for (const { file } of lessonFiles) {
  const lesson = JSON.parse(fs.readFileSync(path.join(root, 'assets/lessons', file), 'utf8'));
  const s = await openPage({ width: 1280, height: 800, hash: `${hash}#lesson=${lesson.id}&step=1` });
  try {
    const { page } = s;
    await waitForState(page, (st) => st.scene === lesson.scene && st.ready, { what: lesson.id });
    let stats;
    for (let i = 0; i < 50 && !(stats && stats.firstFrameMs); ++i) {
      stats = await page.evaluate(() => window.grasplab.renderStats());
      await sleep(50);
    }
    await page.evaluate(() => window.grasplab.play());
    await sleep(1000);
    const a = await page.evaluate(() => window.grasplab.state());
    const w = Date.now();
    await sleep(5000);
    const b = await page.evaluate(() => window.grasplab.state());
    const { intervals, quality, resolution } = await page.evaluate(() => window.grasplab.renderStats());
    const recent = intervals.slice(-60);
    rows.push([`lesson ${lesson.id}: first frame; its first step at 1x (5 s, quality ${quality}, resolution ${resolution * 100} %)`,
      `first frame ${stats.firstFrameMs.toFixed(0)} ms; draws median ${median(recent).toFixed(1)} ms (${(1000 / median(recent)).toFixed(0)} fps), 95th percentile ${quantile(recent, 0.95).toFixed(1)} ms; ${((b.time - a.time) / ((Date.now() - w) / 1000)).toFixed(2)}x real time`]);
  } finally {
    await s.close();
  }
}

console.log(`Commit ${commit}, ${new Date().toISOString().slice(0, 10)}, ${chromium}, headless with SwiftShader (software WebGL), 1280x800.\n`);
console.log('| measure | result |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
