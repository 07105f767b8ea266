// A small static file server for the built page (build/web). Used by the
// main job (scripts/run.sh) and by the browser tests, so both serve the page
// the same way. Binds to 127.0.0.1 only.
//
//   node scripts/serve.mjs [DIR] [--port N]     prints the URL, serves until killed
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.obj': 'text/plain; charset=utf-8', '.stl': 'application/octet-stream', '.urdf': 'application/xml',
};

export function startServer(dir, { port = 0, host = '127.0.0.1' } = {}) {
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html not found: build the page first (npm run build:web)`);
  }
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(root, path.normalize(rel));
    if (!file.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file)] || 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, url: `http://${host}:${actual}/` });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const portIndex = args.indexOf('--port');
  const port = portIndex >= 0 ? Number(args.splice(portIndex, 2)[1]) : 8080;
  const dir = args[0] || fileURLToPath(new URL('../build/web', import.meta.url));
  try {
    const { url } = await startServer(dir, { port });
    console.log(`grasplab is being served at ${url}  (Ctrl+C to stop)`);
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(2);
  }
}
