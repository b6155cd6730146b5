// Bundles the server and its command-line tools into dist/server (dependencies stay in node_modules).
import { existsSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const entryPoints = [
  'src/server/server.ts',
  'src/server/cli/seed.ts',
  'src/server/cli/admin.ts',
  'src/server/cli/storage-copy.ts',
  'src/server/cli/backup.ts',
  'src/server/cli/restore.ts',
].filter((f) => existsSync(f));
await build({
  entryPoints,
  outbase: 'src/server',
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync('dist/.build-stamp', new Date().toISOString());
console.log(`built ${entryPoints.length} server entry points into dist/server`);
