// The last step of `npm run build:web`: fails the build when the browser code or the page
// renderer holds React's development build, twice the size and much slower (the renderer
// served ~40 % fewer pages a second with it). Vite builds it whenever NODE_ENV says so (the
// test runners set NODE_ENV=test or development), so the build script sets
// NODE_ENV=production itself, and the renderer carries its own React (vite.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BUILDS = ['dist/web/assets', 'dist/ssr'];
// Strings only React's development builds hold (react-dom's client and server renderers).
const DEVELOPMENT_REACT = ['Download the React DevTools', 'is using incorrect casing'];
// React loaded from node_modules at run time picks its build from the server's NODE_ENV then.
const REACT_FROM_NODE_MODULES = /\bfrom\s*["'](react|react-dom)(\/[^"']*)?["']/;

const offenders = BUILDS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(dir, name))
    .filter((file) => {
      const code = readFileSync(file, 'utf8');
      return DEVELOPMENT_REACT.some((marker) => code.includes(marker)) || REACT_FROM_NODE_MODULES.test(code);
    }),
);
if (offenders.length > 0) {
  console.error(
    `${offenders.join(', ')}: React's development build, or React left to node_modules. npm run build:web makes the production one.`,
  );
  process.exit(1);
}
