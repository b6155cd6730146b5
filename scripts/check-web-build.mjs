// The last step of `npm run build:web`: fails the build when the browser code holds React's
// development build, which is twice the size and several times slower to hydrate. Vite builds
// it whenever NODE_ENV says so (the test runners set NODE_ENV=test or development), so the
// build script sets NODE_ENV=production itself; this check keeps it that way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ASSETS = 'dist/web/assets';
// Printed only by react-dom's development build (node_modules/react-dom/cjs/*.development.js).
const DEVELOPMENT_REACT = 'Download the React DevTools';

const offenders = readdirSync(ASSETS).filter(
  (name) => name.endsWith('.js') && readFileSync(path.join(ASSETS, name), 'utf8').includes(DEVELOPMENT_REACT),
);
if (offenders.length > 0) {
  console.error(
    `${offenders.join(', ')}: React's development build. Build with NODE_ENV=production (npm run build:web does).`,
  );
  process.exit(1);
}
