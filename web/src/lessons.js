// The lesson panel: a lesson (assets/lessons/*.json, web/src/lesson_format.js)
// is a scene plus steps of text, a camera, what to press and watch, and a
// question whose answer is measured on the simulation (lesson_measure.js, in
// the worker). Opened from the panel's list or a link:
//   #lesson=<id>&step=<k>        (k from 1; the address bar follows the step)
// Lesson controls act on the running simulation: "tilt" turns gravity (and
// the view with it), "friction" sets the named materials' mu_s = mu_k.
// They are applied again whenever the lesson's scene (re)loads or resets.
import { ToWorker, Contact, CONTACT_STRIDE, POSE_STRIDE, Stats } from './protocol.js';
import { validateLesson, lessonSceneText } from './lesson_format.js';
import { tiltedGravity, gripForce, answerIsRight, withSolver, pyramidSlipTangent, activeEdges, edgeDirection } from './lesson_measure.js';
import { ContactMarkers } from './lesson_contacts.js';

const fmt = (x, digits = 3) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

export function createLessons(app, panelElement) {
  const { latest, view, send, showError } = app;
  let index = [];          // [{ id, title, summary, file }] in course order
  let lesson = null;       // the open lesson
  let stepIndex = 0;
  let values = {};         // control id -> value
  let lastCheck = null;    // { answer, right, measured } of the last Check
  let measureSeq = 0;
  const pendingMeasures = new Map();
  const el = {};
  const markers = new ContactMarkers(view);
  let probed = null;  // the last live evaluation of the hand-placed contacts
  let probeAsked = false;  // since the scene (re)loaded
  let awaitingFrame = false;  // the scene (re)loaded and no frame of it has come yet

  function h(tag, props = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === 'class') e.className = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (k in e && typeof v !== 'string') e[k] = v;
      else e.setAttribute(k, v);
    }
    e.append(...children.filter((c) => c !== null && c !== undefined));
    return e;
  }

  // The list of lessons (the panel's home).
  function renderList() {
    lesson = null;
    panelElement.replaceChildren(
      h('h2', { class: 'card-title', id: 'lesson-title' }, 'Lessons'),
      h('p', { class: 'muted' }, 'Short lessons on a running simulation: each explains one idea of grasping and asks a question the simulation answers.'),
      h('ol', { class: 'lesson-list' }, ...index.map((l) => h('li', {},
        h('button', { type: 'button', class: 'link-button', onclick: () => open(l.id, 1) }, l.title),
        h('div', { class: 'muted' }, l.summary)))));
    panelElement.hidden = false;
  }

  async function loadIndex() {
    try {
      const response = await fetch(new URL('assets/lessons/index.json', document.baseURI));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const files = (await response.json()).lessons.map((l) => l.file);
      index = [];
      for (const file of files) {
        const r = await fetch(new URL(`assets/lessons/${file}`, document.baseURI));
        if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
        const data = await r.json();
        const errors = validateLesson(data, file);
        if (errors.length) { errors.forEach((e) => showError(`lesson ${e}`)); continue; }
        index.push({ id: data.id, title: data.title, summary: data.summary, file, data });
      }
    } catch (e) {
      showError(`lessons: ${e.message}`);
    }
    return index;
  }

  // Opens lesson `id` at step k (1-based): loads its scene, then shows the step.
  function open(id, k = 1) {
    const entry = index.find((l) => l.id === id);
    if (!entry) {
      showError(`lesson: no lesson "${id}" (there are: ${index.map((l) => l.id).join(', ')})`);
      return false;
    }
    lesson = entry.data;
    values = Object.fromEntries((lesson.controls ?? []).map((c) => [c.id, c.value]));
    stepIndex = Math.min(Math.max(1, Math.round(Number(k)) || 1), lesson.steps.length) - 1;
    compareSynced = false;
    clicked = [];
    placing = false;
    // A link into step k finds the controls as steps 1..k set them.
    for (const step of lesson.steps.slice(0, stepIndex + 1)) Object.assign(values, step.set ?? {});
    lastCheck = null;
    latest.startedForStep = false;
    latest.lessonScenePending = lesson.scene;
    app.openDrawer?.();  // on a phone the lesson is read in the drawer
    // The scene picker names the lesson's scene by the lesson.
    (latest.sceneLabels ??= {})[lesson.scene] = `Lesson: ${lesson.title}`;
    loadLessonScene();
    renderStep();
    return true;
  }

  // The lesson's scene: the file, or (sceneEdits, a solver control) the file
  // edited (lesson_format.js, lesson_measure.js: withSolver), loaded as text
  // under the file's name.
  let loadedSolver = null;  // the solver control's option the scene was loaded with
  function loadLessonScene() {
    const sc = controlOfType('solver');
    loadedSolver = sc ? values[sc.id] : null;
    if (!lesson.sceneEdits && !sc) {
      app.api.load(lesson.scene);
      return;
    }
    const want = lesson;
    latest.lessonScenePending = lesson.scene;
    fetch(new URL(lesson.scene, document.baseURI))
      .then((r) => { if (!r.ok) throw new Error(`HTTP ${r.status}`); return r.text(); })
      .then((text) => {
        if (lesson !== want) return;
        const edited = lessonSceneText(lesson, text);
        app.api.loadText(sc ? withSolver(edited, sc.options[loadedSolver].solver) : edited, lesson.scene);
      })
      .catch((e) => showError(`lesson ${lesson.id}: scene ${lesson.scene}: ${e.message}`));
  }

  function applyControl(c) {
    const v = values[c.id];
    if (c.type === 'tilt') {
      const d = controlOfType('direction');
      const g = tiltedGravity(v, 9.81, d ? values[d.id] : 0);
      send(ToWorker.GRAVITY, { gravity: g });
      view.setDown(g);
    } else if (c.type === 'direction') {
      const t = controlOfType('tilt');
      if (t) applyControl(t);
    } else if (c.type === 'solver') {
      if (v !== loadedSolver) {  // the scene restarts with the chosen contact model, running if it ran
        if (latest.running) latest.playOnLoad = lesson.scene;
        loadLessonScene();
      }
    } else if (c.type === 'friction') {
      for (const m of c.materials) send(ToWorker.MATERIAL, { name: m, staticFriction: v, kineticFriction: v });
      const contacts = controlOfType('contacts');
      if (contacts) probeLive(contacts);
    } else if (c.type === 'contacts') {
      probeLive(c);
    }
  }

  // The hand-placed contacts in use, evaluated in the worker (lesson_measure.js:
  // contactProbe); the answer draws the markers and the wrench space.
  function objectCentre(c) {
    const i = latest.description ? latest.description.bodies.findIndex((b) => b.name === c.object) : -1;
    if (i < 0 || !latest.poses.length) return null;
    return [latest.poses[i * POSE_STRIDE], latest.poses[i * POSE_STRIDE + 1], latest.poses[i * POSE_STRIDE + 2]];
  }
  function probeLive(c) {
    if (awaitingFrame) return;  // the poses are still the last scene's
    const center = objectCentre(c);
    if (!center) return;
    probeAsked = true;
    markers.show(allCandidates(c), values[c.id], center);
    const id = ++measureSeq;
    // A step with "linf": true evaluates the L-infinity epsilon too (slower).
    const linf = lesson.steps[stepIndex]?.linf === true;
    const question = { quantity: 'contact-probe', params: { candidates: allCandidates(c), on: values[c.id],
      mu: values.mu ?? 0.5, center, torqueScale: c.torqueScale, metric: linf ? 'epsilonLinf' : 'epsilonL1' } };
    pendingMeasures.set(id, { live: true, center, lessonId: lesson.id });
    send(ToWorker.MEASURE, { id, question, values: {} });
  }

  // Contacts a student placed by clicking on the object (placeContact), kept
  // beside the lesson's candidates until the lesson closes; at most MAX_CLICKED.
  const MAX_CLICKED = 12;
  let clicked = [];
  let placing = false;
  function allCandidates(c) { return [...c.candidates, ...clicked]; }

  // A click on a body while placing: a contact at the hit point on the
  // contacts control's object, its normal the surface's inward normal (the
  // object's frame is its centre, unrotated, as for the file's candidates).
  // Returns whether the click was taken (then it does not drag the body).
  function placeContact(hit) {
    const c = controlOfType('contacts');
    if (!c || !placing) return false;
    const bodies = latest.description?.bodies ?? [];
    if (bodies[hit.body]?.name !== c.object || !hit.normal) return false;
    const center = objectCentre(c);
    if (!center) return false;
    if (clicked.length >= MAX_CLICKED) {
      showError(`lesson: at most ${MAX_CLICKED} clicked contacts; remove some first`);
      return true;
    }
    const name = `clicked ${clicked.length + 1}`;
    const round = (x) => Math.round(x * 1e6) / 1e6;  // micrometres: the page's pick is no finer
    clicked.push({ name, position: hit.point.map((x, k) => round(x - center[k])), normal: hit.normal.map((x) => round(-x)) });
    values[c.id] = [...values[c.id], name];
    renderStep();
    applyControl(c);
    return true;
  }

  // The lesson's control of a type (the first; a lesson has one of each it uses), or undefined.
  function controlOfType(type) {
    return (lesson?.controls ?? []).find((x) => x.type === type);
  }

  function applyControls() {
    for (const c of lesson.controls ?? []) applyControl(c);
  }

  // Called by main.js when a scene has loaded or reset.
  function onScene(name) {
    if (!lesson) {
      view.setDown([0, 0, -1]);
      return;
    }
    if (name !== lesson.scene) {
      // A scene that finished loading while the lesson's was asked for (the
      // page's first scene) is replaced by it; any other load ends the lesson.
      if (!latest.lessonScenePending) close(false);
      return;
    }
    latest.lessonScenePending = null;
    probed = null;
    probeAsked = false;
    awaitingFrame = true;
    // A lesson scene without a grasp needs no grasp panel (room for the lesson).
    document.getElementById('grasp-panel').hidden = !latest.description?.grasp;
    applyControls();
    const step = lesson.steps[stepIndex];
    // The camera of this step, or of the last step before it that has one
    // (a link may open at any step).
    const camera = lesson.steps.slice(0, stepIndex + 1).reverse().find((x) => x.camera)?.camera;
    if (camera) {
      view.setCamera(camera.position, camera.target);
      latest.needsFraming = false;
    }
    if (step.wrenchSpace) document.getElementById('wrench-panel').open = true;
    syncCompare();
    if (step.play && !latest.startedForStep) {
      latest.startedForStep = true;
      app.api.play();
    }
  }

  function goTo(k) {
    stepIndex = Math.min(Math.max(0, k), lesson.steps.length - 1);
    compareSynced = false;
    lastCheck = null;
    latest.startedForStep = false;
    const step = lesson.steps[stepIndex];
    for (const [id, v] of Object.entries(step.set ?? {})) values[id] = v;
    if (step.set) applyControls();
    else {  // hand-placed contacts: evaluated again (a step may ask for the L-infinity epsilon)
      const contacts = controlOfType('contacts');
      if (contacts) probeLive(contacts);
    }
    if (step.camera) {
      view.setCamera(step.camera.position, step.camera.target);
      latest.needsFraming = false;
    }
    if (step.play) { latest.startedForStep = true; app.api.play(); }
    if (step.wrenchSpace) document.getElementById('wrench-panel').open = true;
    syncCompare();
    renderStep();
  }

  // The contact models a step runs beside the scene (its "compare", or the
  // last before it that has one): asked of the worker when they differ from
  // what runs, which restarts the scene (onScene then finds them running).
  function wantedCompare() {
    return lesson.steps.slice(0, stepIndex + 1).reverse().find((x) => 'compare' in x)?.compare ?? [];
  }
  // Once per step entered: afterwards the control panel's choice stands.
  let compareSynced = false;
  function syncCompare() {
    if (compareSynced || !lesson || latest.scene !== lesson.scene || latest.lessonScenePending) return;
    compareSynced = true;
    const key = (list) => JSON.stringify(list.map((m) => m.solver));
    const want = wantedCompare();
    if (key(want) !== key(latest.compare ?? [])) app.api.compare(want);
  }

  function setHash() {
    const hash = lesson ? `#lesson=${encodeURIComponent(lesson.id)}&step=${stepIndex + 1}` : '';
    history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  }

  function renderStep() {
    const step = lesson.steps[stepIndex];
    const n = lesson.steps.length;
    el.readouts = h('table', { class: 'lesson-readouts', 'aria-label': 'Live values from the simulation' });
    el.result = h('div', { class: 'lesson-result', role: 'status', 'aria-live': 'polite' });
    const controls = (lesson.controls ?? []).map((c) => {
      const id = `lesson-control-${c.id}`;
      if (c.type === 'contacts') {
        const place = h('button', { type: 'button', id: `${id}-place`, 'aria-pressed': String(placing),
          title: `Click on the ${c.object} to put a contact there, pushing in along the surface's normal`,
          onclick: () => { placing = !placing; renderStep(); } }, placing ? `Click on the ${c.object}… (done)` : 'Place contacts by clicking');
        const clear = clicked.length ? h('button', { type: 'button', id: `${id}-clear`, onclick: () => {
          const gone = new Set(clicked.map((k) => k.name));
          clicked = [];
          values[c.id] = values[c.id].filter((n) => !gone.has(n));
          renderStep();
          applyControl(c);
        } }, 'Remove the clicked ones') : null;
        return h('fieldset', { class: 'lesson-contacts-control', id },
          h('legend', {}, c.label),
          ...allCandidates(c).map((k, j) => {
            const box = h('input', { type: 'checkbox', id: `${id}-${j}`, checked: values[c.id].includes(k.name),
              onchange: () => {
                const on = new Set(values[c.id]);
                if (box.checked) on.add(k.name); else on.delete(k.name);
                values[c.id] = allCandidates(c).map((x) => x.name).filter((n) => on.has(n));  // candidate order
                applyControl(c);
              } });
            return h('label', { for: `${id}-${j}`, class: 'lesson-check' }, box, ` ${k.name}`);
          }),
          h('div', { class: 'lesson-place' }, place, clear));
      }
      if (c.type === 'solver') {
        const select = h('select', { id, onchange: (e) => { values[c.id] = Number(e.target.value); applyControl(c); } },
          ...c.options.map((o, j) => h('option', { value: String(j), selected: j === values[c.id] }, o.label)));
        return h('div', { class: 'lesson-control' }, h('label', { for: id }, c.label), select,
          c.note ? h('div', { class: 'muted small' }, c.note) : null);
      }
      const out = h('output', { for: id, class: 'lesson-value' }, fmt(values[c.id], c.step < 0.01 ? 3 : 2));
      const input = h('input', {
        id, type: 'range', min: String(c.min), max: String(c.max), step: String(c.step), value: String(values[c.id]),
        oninput: (e) => {
          values[c.id] = Number(e.target.value);
          out.textContent = fmt(values[c.id], c.step < 0.01 ? 3 : 2);
          applyControl(c);
        },
      });
      return h('div', { class: 'lesson-control' }, h('label', { for: id }, c.label), input, out,
        c.note ? h('div', { class: 'muted small' }, c.note) : null);
    });
    let question = null;
    if (step.question) {
      const q = step.question;
      const input = h('input', { id: 'lesson-answer', type: 'number', step: 'any', inputmode: 'decimal' });
      const check = h('button', { type: 'button', id: 'lesson-check', onclick: () => checkAnswer(Number(input.value)) }, 'Check');
      const reveal = h('button', { type: 'button', id: 'lesson-reveal', onclick: () => checkAnswer(null) }, 'Show the answer');
      input.addEventListener('keydown', (e) => { if (e.key === 'Enter') check.click(); });
      question = h('div', { class: 'lesson-question' },
        h('label', { for: 'lesson-answer' }, h('strong', {}, 'Question: '), q.text),
        h('div', { class: 'lesson-answer-row' }, input, q.unit ? h('span', {}, q.unit) : null, check, reveal),
        el.result);
    }
    panelElement.replaceChildren(...[
      h('div', { class: 'lesson-head' },
        h('button', { type: 'button', class: 'link-button', onclick: () => close(true), title: 'All lessons' }, '◂ Lessons'),
        h('span', { class: 'muted' }, `step ${stepIndex + 1} of ${n}`)),
      h('h2', { class: 'card-title', id: 'lesson-title' }, `${lesson.title}${step.title ? `: ${step.title}` : ''}`),
      h('p', { class: 'lesson-text' }, step.text),
      step.press ? h('p', {}, h('strong', {}, 'Try: '), step.press) : null,
      step.watch ? h('p', {}, h('strong', {}, 'Watch: '), step.watch) : null,
      ...controls,
      el.readouts,
      question,
      h('div', { class: 'lesson-nav' },
        h('button', { type: 'button', id: 'lesson-back', disabled: stepIndex === 0, onclick: () => goTo(stepIndex - 1) }, 'Back'),
        h('button', { type: 'button', id: 'lesson-next', disabled: stepIndex === n - 1, onclick: () => goTo(stepIndex + 1) }, 'Next')),
    ].filter((c) => c !== null));
    panelElement.hidden = false;
    setHash();
    app.announce?.(`${lesson.title}, step ${stepIndex + 1} of ${n}${step.title ? `: ${step.title}` : ''}`);
    updateReadouts();
  }

  function close(toList) {
    if (lesson && (latest.compare ?? []).length) app.api.compare([]);  // the lesson's ghosts go with it
    lesson = null;
    markers.clear();
    probed = null;
    document.getElementById('grasp-panel').hidden = false;
    view.setDown([0, 0, -1]);
    setHash();
    if (toList) renderList();
  }

  // Live values for the step, from the latest frame.
  function updateReadouts() {
    if (!lesson || !el.readouts || !latest.description || latest.scene !== lesson.scene) return;
    // The first frame after a load brings the object's pose: evaluate the contacts then.
    awaitingFrame = false;
    const contacts = controlOfType('contacts');
    if (contacts && !probed && !probeAsked) probeLive(contacts);
    const rows = [];
    const bodies = latest.description.bodies;
    const find = (name) => bodies.findIndex((b) => b.name === name);
    for (const r of lesson.readouts ?? []) {
      if (r === 'tilt') {
        const t = (values.tilt * Math.PI) / 180;
        rows.push(['tan θ', fmt(Math.tan(t))], ['μ', fmt(values.mu, 2)]);
        // With a choice of contact model and a slope direction: the largest
        // tan θ the model's cone holds that way (lesson_measure.js).
        const d = controlOfType('direction');
        const u = latest.stats ? latest.stats[Stats.FRICTION_DIRECTIONS] : null;
        if (d && u !== null) {
          const limit = pyramidSlipTangent(values.mu, u, values[d.id]);
          rows.push([u ? `${u}-edge pyramid holds up to` : 'exact cone holds up to', `θ = ${fmt((Math.atan(limit) * 180) / Math.PI, 2)}°`]);
        }
      } else if (r === 'block-slide') {
        const b = find('block');
        let sliding = 0, count = 0;
        const c = latest.contacts ?? [];
        for (let k = 0; k + CONTACT_STRIDE <= c.length; k += CONTACT_STRIDE) {
          if (c[k + Contact.BODY_A] === b || c[k + Contact.BODY_B] === b) { ++count; sliding += c[k + Contact.SLIDING]; }
        }
        rows.push(['block contacts', count ? `${count}: ${sliding ? `${sliding} sliding` : 'all sticking'}` : 'none']);
        if (b >= 0 && latest.poses.length) {
          rows.push(['block moved down the plane', `${fmt(latest.poses[b * POSE_STRIDE] * 1000, 2)} mm`]);
        }
      } else if (r === 'solver') {
        const st = latest.stats;
        if (st) {
          rows.push(['LCP size (unknowns)', String(st[Stats.LCP_SIZE])], ['Lemke pivots, last step', String(st[Stats.PIVOTS])],
            ['residual', st[Stats.RESIDUAL].toExponential(1)]);
        }
      } else if (r === 'closure') {
        const c = controlOfType('contacts');
        rows.push(['contacts in use', String(c ? values[c.id].length : 0)]);
        if (probed) {
          rows.push(['force closure', probed.forceClosure ? 'yes' : 'no'],
            ['epsilon (L1)', probed.forceClosure ? fmt(probed.epsilonL1, 4) : '0'],
            ...(lesson.steps[stepIndex]?.linf ? [['epsilon (L∞)', probed.epsilonLinf != null
              ? (probed.forceClosure ? fmt(probed.epsilonLinf, 4) : '0') : `not computed: ${probed.note}`]] : []),
            ['wrench-space dimension', `${probed.rank} of 6`]);
        }
      } else if (r === 'contacts') {
        continue;  // a table of its own (contactTable)
      } else if (r === 'wrist') {
        // Teleoperation (teleop_panel.js): the wrist force changed since
        // Teleoperate was switched on, against the grasped object's weight.
        const t = app.teleop?.state();
        const g = latest.description.grasp;
        if (!t || !g) continue;
        const m = bodies[g.object].mass;
        const gv = latest.settings?.gravity ?? [0, 0, -9.81];
        rows.push(['wrist force change |Δf|', t.tare ? `${fmt(t.forceChange, 2)} N` : '– (switch Teleoperate on)'],
          [`weight m g of ${bodies[g.object].name}`, `${fmt(m * Math.hypot(gv[0], gv[1], gv[2]), 2)} N`],
          ['closure', fmt(t.closure, 2)]);
      } else if (r === 'grip') {
        const g = latest.description.grasp;
        if (!g) continue;
        const grip = gripForce(latest.contacts ?? [], g.object);
        const m = bodies[g.object].mass;
        const gv = latest.settings?.gravity ?? [0, 0, -9.81];
        const weight = m * Math.hypot(gv[0], gv[1], gv[2]);
        rows.push(['grip force N per finger', `${fmt(grip.perFinger, 2)} N (${grip.contacts} contacts)`],
          ['weight m g', `${fmt(weight, 2)} N`],
          ['m g / (2 N)', grip.perFinger > 0 ? fmt(weight / (2 * grip.perFinger)) : '– (not gripped)'],
          ['μ now', fmt(values.mu, 3)]);
      }
    }
    const tables = [];
    if ((lesson.readouts ?? []).includes('contacts')) tables.push(contactTable(find('block')));
    el.readouts.replaceChildren(...rows.map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, v))));
    if (el.contactTable) el.contactTable.remove();
    el.contactTable = tables[0] ?? null;
    if (el.contactTable) el.readouts.after(el.contactTable);
  }

  // One row per contact of body b: the gap when the contact was found, the
  // LCP's normal force, the friction force's size and its ratio to the
  // normal (<= mu: inside the cone), which pyramid edges carry it (beta_k >
  // 0, with the direction of d_k on the body), whether the LCP's slip speed
  // lambda is positive (then friction is on the cone's edge: eq. 21's
  // complementarity), the slip speed and the state in words.
  function contactTable(b) {
    const c = latest.contacts ?? [];
    const u = latest.stats ? latest.stats[Stats.FRICTION_DIRECTIONS] : 0;
    const axis = (d) => {  // a unit vector in words: its largest component's axis and sign
      const k = [0, 1, 2].reduce((a, j) => (Math.abs(d[j]) > Math.abs(d[a]) ? j : a), 0);
      return `${d[k] < 0 ? '−' : '+'}${'xyz'[k]}`;
    };
    const rows = [];
    for (let k = 0; k + CONTACT_STRIDE <= c.length; k += CONTACT_STRIDE) {
      if (c[k + Contact.BODY_A] !== b && c[k + Contact.BODY_B] !== b) continue;
      const fn = c[k + Contact.NORMAL_FORCE];
      const ft = Math.hypot(c[k + Contact.FRICTION_FORCE], c[k + Contact.FRICTION_FORCE + 1], c[k + Contact.FRICTION_FORCE + 2]);
      const { edges, slipping } = u > 0 ? activeEdges(c, k, u) : { edges: [], slipping: false };
      const edgeText = u === 0 ? '(cone)' : edges.length ? edges.map((e) => `d${e} ${axis(edgeDirection(c, k, b, e, u))}`).join(', ') : 'none';
      rows.push(h('tr', {},
        h('td', {}, String(rows.length + 1)), h('td', {}, fmt(c[k + Contact.GAP] * 1000, 3)), h('td', {}, fmt(fn, 3)),
        h('td', {}, `${fmt(ft, 3)} (${fn > 1e-9 ? fmt(ft / fn, 3) : '–'})`), h('td', {}, edgeText),
        h('td', {}, u === 0 ? '–' : slipping ? 'yes' : 'no'),
        h('td', {}, `${fmt(c[k + Contact.SLIP] * 1000, 2)} ${c[k + Contact.SLIDING] ? 'slide' : 'stick'}`)));
    }
    // In a scrolling box: on a narrow column the table scrolls sideways, the panel does not.
    return h('div', { class: 'lesson-contacts-box', tabindex: '0', role: 'region', 'aria-label': 'Contacts of the last step' },
      h('table', { class: 'lesson-contacts' },
        h('caption', {}, rows.length ? `${rows.length} contacts, last step` : 'no contacts'),
        h('thead', {}, h('tr', {}, ...['#', 'gap mm', 'λn N', '|ft| N (/λn)', 'βk > 0', 'λ > 0', 'slip mm/s']
          .map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, ...rows)));
  }

  // Checks an answer (null: just show it) against the simulation's measure.
  function checkAnswer(answer) {
    const q = lesson.steps[stepIndex].question;
    const id = ++measureSeq;
    el.result.textContent = 'The simulation is measuring it (fresh runs of the scene)…';
    return new Promise((resolve) => {
      pendingMeasures.set(id, { resolve, answer, question: q, lessonId: lesson.id, step: stepIndex });
      send(ToWorker.MEASURE, { id, question: q, values: { ...values } });
    });
  }

  // Called by main.js with a 'measured' message.
  function onMeasured(msg) {
    const p = pendingMeasures.get(msg.id);
    if (!p) return;
    pendingMeasures.delete(msg.id);
    if (p.live) {
      if (!lesson || lesson.id !== p.lessonId) return;
      if (msg.error) { showError(`lesson: ${msg.error}`); return; }
      probed = msg.result.details;
      app.showWrenchSpace(probed.wrenchSpace, p.center);
      updateReadouts();
      return;
    }
    const stale = !lesson || lesson.id !== p.lessonId || stepIndex !== p.step;
    if (msg.error) {
      if (!stale) el.result.textContent = `Could not measure it: ${msg.error}`;
      p.resolve({ error: msg.error });
      return;
    }
    const m = msg.result;
    const q = p.question;
    const unit = q.unit ? ` ${q.unit}` : '';
    const digits = Number.isInteger(m.value) ? 0 : m.value < 0.1 ? 4 : 3;
    const sim = m.formula
      ? `The simulation: ${fmt(m.value, digits)}${unit}; the formula: ${m.formula.text} = ${fmt(m.formula.value, digits)}${unit}.`
      : `The simulation: ${fmt(m.value, digits)}${unit}.`;
    let text;
    let right = null;
    if (p.answer === null) {
      text = sim;
    } else if (!Number.isFinite(p.answer)) {
      text = 'Type a number first.';
    } else {
      right = answerIsRight(q, m, p.answer);
      const off = p.answer - m.value;
      text = right ? `Right. ${sim}` : `Not yet: ${fmt(p.answer, digits)}${unit} is ${off > 0 ? 'too high' : 'too low'} (within ${q.tolerance}${unit} of the simulation's value counts). Try the simulation again.`;
    }
    lastCheck = { answer: p.answer, right, measured: m };
    if (!stale) {
      el.result.textContent = text;
      if (q.explain && (right || p.answer === null)) el.result.append(h('div', { class: 'muted small' }, q.explain));
      el.result.classList.toggle('right', right === true);
      el.result.classList.toggle('wrong', right === false);
    }
    p.resolve(lastCheck);
  }

  return {
    loadIndex,
    renderList,
    open,
    onScene,
    onMeasured,
    updateReadouts,
    placeContact,
    active: () => lesson !== null,
    // For tests: where the lesson is, and the last checked answer.
    state: () => (lesson ? { id: lesson.id, step: stepIndex + 1, steps: lesson.steps.length, values: { ...values },
      question: lesson.steps[stepIndex].question ?? null, lastCheck, placing, clicked: clicked.map((k) => ({ ...k })),
      probed: probed ? { forceClosure: probed.forceClosure, epsilonL1: probed.epsilonL1, contacts: probed.contacts } : null }
      : { id: null, lessons: index.map((l) => l.id) }),
    next: () => lesson && goTo(stepIndex + 1),
    back: () => lesson && goTo(stepIndex - 1),
    setControl: (id, v) => {
      const c = lesson && (lesson.controls ?? []).find((x) => x.id === id);
      if (!c) return false;
      if (c.type === 'contacts') {
        values[id] = allCandidates(c).map((x) => x.name).filter((n) => v.includes(n));
        renderStep();
        applyControl(c);
        return true;
      }
      values[id] = Math.min(c.max, Math.max(c.min, Number(v)));
      const input = document.getElementById(`lesson-control-${id}`);
      if (input) { input.value = String(values[id]); input.dispatchEvent(new Event('input')); } else applyControl(c);
      return true;
    },
    answer: (v) => (lesson && lesson.steps[stepIndex].question ? checkAnswer(v) : Promise.resolve(null)),
  };
}

