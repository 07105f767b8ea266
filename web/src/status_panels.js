// The page's read-outs of the latest frame: the recording bar, the grasp
// panel, the step diagnostics and the status bar. Each reads app.latest (the
// worker's last frame, main.js) and writes the DOM; nothing else.
import { Stats, STAGE_NAMES } from './protocol.js';
import { explain } from './glossary.js';

export function createStatusPanels(app) {
  const { $, latest, view, showError } = app;

  function updateRecording() {
    const r = latest.recording;
    if (!r) return;
    $('record').textContent = r.on ? 'Stop rec' : 'Record';
    $('record').classList.toggle('on', r.on);
    $('timeline-panel').hidden = r.frames === 0;
    $('timeline').max = String(Math.max(0, r.frames - 1));
    if (!latest.replay) {
      $('timeline').value = String(Math.max(0, r.frames - 1));
      $('timeline-time').textContent = `${r.frames} frame${r.frames === 1 ? '' : 's'} recorded`;
    }
  }

  function updateGraspPanel() {
    const g = latest.replay ? latest.replay.grasp : latest.grasp;
    const verdict = $('grasp-verdict');
    const o = view.overlays;
    verdict.classList.toggle('closure', !!(g && g.forceClosure));
    verdict.classList.toggle('open', !!(g && !g.forceClosure));
    if (!g) {
      verdict.textContent = 'no grasp in this scene';
      $('grasp-epsilon').textContent = '–';
      $('grasp-volume').textContent = '–';
    } else {
      verdict.textContent = g.forceClosure ? 'force closure' : 'no force closure';
      $('grasp-epsilon').textContent = g.forceClosure ? g.epsilonL1.toFixed(4) : '0 (not in closure)';
      $('grasp-volume').textContent = g.volumeL1 > 0 ? g.volumeL1.toExponential(3) : '0';
    }
    const onObject = g ? `${g.contacts} on the object, ` : '';
    $('grasp-contacts').textContent = `${onObject}${o.counts.contacts} in all (${o.counts.sliding} sliding)`;
    const u = latest.stats ? latest.stats[Stats.FRICTION_DIRECTIONS] : 8;
    $('legend-cones').textContent = u > 0 ? `cones: pyramids of ${u} edges, half-angle atan(mu)`
      : 'cones: exact circular cones, half-angle atan(mu)';
    $('legend-object').hidden = !view.highlighted;
    $('legend-object-name').textContent = view.highlighted ?? '';
    const cm = 0.05;  // the legend's sample arrow is 5 cm of the scene, drawn 40 px
    const clipped = o.counts.clipped ? `; ${o.counts.clipped} larger, cut short` : '';
    $('legend-force-text').textContent = `${cm * 100} cm = ${(cm / o.forceScale).toPrecision(3)} N (follows the last 2 s${clipped})`;
  }

  let lastDiagnostics = 0;
  function updateDiagnostics() {
    const st = latest.stats;
    if (!st) return;
    const failures = st[Stats.LCP_FAILURES];
    if (failures > latest.failuresShown) {  // visible, not console-only; one line kept up to date
      latest.failuresShown = failures;
      const text = `solver: Lemke failed on ${failures} step${failures === 1 ? '' : 's'} (projected Gauss-Seidel fallback used)`;
      if (!latest.failureItem || !latest.failureItem.isConnected) {
        latest.failureItem = document.createElement('div');
        showError(text, latest.failureItem, []);
      } else {
        latest.failureItem.textContent = text;
      }
    }
    const now = performance.now();
    if (!$('diagnostics').open || now - lastDiagnostics < 250) return;
    lastDiagnostics = now;
    const ms = (s) => `${(s * 1000).toFixed(3)} ms`;
    const rows = [
      ...STAGE_NAMES.map((name, k) => [name, ms(st[Stats.STAGES + k])]),
      ['step total', ms(STAGE_NAMES.reduce((sum, _, k) => sum + st[Stats.STAGES + k], 0))],
      ['contacts / pairs', `${st[Stats.CONTACTS]} / ${st[Stats.PAIRS]}`],
      ['islands', `${st[Stats.ISLANDS]}`],
      ['sleeping islands / bodies', `${st[Stats.SLEEPING_ISLANDS]} / ${st[Stats.SLEEPING_BODIES]} (awake ${st[Stats.AWAKE_ISLANDS]} / ${st[Stats.AWAKE_BODIES]})`],
      ['LCP size (largest)', `${st[Stats.LCP_SIZE]} (${st[Stats.LCP_MAX]})`],
      [{ lcp: 'Lemke pivots', impulse: 'Lemke pivots', pgs: 'Gauss-Seidel sweeps', penalty: 'Runge-Kutta steps' }[
        $('params').elements.type.value] ?? 'Lemke pivots', `${st[Stats.PIVOTS]}`],
      ['warm start', `${st[Stats.LCP_WARM_ISLANDS]} of ${st[Stats.LCP_ISLANDS]} islands`],
      ['warm-start misses', `${st[Stats.WARM_MISSES_TOTAL]}, ${st[Stats.WARM_REPAIRED_TOTAL]} repaired from the last support (${st[Stats.PIVOTS_PER_STEP].toFixed(1)} pivots/step)`],
      ['LCP residual', `${st[Stats.RESIDUAL].toExponential(2)} N s`],
      ['Lemke failures', `${failures}`],
      ['step length', ms(st[Stats.STEP_LENGTH])],
      ['quarantined bodies', `${st[Stats.QUARANTINED]}`],
      ['friction edges u', `${st[Stats.FRICTION_DIRECTIONS]}`],
      ['speed', `${latest.actualSpeed.toFixed(2)}x real time`],
    ];
    $('diagnostics-table').replaceChildren(...rows.map(([k, v]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.textContent = k;
      th.title = explain(k);
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(th, td);
      return tr;
    }));
  }

  function updateStatus() {
    $('play').textContent = latest.running ? 'Pause' : 'Play';
    $('step').disabled = latest.running;
    // While a recorded frame is shown, the status bar describes that frame.
    const shown = latest.replay;
    $('time').textContent = shown ? `replay t = ${shown.time.toFixed(3)} s` : `t = ${latest.time.toFixed(3)} s`;
    // A recorded frame: its own step and contacts; the live state's hash does not describe it.
    $('steps').textContent = shown ? `step ${shown.step} (frame ${shown.index + 1} of ${shown.frames})` : `${latest.steps} steps`;
    const contacts = shown ? shown.contactCount : latest.contactCount;
    $('contacts').textContent = `${contacts} contact${contacts === 1 ? '' : 's'}`;
    const speed = $('speed');
    if (latest.running) {
      const factor = Number($('speed-factor').value);
      const behind = latest.actualSpeed < 0.95 * factor;
      // Behind: say why, in the worker's own measure: a step's computing
      // time against the time the asked speed allows per step (h / factor).
      const h = (latest.timestep ?? 0.0025) * 1000;
      const allowed = h / factor;
      speed.textContent = behind && latest.stepMs
        ? `${latest.actualSpeed.toFixed(2)}x real time, not ${factor}x: a step takes ${latest.stepMs.toFixed(2)} ms, ${factor}x needs one every ${allowed.toFixed(2)} ms`
        : `${latest.actualSpeed.toFixed(2)}x real time`;
      speed.title = behind ? `The simulation cannot keep up with ${factor}x: the worker computes a step of h = ${h.toFixed(2)} ms in ${latest.stepMs?.toFixed(2)} ms, and ${factor}x needs one every ${allowed.toFixed(2)} ms; drawing frames and the grasp metrics take the rest of its time. Lower the speed or simplify the scene.` : '';
      speed.classList.toggle('behind', behind);
    } else {
      speed.textContent = 'paused';
      speed.classList.remove('behind');
    }
    $('hash').textContent = shown ? 'recorded frame (no state hash)' : latest.stateHash;
    const g = shown ? shown.grasp : latest.grasp;
    $('grasp').hidden = !g;
    if (g) {
      $('grasp').textContent = g.forceClosure
        ? `force closure, epsilon ${g.epsilonL1.toFixed(3)} (${g.contacts} contacts)`
        : `no force closure (${g.contacts} contacts)`;
      $('grasp').classList.toggle('closure', g.forceClosure);
    }
  }

  return { updateRecording, updateGraspPanel, updateDiagnostics, updateStatus };
}
