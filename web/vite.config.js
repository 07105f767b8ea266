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
  },
  server: { fs: { allow: [root, wasmDir, fileURLToPath(new URL('../node_modules', import.meta.url))] } },
});
