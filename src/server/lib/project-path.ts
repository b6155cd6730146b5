import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Found by walking up to package.json, so it holds from src/ (tsx, vitest) and from dist/ alike.
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

const root = findRoot();

/** An absolute path inside the project, from a path relative to its root. */
export function projectPath(...segments: string[]): string {
  return path.join(root, ...segments);
}
