/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * Returns, for page modules (manifest keys, as the page renderer names them for a URL), the
 * built JS files they need beyond the entry. Preloading them with the HTML saves a round trip
 * on a first visit: the browser fetches the page's code alongside the app's, not after it.
 */
export function createModulePreloads(manifest: ViteManifest): (modules: string[]) => string[] {
  const cache = new Map<string, string[]>();
  const collect = (key: string, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dependency of chunk.imports ?? []) collect(dependency, seen);
  };
  const filesOf = (key: string) => {
    let files = cache.get(key);
    if (!files) {
      const seen = new Set<string>();
      collect(key, seen);
      files = [...seen]
        .map((k) => manifest[k])
        .filter((chunk): chunk is ViteManifestChunk => Boolean(chunk && !chunk.isEntry))
        .map((chunk) => `/${chunk.file}`);
      cache.set(key, files);
    }
    return files;
  };
  return (modules) => [...new Set(modules.flatMap(filesOf))];
}
