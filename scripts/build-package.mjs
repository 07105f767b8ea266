// Builds the npm package of the grasplab library (package/: its API and
// types) into build/package/ and packs it as build/grasplab-VERSION.tgz
// (`npm pack`; publishing is out of scope). The WASM module is build/wasm's;
// link.js, scene_assets.js and protocol.js are the page's own, copied; fflate
// is vendored (fflate.js).
// Usage: node scripts/build-package.mjs   (after the WASM build)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

const root = new URL('../', import.meta.url);
const out = new URL('build/package/', root);
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const copy = (from, to = from.replace(/^.*\//, '')) => fs.copyFileSync(new URL(from, root), new URL(to, out));
copy('build/wasm/grasplab_wasm.mjs');
copy('build/wasm/grasplab_wasm.wasm');
// link.js imports fflate; the package vendors fflate's ES module build (MIT)
// so that it has no dependencies and loads in a browser without a bundler.
const link = fs.readFileSync(new URL('web/src/link.js', root), 'utf8');
if (!link.includes("from 'fflate';")) throw new Error("build-package: web/src/link.js no longer imports from 'fflate'");
fs.writeFileSync(new URL('link.js', out), link.replace("from 'fflate';", "from './fflate.js';"));
copy('node_modules/fflate/esm/browser.js', 'fflate.js');
copy('node_modules/fflate/LICENSE', 'fflate.LICENSE');
copy('web/src/scene_assets.js');
copy('web/src/protocol.js');
copy('package/index.js');
copy('package/worker.js');
copy('package/index.d.ts');
copy('package/README.md');
const app = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8'));
const pkg = {
  name: 'grasplab',
  version: app.version,
  description: 'GraspIt!-style grasping dynamics (LCP contact, friction cones, force closure) as WebAssembly, for Node and browsers',
  type: 'module',
  license: app.license,
  main: './index.js',
  types: './index.d.ts',
  exports: { '.': { types: './index.d.ts', default: './index.js' } },
  files: ['index.js', 'worker.js', 'index.d.ts', 'link.js', 'fflate.js', 'fflate.LICENSE', 'scene_assets.js', 'protocol.js',
    'grasplab_wasm.mjs', 'grasplab_wasm.wasm', 'README.md'],
  engines: app.engines,
};
fs.writeFileSync(new URL('package.json', out), `${JSON.stringify(pkg, null, 2)}\n`);
const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', '..'], { cwd: out, encoding: 'utf8' }).trim();
console.log(`build/${tarball}`);
