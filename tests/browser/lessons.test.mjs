// Lessons in the page: the page opens on the handset grasping by itself with
// the lesson list; every lesson opens from its link, walks to its last step
// (the address bar following), and its question is checked against the
// simulation's measurement; the lesson controls act on the running
// simulation (a tilt past atan mu makes the block slide, mu below
// m g / (2 N) drops the pinched block).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openPage, waitForState } from './browser.mjs';

const repoRoot = new URL('../../', import.meta.url).pathname;
const index = JSON.parse(fs.readFileSync(`${repoRoot}assets/lessons/index.json`, 'utf8')).lessons
  .map(({ file }) => JSON.parse(fs.readFileSync(`${repoRoot}assets/lessons/${file}`, 'utf8')));

test('the page opens on the handset grasping by itself, with the lesson list', async () => {
  const session = await openPage({ hash: '' });
  const { page } = session;
  try {
    const s = await waitForState(page, (st) => st.scene === 'assets/scenes/barrett-handset.json' && st.running && st.time > 0.5,
      { what: 'the handset running', timeout: 60000 });
    await page.waitForSelector('#lesson-panel:not([hidden]) .lesson-list');
    const titles = await page.$$eval('#lesson-panel .lesson-list button', (b) => b.map((x) => x.textContent));
    assert.deepEqual(titles, index.map((l) => l.title));
    const { firstFrameMs } = await page.evaluate(() => window.grasplab.renderStats());
    console.log(`first frame drawn ${firstFrameMs.toFixed(0)} ms after navigation (handset, 1280x800)`);
    console.log(`screenshot: ${await session.screenshot('opening.png')}`);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

for (const lesson of index) {
  test(`lesson ${lesson.id}: from its link to its last step, the answer checked against the simulation`, async () => {
    const session = await openPage({ hash: `#lesson=${lesson.id}&step=1` });
    const { page } = session;
    try {
      await waitForState(page, (st) => st.scene === lesson.scene && st.ready, { what: `${lesson.id}: its scene` });
      let l = await page.evaluate(() => window.grasplab.lesson());
      assert.equal(l.id, lesson.id);
      assert.equal(l.step, 1);
      assert.equal(await page.textContent('#lesson-title'), `${lesson.title}: ${lesson.steps[0].title}`);
      // The scene picker names a lesson's own scene by the lesson (a bundled scene keeps its title).
      const picked = await page.evaluate(() => { const p = document.getElementById('scene-picker'); return p.options[p.selectedIndex]?.text; });
      if (lesson.scene.startsWith('assets/lessons/')) assert.equal(picked, `Lesson: ${lesson.title}`);
      else assert.ok(picked && !picked.startsWith('assets/'), picked);
      for (let k = 1; k <= lesson.steps.length; ++k) {
        if (k > 1) {
          await page.click('#lesson-next');
          l = await page.evaluate(() => window.grasplab.lesson());
          assert.equal(l.step, k);
          assert.equal(await page.evaluate(() => location.hash), `#lesson=${lesson.id}&step=${k}`);
          assert.match(await page.textContent('#lesson-panel'), new RegExp(lesson.steps[k - 1].text.slice(0, 30).replace(/[()?.*+]/g, '.')));
        }
        const q = lesson.steps[k - 1].question;
        if (!q) continue;
        // A wrong answer (5 tolerances off), then the right one typed and checked:
        // the formula's value where the question has one, else the simulation's.
        const shown = await page.evaluate(() => window.grasplab.lessonAnswer(null));
        assert.ok(Number.isFinite(shown.measured.value), JSON.stringify(shown));
        const wrong = await page.evaluate((v) => window.grasplab.lessonAnswer(v), shown.measured.value + 5 * q.tolerance);
        assert.equal(wrong.right, false);
        assert.match(await page.textContent('.lesson-result'), /^Not yet/);
        const right = shown.measured.formula ? shown.measured.formula.value : shown.measured.value;
        await page.fill('#lesson-answer', String(right));
        await page.click('#lesson-check');
        await page.waitForFunction(() => /^Right/.test(document.querySelector('.lesson-result').textContent));
        l = await page.evaluate(() => window.grasplab.lesson());
        assert.equal(l.lastCheck.right, true);
        console.log(`${lesson.id} step ${k}: simulated ${shown.measured.value}, formula ${shown.measured.formula?.value ?? 'none'}`);
      }
      assert.equal(await page.isDisabled('#lesson-next'), true);
      // The last step's picture with the physics running: 0.5 s simulated.
      const before = (await page.evaluate(() => window.grasplab.state())).steps;
      await page.evaluate(() => window.grasplab.runSteps(200));
      await waitForState(page, (st) => st.steps >= before + 200, { what: '0.5 s of the last step', timeout: 120000 });
      console.log(`screenshot: ${await session.screenshot(`lesson-${lesson.id}.png`)}`);
      // Back to the first step, and the link of a middle step opens there.
      await page.click('#lesson-back');
      assert.equal((await page.evaluate(() => window.grasplab.lesson())).step, lesson.steps.length - 1);
      const s = await page.evaluate(() => window.grasplab.state());
      assert.deepEqual(s.errors, []);
      assert.deepEqual(session.consoleErrors, []);
    } finally {
      await session.close();
    }
  });
}

test('friction-cone: the tilt slider turns gravity; the block sticks at 20 degrees and slides at 35', async () => {
  const session = await openPage({ hash: '#lesson=friction-cone&step=2' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.scene === 'assets/lessons/scenes/tilting-plane.json' && st.ready, { what: 'the plane' });
    const x = (st) => st.bodies.find((b) => b.name === 'block').position[0];
    // A link into a step finds the controls as the steps before it set them.
    const lessonState = await page.evaluate(() => window.grasplab.lesson());
    assert.deepEqual(lessonState.values, { tilt: 0, direction: 0, mu: 0.5, model: 0 });
    const solver = await openPage({ hash: '#lesson=solver-step&step=3' });
    try {
      await waitForState(solver.page, (st) => st.scene === 'assets/lessons/scenes/tilting-plane.json' && st.ready, { what: 'solver-step' });
      assert.deepEqual((await solver.page.evaluate(() => window.grasplab.lesson())).values, { tilt: 30, mu: 0.5 });
    } finally {
      await solver.close();
    }
    await page.evaluate(() => window.grasplab.lessonControl('tilt', 20));
    await page.evaluate(() => window.grasplab.runSteps(400));
    let s = await waitForState(page, (st) => st.steps >= 400, { what: '1 s at 20 degrees' });
    assert.ok(Math.abs(x(s)) < 1e-6, `moved ${x(s)} m at 20 degrees (tan 20 = 0.36 < mu 0.5)`);
    assert.equal(s.overlay.sliding, 0);
    await page.evaluate(() => window.grasplab.lessonControl('tilt', 35));
    await page.evaluate(() => window.grasplab.runSteps(400));
    s = await waitForState(page, (st) => st.steps >= 800, { what: '1 s at 35 degrees' });
    // Coulomb: a = g (sin 35 - 0.5 cos 35) = 1.61 m/s^2, so x = a t^2 / 2 = 0.80 m after 1 s.
    const a = 9.81 * (Math.sin((35 * Math.PI) / 180) - 0.5 * Math.cos((35 * Math.PI) / 180));
    assert.ok(Math.abs(x(s) - a / 2) < 0.02 * a, `slid ${x(s)} m, Coulomb ${a / 2}`);
    assert.match(await page.textContent('.lesson-readouts'), /sliding/);
    console.log(`screenshot: ${await session.screenshot('lesson-friction-cone-sliding.png')}`);
  } finally {
    await session.close();
  }
});

test('two-finger-pinch: mu lowered below m g / (2 N) drops the held block; above it the block stays', async () => {
  const session = await openPage({ hash: '#lesson=two-finger-pinch&step=2' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.scene === 'assets/lessons/scenes/two-finger-pinch.json' && st.ready, { what: 'the pinch' });
    await page.evaluate(() => window.grasplab.pause());
    await page.evaluate(() => window.grasplab.reset());
    await waitForState(page, (st) => st.steps === 0, { what: 'the reset' });
    await page.evaluate(() => window.grasplab.runSteps(1000));  // 2.5 s: lifted and held
    let s = await waitForState(page, (st) => st.steps === 1000, { what: 'the lift' });
    const z = (st) => st.bodies.find((b) => b.name === 'block').position[2];
    const z0 = z(s);
    assert.ok(z0 > 0.07, `lifted to ${z0}`);
    const text = await page.textContent('.lesson-readouts');
    const critical = Number(/m g \/ \(2 N\)(\d\.\d+)/.exec(text)[1]);
    assert.ok(critical > 0.4 && critical < 0.55, text);
    await page.evaluate((m) => window.grasplab.lessonControl('mu', m), critical + 0.03);
    await page.evaluate(() => window.grasplab.runSteps(400));
    s = await waitForState(page, (st) => st.steps === 1400, { what: '1 s above the critical mu' });
    assert.ok(Math.abs(z(s) - z0) < 1e-3, `held: moved ${z(s) - z0} m`);
    await page.evaluate((m) => window.grasplab.lessonControl('mu', m), critical - 0.03);
    await page.evaluate(() => window.grasplab.runSteps(400));
    s = await waitForState(page, (st) => st.steps === 1800, { what: '1 s below the critical mu' });
    assert.ok(z(s) < z0 - 0.02, `slipped: ${z0} -> ${z(s)} m`);
  } finally {
    await session.close();
  }
});

test('the wrench-space panel draws the handset grasp: closure with the epsilon ball, the weakest facet at epsilon', async () => {
  const session = await openPage({ hash: '#lesson=dynamic-autograsp&step=3' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.scene === 'assets/scenes/barrett-handset.json' && st.ready, { what: 'the handset' });
    await page.waitForSelector('#wrench-panel[open]');
    // The static grasp: contacts, no closure; the weakest disturbance is resisted by nothing.
    await page.evaluate(() => window.grasplab.action('autograsp-static', 'hand', 1.5));
    await page.evaluate(() => window.grasplab.runSteps(600));
    let s = await waitForState(page, (st) => st.steps === 600 && st.grasp && st.grasp.wrenchSpace, { what: 'the static grasp' });
    let ws = s.grasp.wrenchSpace;
    assert.equal(ws.forceClosure, false);
    assert.equal(ws.generators.length, s.grasp.wrenches);
    assert.ok(ws.margin <= 0, `${ws.margin}`);
    assert.match(await page.textContent('#wrench-text'), /no force closure/);
    console.log(`screenshot: ${await session.screenshot('wrench-space-static.png')}`);
    // The dynamic grasp from a reset: closure, the weakest facet at epsilon.
    await page.evaluate(() => window.grasplab.reset());
    await waitForState(page, (st) => st.steps === 0, { what: 'the reset' });
    await page.evaluate(() => window.grasplab.action('autograsp', 'hand', 1.5));
    await page.evaluate(() => window.grasplab.runSteps(800));
    s = await waitForState(page, (st) => st.steps === 800 && st.grasp && st.grasp.wrenchSpace && st.grasp.forceClosure,
      { what: 'the dynamic grasp' });
    ws = s.grasp.wrenchSpace;
    assert.equal(ws.forceClosure, true);
    assert.ok(Math.abs(Math.hypot(...ws.weakest) - 1) < 1e-12);
    assert.ok(Math.abs(ws.margin - s.grasp.epsilonL1) < 1e-12);
    const support = Math.max(...ws.generators.map((w) => w.reduce((a, x, k) => a + x * ws.weakest[k], 0)));
    assert.ok(Math.abs(support - ws.margin) < 1e-9, `${support} vs ${ws.margin}`);
    await page.waitForFunction(() => /force closure, epsilon/.test(document.getElementById('wrench-text').textContent));
    console.log(`screenshot: ${await session.screenshot('wrench-space-dynamic.png')}`);
    assert.deepEqual(s.errors, []);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('every number explains itself: the grasp metrics, the status bar and every diagnostics row have a tooltip; the help lists a glossary', async () => {
  const session = await openPage({ hash: '#builtin=parallel-jaw-cube' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.ready && st.scene === 'assets/scenes/parallel-jaw-cube.json', { what: 'the jaw' });
    await page.evaluate(() => window.grasplab.runSteps(300));
    await waitForState(page, (st) => st.steps === 300, { what: '300 steps' });
    await page.click('#diagnostics summary');
    await page.evaluate(() => window.grasplab.step());
    await page.waitForSelector('#diagnostics-table tr');
    await page.waitForTimeout(400);
    await page.evaluate(() => window.grasplab.step());
    await page.waitForTimeout(400);
    const missing = await page.evaluate(() => [
      ...document.querySelectorAll('#grasp-metrics th, #diagnostics-table th'),
      ...['grasp-verdict', 'time', 'steps', 'timestep', 'contacts', 'speed', 'legend-cones', 'legend-force'].map((id) => document.getElementById(id)),
    ].filter((e) => !e.title).map((e) => e.id || e.textContent));
    assert.deepEqual(missing, []);
    assert.ok((await page.$$('#diagnostics-table th')).length >= 17);
    // The warm start: this step's islands solved on the last support, and
    // the misses and pivots per step since the start (the jaw closing on the
    // cube must have missed: its first contacts have no support to reuse;
    // block pivots may repair them without a Lemke pivot).
    const rows = Object.fromEntries(await page.$$eval('#diagnostics-table tr',
      (trs) => trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent])));
    assert.match(rows['warm start'], /^\d+ of \d+ islands$/);
    const misses = rows['warm-start misses'].match(/^(\d+), (\d+) repaired from the last support \(([\d.]+) pivots\/step\)$/);
    assert.ok(misses, rows['warm-start misses']);
    assert.ok(Number(misses[1]) >= 1 && Number.isFinite(Number(misses[3])), rows['warm-start misses']);
    assert.ok(Number(misses[2]) <= Number(misses[1]), rows['warm-start misses']);  // repairs are misses
    await page.click('#help-toggle');
    await page.click('#glossary summary');
    const terms = await page.$$eval('#glossary dt', (d) => d.map((x) => x.textContent));
    assert.ok(terms.includes('epsilon (L1)') && terms.includes('force closure') && terms.length >= 25, terms.join(', '));
  } finally {
    await session.close();
  }
});

test('force-closure: ticking contacts re-evaluates the grasp live; the pinch is open, a third contact closes it', async () => {
  const session = await openPage({ hash: '#lesson=force-closure&step=2' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.scene === 'assets/lessons/scenes/closure-cube.json' && st.ready, { what: 'the cube' });
    const readout = () => page.textContent('.lesson-readouts');
    await page.waitForFunction(() => window.grasplab.wrenchSpace() !== null);
    assert.equal((await page.evaluate(() => window.grasplab.wrenchSpace())).forceClosure, false);
    assert.match(await readout(), /force closureno/);
    await page.check('#lesson-control-contacts-2');  // back (+y)
    await page.waitForFunction(() => window.grasplab.wrenchSpace()?.forceClosure === true);
    const ws = await page.evaluate(() => window.grasplab.wrenchSpace());
    assert.equal(ws.generators.length, 3 * 8);
    assert.ok(ws.epsilonL1 > 0.02 && ws.epsilonL1 < 0.05, `${ws.epsilonL1}`);  // 0.0302 in Node
    assert.match(await readout(), /force closureyes/);
    assert.match(await page.textContent('#wrench-text'), /force closure, epsilon/);
    console.log(`screenshot: ${await session.screenshot('lesson-force-closure-ticked.png')}`);
    // Without friction the same three contacts are open again.
    await page.evaluate(() => window.grasplab.lessonControl('mu', 0));
    await page.waitForFunction(() => window.grasplab.wrenchSpace()?.forceClosure === false);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});

test('force-closure: a contact placed by clicking on the cube\'s front face joins the pinch and closes the grasp', async () => {
  const session = await openPage({ hash: '#lesson=force-closure&step=1' });
  const { page } = session;
  try {
    await waitForState(page, (st) => st.scene === 'assets/lessons/scenes/closure-cube.json' && st.ready, { what: 'the cube' });
    await page.waitForFunction(() => window.grasplab.lesson().probed?.forceClosure === false);
    await page.click('#lesson-control-contacts-place');
    assert.equal(await page.getAttribute('#lesson-control-contacts-place', 'aria-pressed'), 'true');
    // The front face (-y) of the 5 cm cube centred at (0, 0, 0.1), 8 mm below its centre.
    const [x, y] = await page.evaluate(() => window.grasplab.clientPoint([0.004, -0.025, 0.092]));
    await page.mouse.click(x, y);
    await page.waitForFunction(() => window.grasplab.lesson().clicked.length === 1);
    const l = await page.evaluate(() => window.grasplab.lesson());
    const k = l.clicked[0];
    assert.equal(k.name, 'clicked 1');
    // On the face (y = -25 mm in the cube's frame), pushing in along +y.
    assert.ok(Math.abs(k.position[1] + 0.025) < 1e-4 && Math.abs(k.position[2] + 0.008) < 2e-3, JSON.stringify(k));
    assert.ok(Math.abs(k.normal[1] - 1) < 1e-6 && Math.abs(k.normal[0]) < 1e-6 && Math.abs(k.normal[2]) < 1e-6, JSON.stringify(k));
    assert.deepEqual(l.values.contacts, ['right (+x)', 'left (−x)', 'clicked 1']);
    await page.waitForFunction(() => window.grasplab.lesson().probed?.forceClosure === true);
    const p = await page.evaluate(() => window.grasplab.lesson().probed);
    assert.equal(p.contacts, 3);
    console.log(`clicked contact ${JSON.stringify(k)}: epsilon ${p.epsilonL1}`);
    console.log(`screenshot: ${await session.screenshot('lesson-force-closure-clicked.png')}`);
    // The cube did not move (it is static) and nothing was dragged.
    assert.equal((await page.evaluate(() => window.grasplab.state())).drag, null);
    await page.click('#lesson-control-contacts-clear');
    await page.waitForFunction(() => window.grasplab.lesson().probed?.forceClosure === false && window.grasplab.lesson().clicked.length === 0);
    assert.deepEqual(session.consoleErrors, []);
  } finally {
    await session.close();
  }
});
