// The asset files a scene needs: every string "assets/..." anywhere in its
// JSON (robot models, meshes). The worker fetches them before loading the
// scene; the Node tests read them from disk the same way.
export function assetPaths(value, out = new Set()) {
  if (typeof value === 'string' && value.startsWith('assets/')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => assetPaths(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => assetPaths(v, out));
  return out;
}
