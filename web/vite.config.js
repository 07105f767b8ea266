// Vite builds web/ into build/web. The WASM module comes from the Emscripten
// build in build/wasm (cmake --preset wasm && cmake --build --preset wasm).
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const wasmDir = fileURLToPath(new URL('../build/wasm', import.meta.url));

export default defineConfig({
  root,
  base: './',
  resolve: { alias: { '@wasm': wasmDir } },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../build/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'static',  // assets/ is the project's scenes, robots and objects (scripts/build.sh copies it)
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // The page, the embedding example, and the <grasplab-scene> element as
      // a stable script (grasplab-scene.js at the root) any page can load.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        embed: fileURLToPath(new URL('embed/example.html', import.meta.url)),
        'grasplab-scene': fileURLToPath(new URL('src/grasplab_scene.js', import.meta.url)),
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'grasplab-scene' ? 'grasplab-scene.js' : 'static/[name]-[hash].js'),
      },
    },
  },
  server: { fs: { allow: [root, wasmDir, fileURLToPath(new URL('../node_modules', import.meta.url))] } },
});
