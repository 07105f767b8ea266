// Share links (docs/scene-format.md, "Links"): the whole scene in the URL
// fragment, raw DEFLATE (fflate) then base64url, plus the viewer state.
//   #scene=<base64url>&view=cx,cy,cz,tx,ty,tz&run=1
//   #builtin=<name>&view=...            (a scene compiled into the module)
//   ...&teleop=<base64url>&steps=N      a teleoperation session (docs/teleoperation.md): its records'
//                                       JSON (core/io/teleop_json.h), raw DEFLATE then base64url as the
//                                       scene; opening replays them for N steps, paused, to the state
//                                       it was shared in (the same state hash)
// The native CLI reads the same links (cli/scene_link.h).
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';

export const MAX_LINK_BYTES = 8192;  // beyond this the page offers the file instead
const MAX_OPENED_LINK_CHARS = 4 * 1024 * 1024;  // links are untrusted: bounded as in the CLI
const MAX_SCENE_BYTES = 64 * 1024 * 1024;        // the loader's bound on scene text

// Raw DEFLATE, refusing output beyond MAX_SCENE_BYTES (a small link must not
// inflate into gigabytes).
function inflateBounded(bytes) {
  const chunks = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > MAX_SCENE_BYTES) throw new Error(`inflates to more than ${MAX_SCENE_BYTES} bytes`);
    chunks.push(chunk);
  });
  inflater.push(bytes, true);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text, what = 'the scene') {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error(`link: ${what} is not base64url`);
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; ++i) out[i] = b.charCodeAt(i);
  return out;
}

// { scene: text } or { builtin: name }, and view: { camera, target, running };
// teleop: { text, steps } (a session's records and the step count) or null.
export function encodeLink(source, view, teleop = null) {
  const parts = [];
  if (source.text !== null && source.text !== undefined) {
    parts.push(`scene=${toBase64Url(deflateSync(strToU8(source.text), { level: 9 }))}`);
  } else {
    parts.push(`builtin=${encodeURIComponent(source.builtin)}`);
  }
  if (view) {
    const r = (x) => Number(x.toFixed(4));
    parts.push(`view=${[...view.camera, ...view.target].map(r).join(',')}`);
    if (view.running && !teleop) parts.push('run=1');
  }
  if (teleop) {
    parts.push(`teleop=${toBase64Url(deflateSync(strToU8(teleop.text), { level: 9 }))}`);
    parts.push(`steps=${teleop.steps}`);
  }
  return `#${parts.join('&')}`;
}

// Parses a fragment; null when it holds no scene. Throws with a message on
// a damaged link.
export function decodeLink(hash) {
  if (hash.length > MAX_OPENED_LINK_CHARS) throw new Error(`link: longer than ${MAX_OPENED_LINK_CHARS} characters`);
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out = { text: null, builtin: null, view: null, running: params.get('run') === '1', teleop: null, steps: 0 };
  if (params.has('scene')) {
    let bytes;
    try {
      bytes = inflateBounded(fromBase64Url(params.get('scene')));
    } catch (e) {
      throw new Error(`link: the scene does not decompress (${e.message}); the link may be cut short`);
    }
    out.text = strFromU8(bytes);
  } else if (params.has('builtin')) {
    // A bundled scene's file name (assets/scenes/NAME.json), never a path.
    out.builtin = params.get('builtin');
    if (!/^[A-Za-z0-9_-]+$/.test(out.builtin)) throw new Error(`link: "${out.builtin}" is not a bundled scene's name`);
  } else {
    return null;
  }
  if (params.has('teleop')) {
    if (out.text === null) throw new Error('link: teleop records need the scene in the link (#scene=...)');
    try {
      out.teleop = strFromU8(inflateBounded(fromBase64Url(params.get('teleop'), 'teleop')));
    } catch (e) {
      throw new Error(`link: the teleoperation records do not decompress (${e.message}); the link may be cut short`);
    }
    const steps = params.has('steps') ? Number(params.get('steps')) : 0;
    if (!(Number.isInteger(steps) && steps >= 0 && steps <= 1e6)) {
      throw new Error(`link: steps must be a whole number in [0, 1e6], got "${params.get('steps')}"`);
    }
    out.steps = steps;
  }
  if (params.has('view')) {
    const v = params.get('view').split(',').map(Number);
    if (v.length === 6 && v.every(Number.isFinite)) out.view = { camera: v.slice(0, 3), target: v.slice(3) };
  }
  return out;
}
