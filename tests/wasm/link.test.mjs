// Share links: the page's encoder (web/src/link.js, fflate) and the CLI's
// (zlib) read each other's links, and a link reproduces its scene exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { repoRoot, runNative } from './load_module.mjs';
import { decodeLink, encodeLink, MAX_LINK_BYTES } from '../../web/src/link.js';

const cli = `${repoRoot}build/native/grasplab`;
const scenes = JSON.parse(fs.readFileSync(`${repoRoot}assets/scenes/index.json`, 'utf8')).scenes.map((s) => s.file);

for (const file of scenes) {
  test(`${file}: file -> CLI link -> page decoder -> page encoder -> CLI, same state hash`, () => {
    const path = `${repoRoot}assets/scenes/${file}`;
    const text = fs.readFileSync(path, 'utf8');
    const link = spawnSync(cli, ['link', path], { encoding: 'utf8' }).stdout.trim();
    assert.ok(link.length < MAX_LINK_BYTES, `${link.length} characters`);
    const decoded = decodeLink(link.slice(link.indexOf('#')));
    assert.equal(decoded.text, text);
    const again = encodeLink({ text: decoded.text }, { camera: [1, -1, 0.5], target: [0, 0, 0.1], running: true });
    const fromLink = runNative([`http://127.0.0.1:8080/${again}`, '--steps', '400']);
    const fromFile = runNative([path, '--steps', '400']);
    assert.equal(fromLink.stateHash, fromFile.stateHash);
    const view = decodeLink(again);
    assert.deepEqual(view.view, { camera: [1, -1, 0.5], target: [0, 0, 0.1] });
    assert.equal(view.running, true);
  });
}

test('a 300-body scene fits in a link; damaged links are refused with a message', () => {
  const bodies = [{ name: 'ground', static: true, shape: { type: 'plane' } }];
  for (let k = 0; k < 300; ++k) {
    bodies.push({ name: `box${k}`, mass: 0.2, shape: { type: 'box', size: [0.05, 0.05, 0.05] },
      position: [0.06 * (k % 10), 0.06 * (Math.floor(k / 10) % 10), 0.026 + 0.051 * Math.floor(k / 100)] });
  }
  const link = encodeLink({ text: JSON.stringify({ format: 'grasplab-scene', version: 1, bodies }) });
  assert.ok(link.length < MAX_LINK_BYTES, `${link.length} characters`);
  assert.throws(() => decodeLink(link.slice(0, 200)), /does not decompress/);
  assert.throws(() => decodeLink('#scene=abc$'), /not base64url/);
  assert.equal(decodeLink('#nothing=1'), null);
  // A 70 MB run of spaces deflates to a small link; opening it is refused.
  const bomb = encodeLink({ text: ' '.repeat(70 * 1024 * 1024) });
  assert.ok(bomb.length < 200000, `${bomb.length}`);
  assert.throws(() => decodeLink(bomb), /inflates to more than/);
  const r = spawnSync(cli, ['run', `#scene=${link.slice(7, 300)}`], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /link: not a complete DEFLATE stream/);
});

test('a #builtin= link names a bundled scene file, never a path', () => {
  assert.equal(decodeLink('#builtin=barrett-handset').builtin, 'barrett-handset');
  for (const bad of ['../../etc/passwd', 'scenes/x', 'a.json', '']) {
    assert.throws(() => decodeLink(`#builtin=${encodeURIComponent(bad)}`), { message: `link: "${bad}" is not a bundled scene's name` });
  }
});
