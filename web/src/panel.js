// The control panel on the right, rebuilt on every scene load:
//   Grasp     the robot's grasp actions (core/scene/scene.h RunAction):
//             auto-grasp dynamic / static, lift, shake, open
//   Joints    one slider per driven joint: its PD set point (URDF units);
//             moving one hands the robot's set points to the sliders until
//             its next action (protocol.js 'joint-target')
//   Friction  each material's friction, live from the next step (mu_k keeps
//             its ratio to mu_s)
//   Overlays  contacts, friction cones, force arrows, joint axes, drag
//             spring, plots
// The solver and step settings restart the scene and live in the
// Parameters form (main.js), since a share link must replay them from t = 0.
//
// Plain DOM: lil-gui was tried first, but headless Chromium (SwiftShader)
// left a blank band under its panel in every screenshot.

import { COMPARE_OPTIONS, modelKey } from './compare_models.js';

const ACTIONS = [
  ['Auto-grasp', 'autograsp', 'Close the fingers with the PD controllers until they hold (g)'],
  ['Auto-grasp (static)', 'autograsp-static', 'Close the fingers kinematically until each touches (GraspIt!)'],
  ['Lift', 'lift', 'Raise the hand 10 cm'],
  ['Shake', 'shake', 'Shake the hand along a sinusoid'],
  ['Open', 'open', 'Open the fingers'],
];

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

function section(title, open = true) {
  const details = el('details', { className: 'card panel-section', open });
  details.append(el('summary', { textContent: title }));
  return details;
}

// A labelled range input with its value shown; onInput(value) on every move.
function slider(label, { min, max, step, value, format = (v) => v.toFixed(3) }, onInput) {
  const input = el('input', { type: 'range', min, max, step, value: String(value) });
  input.setAttribute('aria-label', label);
  const out = el('output', { textContent: format(value) });
  input.addEventListener('input', () => {
    out.textContent = format(Number(input.value));
    onInput(Number(input.value));
  });
  const row = el('label', { className: 'slider' }, el('span', { className: 'slider-name', textContent: label, title: label }), input, out);
  return { row, input, out, format };
}

export class ControlPanel {
  // handlers: { action(type, robot, duration), jointTarget(robot, joint, position),
  //             material(name, mu_s, mu_k), overlays(flags), overlayStyle(style), plots(visible),
  //             compare(models) }
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.overlayFlags = { contacts: true, cones: true, forces: true, joints: false, drag: true, plots: true };
    this.sliders = new Map();  // `${robot}/${joint}` -> slider
    this.lastJointUpdate = 0;
    this.sceneSections = el('div', { className: 'panel-scene' });
    const overlays = section('Overlays', false);
    overlays.id = 'overlay-toggles';
    const labels = { contacts: 'contact points', cones: 'friction cones', forces: 'force arrows',
      joints: 'joint axes & limits', drag: 'drag spring', plots: 'plots' };
    for (const key of Object.keys(this.overlayFlags)) {
      const box = el('input', { type: 'checkbox', checked: this.overlayFlags[key], name: key });
      box.addEventListener('change', () => {
        this.overlayFlags[key] = box.checked;
        if (key === 'plots') handlers.plots(box.checked);
        else handlers.overlays({ [key]: box.checked });
      });
      overlays.append(el('label', { className: 'check' }, box, ` ${labels[key]}`));
    }
    // How the overlays are drawn: over the solids or behind them; the cones' style.
    const choice = (name, label, options) => {
      const select = el('select', { name });
      for (const [value, text] of options) select.append(el('option', { value, textContent: text }));
      select.addEventListener('change', () => handlers.overlayStyle?.({ [name]: name === 'depth' ? select.value === 'behind' : select.value }));
      overlays.append(el('label', { className: 'check' }, `${label} `, select));
    };
    choice('depth', 'drawn', [['over', 'over the solids'], ['behind', 'behind the solids']]);
    choice('cones', 'cones', [['normal', 'normal'], ['small', 'small'], ['edges', 'edges only']]);
    // Contact models side by side (compare_models.js): each ticked one runs
    // beside the scene's own as ghosts; ticking restarts the scene.
    const compare = section('Compare contact models', false);
    compare.id = 'compare-models';
    compare.append(el('div', { className: 'muted small', textContent: 'Ghosts: the scene again under other models, from t = 0.' }));
    this.compareBoxes = COMPARE_OPTIONS.map((o, k) => {
      const box = el('input', { type: 'checkbox', name: `compare-${k}` });
      box.addEventListener('change', () => {
        handlers.compare?.(COMPARE_OPTIONS.filter((_, j) => this.compareBoxes[j].checked));
      });
      compare.append(el('label', { className: 'check' }, box, ` ${o.label}`));
      return box;
    });
    container.append(this.sceneSections, overlays, compare);
  }

  // The models the worker runs beside the scene ([{ label, solver }]): the boxes follow.
  setCompare(models) {
    const on = new Set(models.map(modelKey));
    COMPARE_OPTIONS.forEach((o, k) => { this.compareBoxes[k].checked = on.has(modelKey(o)); });
  }

  // description: the worker's scene description; materials: [{ name, staticFriction, kineticFriction }].
  setScene(description, materials) {
    this.sceneSections.replaceChildren();
    this.sliders.clear();
    this.jointsBuiltFor = null;
    this.joints = null;
    const robots = description.robots ?? [];
    if (robots.length) {
      const grasp = section('Grasp');
      grasp.id = 'grasp-actions';
      const state = { robot: description.grasp && description.grasp.robot >= 0 ? robots[description.grasp.robot] : robots[0], duration: 1 };
      if (robots.length > 1) {
        const select = el('select', { name: 'robot' }, ...robots.map((r) => new Option(r, r)));
        select.value = state.robot;
        select.addEventListener('change', () => { state.robot = select.value; });
        grasp.append(el('label', { className: 'slider' }, el('span', { className: 'slider-name', textContent: 'robot' }), select));
      }
      grasp.append(slider('duration (s)', { min: 0.2, max: 5, step: 0.1, value: 1, format: (v) => v.toFixed(1) },
        (v) => { state.duration = v; }).row);
      const buttons = el('div', { className: 'actions' });
      for (const [label, type, title] of ACTIONS) {
        const b = el('button', { textContent: label, title, type: 'button' });
        b.dataset.action = type;
        b.addEventListener('click', () => this.handlers.action(type, state.robot, state.duration));
        buttons.append(b);
      }
      grasp.append(buttons);
      this.joints = section('Joints (PD set points)', false);
      this.joints.id = 'joint-sliders';
      this.sceneSections.append(grasp, this.joints);
    }
    if (materials && materials.length) {
      const friction = section('Friction (live)', false);
      friction.id = 'material-sliders';
      for (const m of materials) {
        const ratio = m.staticFriction > 0 ? m.kineticFriction / m.staticFriction : 1;
        friction.append(slider(`${m.name} mu_s`, { min: 0, max: 1.5, step: 0.01, value: m.staticFriction, format: (v) => v.toFixed(2) },
          (mu) => this.handlers.material(m.name, mu, mu * ratio)).row);
      }
      this.sceneSections.append(friction);
    }
  }

  // robots: the frame's { name: { external, joints: [{ name, position, target, lower, upper }] } }
  updateJoints(robots) {
    if (!robots || !this.joints) return;
    const key = JSON.stringify(Object.entries(robots).map(([r, v]) => [r, v.joints.map((j) => j.name)]));
    if (key !== this.jointsBuiltFor) {
      this.jointsBuiltFor = key;
      for (const e of [...this.joints.children].slice(1)) e.remove();  // keep the summary
      this.sliders.clear();
      const many = Object.keys(robots).length > 1;
      for (const [robot, { joints }] of Object.entries(robots)) {
        if (many) this.joints.append(el('div', { className: 'muted', textContent: robot }));
        for (const j of joints) {
          const lo = j.lower ?? -Math.PI, hi = j.upper ?? Math.PI;
          const s = slider(j.name, { min: lo, max: hi, step: 'any', value: j.target ?? j.position },
            (v) => this.handlers.jointTarget(robot, j.name, v));
          s.input.dataset.robot = robot;
          s.input.dataset.joint = j.name;
          this.sliders.set(`${robot}/${j.name}`, s);
          this.joints.append(s.row);
        }
      }
    }
    // Follow the set points (an action moves them) unless a slider is held.
    const now = performance.now();
    if (now - this.lastJointUpdate < 200 || !this.joints.open) return;
    this.lastJointUpdate = now;
    for (const [robot, { joints }] of Object.entries(robots)) {
      for (const j of joints) {
        const s = this.sliders.get(`${robot}/${j.name}`);
        if (!s || document.activeElement === s.input) continue;
        const value = j.target ?? j.position;
        s.input.value = String(value);
        s.out.textContent = s.format(value);
      }
    }
  }
}
