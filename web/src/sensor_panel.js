// The sensors card (docs/sensors.md): the scene's force/torque sensors'
// readings (a table and a plot of the force over the last WINDOW_S seconds
// of simulated time, in the sensor's frame) and each tactile array as a heat
// map. Reads the worker's frame field `sensors` (core/io/sensor_json.h,
// with names); the card is hidden in scenes without sensors. The wrench's
// arrows in the 3D view are drawn by overlays.js (setWrench).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const WINDOW_S = 10;
const REDRAW_MS = 100;
const AXES = ['x', 'y', 'z'];
const COLORS = ['#b0413e', '#5aa469', '#3d7fc1'];
const CELL_PX = 14;

// Fixed decimals, without a sign on what rounds to zero ("-0.000").
function fixed(x, digits) {
  const s = x.toFixed(digits);
  return Number(s) === 0 ? (0).toFixed(digits) : s;
}

// Force (N) to a colour: white at 0 through orange to dark red at `max`.
function heat(f, max) {
  const t = Math.max(0, Math.min(1, f / max));
  const r = Math.round(255 - 80 * t * t), g = Math.round(255 - 225 * t), b = Math.round(255 - 245 * Math.sqrt(t));
  return `rgb(${r},${g},${b})`;
}

export class SensorPanel {
  constructor(card) {
    this.card = card;
    this.body = card.querySelector('.sensor-body');
    this.chart = null;
    this.lastDraw = 0;
    this.data = { time: [], f: [[], [], []] };
    this.shown = null;  // the last readings drawn, for the page's state
  }

  // sensors: the first frame's readings (null: the scene has none).
  setScene(sensors) {
    this.chart?.destroy();
    this.chart = null;
    this.body.replaceChildren();
    this.data = { time: [], f: [[], [], []] };
    this.shown = null;
    this.card.hidden = !sensors || sensors.length === 0;
    if (this.card.hidden) return;
    const doc = this.card.ownerDocument;
    this.ft = sensors.find((s) => s.type === 'force_torque') ?? null;
    if (this.ft) {
      const title = doc.createElement('div');
      title.className = 'muted small';
      title.textContent = `${this.ft.name} on ${this.ft.body}: what the hand exerts on its mount, sensor frame`;
      this.table = doc.createElement('table');
      this.table.className = 'sensor-wrench';
      this.table.innerHTML = '<tr><th></th><th>x</th><th>y</th><th>z</th></tr>'
        + '<tr><th>force (N)</th><td></td><td></td><td></td></tr><tr><th>torque (N m)</th><td></td><td></td><td></td></tr>';
      const plot = doc.createElement('div');
      this.body.append(title, this.table, plot);
      this.chart = new uPlot({
        title: `${this.ft.name}: force (N, sensor frame)`,
        width: Math.max(220, Math.min(380, this.card.clientWidth - 16 || 300)), height: 120,
        scales: { x: { time: false } },
        axes: [{ label: 'time (s)', size: 30 }, { label: 'N', size: 50 }],
        series: [{ label: 't' }, ...AXES.map((a, k) => ({ label: `f${a}`, stroke: COLORS[k], width: 1.5 }))],
        legend: { live: false },
      }, [[], [], [], []], plot);
    }
    this.pads = sensors.filter((s) => s.type === 'tactile').map((s) => {
      const fig = doc.createElement('figure');
      fig.className = 'tactile';
      const canvas = doc.createElement('canvas');
      canvas.width = s.cols * CELL_PX;
      canvas.height = s.rows * CELL_PX;
      canvas.setAttribute('role', 'img');
      const caption = doc.createElement('figcaption');
      fig.append(canvas, caption);
      this.body.append(fig);
      return { name: s.name, rows: s.rows, cols: s.cols, canvas, caption };
    });
    if (this.pads.length) {
      const note = doc.createElement('p');
      note.className = 'muted small';
      note.textContent = 'Tactile pads: normal force per taxel, white 0 to dark red at the largest taxel; row 0 at the bottom.';
      this.body.append(note);
    }
    this.update(sensors);
  }

  // One frame's readings (the worker's `sensors`) at time t (s).
  update(sensors, t = null) {
    if (this.card.hidden || !sensors) return;
    this.shown = sensors;
    const ft = this.ft && sensors.find((s) => s.name === this.ft.name);
    if (ft) {
      const rows = this.table.rows;
      for (let k = 0; k < 3; ++k) {
        rows[1].cells[k + 1].textContent = fixed(ft.force[k], 3);
        rows[2].cells[k + 1].textContent = fixed(ft.torque[k], 4);
      }
      if (t !== null) {
        const d = this.data;
        if (d.time.length && t < d.time[d.time.length - 1]) { d.time.length = 0; d.f.forEach((f) => { f.length = 0; }); }
        if (!d.time.length || t > d.time[d.time.length - 1]) {
          d.time.push(t);
          for (let k = 0; k < 3; ++k) d.f[k].push(ft.force[k]);
          while (d.time.length > 2 && d.time[0] < t - WINDOW_S) { d.time.shift(); d.f.forEach((f) => f.shift()); }
        }
        const now = performance.now();
        if (now - this.lastDraw >= REDRAW_MS) {
          this.lastDraw = now;
          this.chart.setData([d.time, ...d.f]);
        }
      }
    }
    let max = 0.01;  // N: below this the map stays white
    const readings = this.pads.map((p) => sensors.find((s) => s.name === p.name));
    for (const r of readings) for (const x of r?.taxels ?? []) max = Math.max(max, x);
    this.pads.forEach((p, i) => {
      const r = readings[i];
      if (!r) return;
      const ctx = p.canvas.getContext('2d');
      for (let row = 0; row < p.rows; ++row) {
        for (let col = 0; col < p.cols; ++col) {
          ctx.fillStyle = heat(r.taxels[row * p.cols + col], max);
          ctx.fillRect(col * CELL_PX, (p.rows - 1 - row) * CELL_PX, CELL_PX - 1, CELL_PX - 1);
        }
      }
      const text = `${p.name}: ${r.total.toFixed(2)} N on ${p.rows} x ${p.cols} taxels`;
      p.caption.textContent = text;
      p.canvas.setAttribute('aria-label', `${text}; largest taxel ${Math.max(...r.taxels).toFixed(2)} N`);
    });
  }

  // For the page's state (tests): the readings drawn and the plot's samples.
  latest() {
    if (this.card.hidden || !this.shown) return null;
    return { samples: this.data.time.length, readings: this.shown, pads: this.pads.map((p) => p.caption.textContent) };
  }
}
