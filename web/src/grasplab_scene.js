// <grasplab-scene>: a running grasp in any page (docs/embedding.md).
//
//   <script type="module" src=".../grasplab-scene.js"></script>
//   <grasplab-scene src="assets/scenes/barrett-handset.json" autoplay
//                   controls="minimal" overlays="cones,forces" label="..."></grasplab-scene>
//
// src: a scene file's URL (relative to the page) or a share link
// ("#scene=...", "#builtin=NAME", with or without the address before it).
// Each element runs its own simulation worker (the page's sim.worker.js) and
// draws with the page's three.js view and overlays inside a shadow root, so
// the host page's scripts and styles do not reach it and several elements
// do not interfere. Sized by CSS (400 x 300 px unless the page says), it
// pauses while off-screen (IntersectionObserver) and resumes when back, and
// ends its worker and frees its WebGL context when removed. A bad src is
// shown as a readable message inside the element, never thrown at the page.
// Keyboard: the element is focusable; Space plays or pauses, R resets.
import { View } from './view.js';
import { ToWorker, FromWorker, Stats } from './protocol.js';
import { decodeLink } from './link.js';

const OVERLAYS = ['contacts', 'cones', 'forces', 'joints'];

const STYLE = `
:host { display: block; position: relative; width: 400px; height: 300px; contain: content;
  font: 13px/1.3 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232a; background: #e8edf2; }
:host([hidden]) { display: none; }
:host(:focus-visible) { outline: 3px solid #1f5fa8; outline-offset: 2px; }
.view { position: absolute; inset: 0; }
.view canvas { display: block; }
.bar { position: absolute; left: 6px; right: 6px; bottom: 6px; display: flex; gap: 6px; align-items: center;
  flex-wrap: wrap; background: rgba(255, 255, 255, 0.88); border-radius: 6px; padding: 3px 6px; }
.bar[hidden], .error[hidden] { display: none; }
button { font: inherit; color: inherit; padding: 2px 10px; border-radius: 5px; border: 1px solid #9aa5af; background: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #1f5fa8; outline-offset: 1px; }
.status { font-variant-numeric: tabular-nums; color: #3c4650; }
.closure { color: #1b6e2a; font-weight: 600; }
.error { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 16px;
  background: #fdecea; color: #7a1c14; text-align: center; white-space: pre-wrap; }
.title { position: absolute; left: 8px; top: 6px; font-weight: 600; background: rgba(255, 255, 255, 0.8);
  border-radius: 5px; padding: 1px 6px; }
`;

export class GrasplabScene extends HTMLElement {
  static get observedAttributes() { return ['src', 'overlays', 'controls', 'label']; }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${STYLE}</style>
      <div class="view" role="img"></div>
      <div class="title" hidden></div>
      <div class="bar" part="controls">
        <button class="play" type="button">Play</button>
        <button class="reset" type="button">Reset</button>
        <span class="status" aria-live="off"></span>
      </div>
      <div class="error" role="alert" hidden></div>`;
    this.$ = (sel) => this.root.querySelector(sel);
    this.$('.play').addEventListener('click', () => (this.latest.running ? this.pause() : this.play()));
    this.$('.reset').addEventListener('click', () => this.reset());
    this.addEventListener('keydown', (e) => {
      if (e.target !== this) return;  // the buttons handle their own keys
      if (e.key === ' ') { e.preventDefault(); this.$('.play').click(); }
      if (e.key === 'r' || e.key === 'R') this.reset();
    });
    this.latest = this.freshState();
  }

  freshState() {
    return { ready: false, scene: null, title: null, running: false, time: 0, steps: 0, stateHash: null,
      grasp: null, contactCount: 0, error: null, workerAlive: false, visible: true, frames: 0 };
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.setAttribute('role', 'region');
    this.updateLabel();
    this.latest = this.freshState();
    this.view = new View(this.$('.view'));
    this.applyOverlays();
    this.applyControls();
    this.worker = new Worker(new URL('./sim.worker.js', import.meta.url), { type: 'module' });
    this.latest.workerAlive = true;
    this.worker.onmessage = (e) => this.onMessage(e.data);
    this.worker.onerror = (e) => this.showError(`the simulation stopped: ${e.message ?? 'worker error'}`);
    // Sized by CSS: the view follows the element's box.
    this.resizer = new ResizeObserver(() => { this.view.resize(); });
    this.resizer.observe(this);
    // Off-screen: paused (and drawing nothing); back on screen: resumed if it ran.
    this.visibility = new IntersectionObserver((entries) => {
      const visible = entries[entries.length - 1].isIntersecting;
      this.latest.visible = visible;
      if (!visible && this.latest.running) { this.resumeOnShow = true; this.send(ToWorker.PAUSE); }
      if (visible && this.resumeOnShow) { this.resumeOnShow = false; this.send(ToWorker.PLAY); }
    });
    this.visibility.observe(this);
    this.loadSrc();
    const draw = () => {
      if (!this.view) return;
      if (this.latest.visible) this.view.render();
      this.raf = requestAnimationFrame(draw);
    };
    this.raf = requestAnimationFrame(draw);
  }

  disconnectedCallback() {
    cancelAnimationFrame(this.raf);
    this.resizer?.disconnect();
    this.visibility?.disconnect();
    this.worker?.terminate();
    this.worker = null;
    this.latest.workerAlive = false;
    this.latest.running = false;
    this.view?.dispose();
    this.view = null;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.view || before === after) return;
    if (name === 'src') this.loadSrc();
    if (name === 'overlays') this.applyOverlays();
    if (name === 'controls') this.applyControls();
    if (name === 'label') this.updateLabel();
  }

  // What the element shows, for the host page and tests.
  get state() { return { ...this.latest, grasp: this.latest.grasp ? { ...this.latest.grasp } : null }; }

  play() { this.send(ToWorker.PLAY); }
  pause() { this.send(ToWorker.PAUSE); }
  reset() { this.send(ToWorker.RESET); }

  send(type, extra = {}) { this.worker?.postMessage({ type, ...extra }); }

  updateLabel() {
    const label = this.getAttribute('label') ?? (this.latest.title ? `grasplab simulation: ${this.latest.title}` : 'grasplab simulation');
    this.setAttribute('aria-label', label);
    this.$('.view').setAttribute('aria-label', `3-D view: ${label}`);
  }

  // overlays="cones,forces" (default: contacts, cones and forces).
  applyOverlays() {
    const asked = (this.getAttribute('overlays') ?? 'contacts,cones,forces').split(',').map((s) => s.trim());
    this.view.overlays.setVisible(Object.fromEntries(OVERLAYS.map((k) => [k, asked.includes(k)])));
    this.view.dirty = true;
  }

  // controls="none" | "minimal" (default: play and reset) | "full" (also the time, hash and grasp).
  applyControls() {
    const mode = this.getAttribute('controls') ?? 'minimal';
    this.$('.bar').hidden = mode === 'none';
    this.$('.status').hidden = mode !== 'full';
    this.$('.title').hidden = mode !== 'full' || !this.latest.title;
  }

  showError(message) {
    this.latest.error = message;
    const box = this.$('.error');
    box.textContent = `This simulation cannot be shown.\n${message}`;
    box.hidden = false;
    this.dispatchEvent(new CustomEvent('grasplab-error', { detail: { message } }));
  }

  // Reads src: a scene file (fetched relative to the page) or a share link.
  async loadSrc() {
    const src = this.getAttribute('src');
    this.$('.error').hidden = true;
    this.latest.error = null;
    if (!src) { this.showError('no src attribute: give a scene file or a share link'); return; }
    try {
      const at = src.indexOf('#');
      const link = at >= 0 ? decodeLink(src.slice(at)) : null;
      // Until the scene asked for arrives, the worker's own first scene is not shown.
      if (link) {
        if (link.text !== null) {
          this.expected = 'link';
          this.send(ToWorker.LOAD, { text: link.text, scene: 'link' });
        } else {  // decodeLink refuses a builtin that is not a plain name
          this.expected = `assets/scenes/${link.builtin}.json`;
          this.send(ToWorker.LOAD, { scene: this.expected });
        }
        return;
      }
      this.expected = src;
      const url = new URL(src, document.baseURI);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${src}: ${response.status === 404 ? 'no such file' : 'refused by the server'} (HTTP ${response.status})`);
      this.send(ToWorker.LOAD, { text: await response.text(), scene: src });
    } catch (e) {
      this.showError(e && e.message ? e.message : String(e));
    }
  }

  onMessage(msg) {
    const l = this.latest;
    switch (msg.type) {
      case FromWorker.SCENE:
        if (msg.name !== this.expected) { this.ignoring = true; return; }  // the worker's default, before ours
        this.ignoring = false;
        this.view.setBodies(msg.description);
        this.description = msg.description;
        this.needsFraming = true;
        l.scene = msg.name;
        l.title = msg.description.title ?? null;
        this.updateLabel();
        this.applyControls();
        if (this.hasAttribute('autoplay') && !this.autoplayed) {
          this.autoplayed = true;
          if (l.visible) this.send(ToWorker.PLAY); else this.resumeOnShow = true;
        }
        if (msg.frame) this.onMessage(msg.frame);  // the scene's first frame, in the same task
        break;
      case FromWorker.FRAME:
        if (this.ignoring || !this.description) return;
        l.ready = true;
        l.running = msg.running;
        l.time = msg.time;
        l.steps = msg.steps;
        l.stateHash = msg.stateHash;
        l.contactCount = msg.contactCount;
        l.grasp = msg.grasp;
        l.frames += 1;
        this.view.setPoses(msg.poses);
        if (this.needsFraming && this.description) {
          this.view.frame(msg.poses, this.description);
          this.needsFraming = false;
        }
        this.view.overlays.setContacts(msg.contacts, msg.stats[Stats.FRICTION_DIRECTIONS]);
        this.$('.play').textContent = msg.running ? 'Pause' : 'Play';
        this.$('.play').setAttribute('aria-label', msg.running ? 'Pause the simulation' : 'Play the simulation');
        this.$('.status').textContent = `t = ${msg.time.toFixed(2)} s · ${msg.stateHash}`;
        if (msg.grasp) {
          const s = document.createElement('span');
          s.className = msg.grasp.forceClosure ? 'closure' : '';
          s.textContent = msg.grasp.forceClosure ? ` · force closure, ε ${msg.grasp.epsilonL1.toFixed(3)}` : ' · no force closure';
          this.$('.status').append(s);
        }
        break;
      case FromWorker.ERROR:
        // A refused scene: its message, readable, inside the element.
        this.showError(msg.message);
        break;
      default:
        break;  // scene lists, sources, recordings: not used here
    }
  }
}

if (!customElements.get('grasplab-scene')) customElements.define('grasplab-scene', GrasplabScene);
