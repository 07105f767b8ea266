// Keeps the drawing at 30 frames per second or more by lowering the
// canvas resolution (the renderer's pixel ratio) when draws come slower, and
// raising it again when there is room. Software WebGL (SwiftShader) spends
// its time per pixel, so a quarter of the pixels draws about twice as fast
// (docs/benchmarks.md: the handset at 15 fps full size, 30 at half).
// A `?scale=` in the URL fixes the ratio and turns this off.
//
// Rule, over windows of WINDOW draws while the simulation runs: median
// interval above SLOW_MS -> one step down (to MIN_SCALE at least); below
// FAST_MS for UP_WINDOWS windows in a row -> one step back up.
const WINDOW = 30;
const SLOW_MS = 36;     // under ~28 fps
const FAST_MS = 22;     // over ~45 fps
const UP_WINDOWS = 4;
const STEP = 0.25;
const MIN_SCALE = 0.5;

export class AdaptiveQuality {
  constructor(view) {
    this.view = view;
    this.fixed = new URLSearchParams(location.search).has('scale');
    this.base = view.renderer.getPixelRatio();
    this.scale = 1;         // fraction of the base pixel ratio
    this.window = [];
    this.fastWindows = 0;
    this.changes = 0;
  }

  // One draw `intervalMs` after the previous, while the simulation runs.
  sample(intervalMs) {
    if (this.fixed) return;
    this.window.push(intervalMs);
    if (this.window.length < WINDOW) return;
    const sorted = this.window.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    this.window = [];
    if (median > SLOW_MS && this.scale > MIN_SCALE) {
      this.set(Math.max(MIN_SCALE, this.scale - STEP));
      this.fastWindows = 0;
    } else if (median < FAST_MS && this.scale < 1) {
      if (++this.fastWindows >= UP_WINDOWS) {
        this.set(Math.min(1, this.scale + STEP));
        this.fastWindows = 0;
      }
    } else {
      this.fastWindows = 0;
    }
  }

  set(scale) {
    this.scale = scale;
    ++this.changes;
    this.view.renderer.setPixelRatio(this.base * scale);
    this.view.resize();
  }

  // For the status bar: empty at full resolution.
  label() {
    return this.scale < 1 ? `drawn at ${Math.round(this.scale * 100)} % resolution to keep 30 fps` : '';
  }
}
