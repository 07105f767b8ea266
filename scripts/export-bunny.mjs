// Writes the Stanford bunny from the npm package `bunny` (public domain, from
// the Stanford 3D Scanning Repository) as an OBJ file, for native tests and
// assets: node scripts/export-bunny.mjs OUT.obj
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const bunny = require('bunny');
const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/export-bunny.mjs OUT.obj');
  process.exit(2);
}
const lines = ['# Stanford bunny (npm package "bunny", public domain; Stanford 3D Scanning Repository)'];
for (const [x, y, z] of bunny.positions) lines.push(`v ${x} ${y} ${z}`);
for (const [a, b, c] of bunny.cells) lines.push(`f ${a + 1} ${b + 1} ${c + 1}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, lines.join('\n') + '\n');
