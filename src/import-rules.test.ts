// The layering rules of biome.json (docs/architecture.md, Dependency direction), each proven on a file that
// breaks it and one that keeps it: Biome lints throwaway files laid out as src/ is, with this project's
// configuration and rule files, so a rule that stops matching fails here.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

const SHARED = 'src/shared is imported by both the server and the web app';
const SERVER = 'The server never imports web code';
const WEB = 'The web app never imports server code';
const CLIMB = 'A relative import never climbs';
const FEATURE = 'A feature imports no other feature';
const FEATURE_APP = 'A feature imports nothing from app/';
const WEB_BASE = 'components/, lib/ and i18n/ serve the features';
const SERVER_LIB = 'src/server/lib holds helpers for plugins and modules';
const PLUGINS = 'Plugins serve the modules and import none';
const MODULE = 'A module reaches another only through its service.ts or plugin.ts';
const UNIT_TEST = 'unit tests touch neither a database nor files nor images';

/** A file, one import in it, and the rule it breaks (null: it breaks none). */
const cases: [file: string, importLine: string, breaks: string | null][] = [
  ['src/shared/to-web.ts', "import { x } from '#web/lib/site-origin';", SHARED],
  ['src/shared/to-server.ts', "import { x } from '#server/config';", SHARED],
  ['src/shared/to-react.ts', "import { x } from 'react';", SHARED],
  ['src/shared/to-shared.ts', "import { x } from '#shared/listing';", null],
  ['src/server/to-web.ts', "import { x } from '#web/entry-server';", SERVER],
  ['src/server/db/to-react-dom.ts', "import { x } from 'react-dom/server';", SERVER],
  ['src/web/lib/to-server.ts', "import { x } from '#server/config';", WEB],
  ['src/web/features/home/to-server-late.tsx', "const x = () => import('#server/config');", WEB],
  ['src/web/to-fastify.ts', "import { x } from 'fastify';", WEB],
  ['src/web/lib/to-shared.ts', "import { x } from '#shared/listing';", null],

  ['src/web/features/a/b/c/d/e/f/climbs.tsx', "import { x } from '../../../../../../listings/api';", CLIMB],
  ['src/server/modules/leads/climbs.ts', "import { x } from '../staff/repository';", CLIMB],
  ['src/shared/climbs-through-dot.ts', "import { x } from './../web/lib/x';", CLIMB],
  ['src/web/lib/climbs-to-folder.ts', "export * from '..';", CLIMB],
  ['src/shared/reaches-tests.ts', "import { x } from '../../tests/support/listings';", CLIMB],
  ['src/shared/fixtures.test.ts', "import { x } from '../../tests/support/listings';", null],
  ['src/web/features/listings/components/goes-down.tsx', "import { x } from './report-dialog';", null],

  ['src/web/features/a/b/c/d/e/f/deep.tsx', "import { x } from '#web/features/listings/api/listings';", FEATURE],
  ['src/web/features/admin/late.tsx', "const x = () => import('#web/features/blog/api/blog');", FEATURE],
  ['src/web/features/admin/re-exports.ts', "export { x } from '#web/features/home';", FEATURE],
  ['src/web/features/admin/components/blog/own.tsx', "import { x } from '#web/features/admin/api/blog';", null],
  ['src/web/features/blog/to-app.tsx', "import { x } from '#web/app/routes';", FEATURE_APP],
  ['src/web/features/blog/to-lib.tsx', "import { x } from '#web/lib/site-origin';", null],
  ['src/web/lib/to-feature.ts', "import { x } from '#web/features/listings/api/listings';", WEB_BASE],
  ['src/web/components/ui/to-app.tsx', "import { x } from '#web/app/routes';", WEB_BASE],
  ['src/web/app/to-feature.tsx', "import { x } from '#web/features/listings/api/listings';", null],

  ['src/server/lib/to-plugin.ts', "import { x } from '#server/plugins/rate-limit';", SERVER_LIB],
  ['src/server/lib/to-module.ts', "import { x } from '#server/modules/staff/service';", SERVER_LIB],
  ['src/server/plugins/to-module.ts', "import { x } from '#server/modules/staff/service';", PLUGINS],
  ['src/server/modules/account/to-repository.ts', "import { x } from '#server/modules/staff/repository';", MODULE],
  ['src/server/modules/account/to-routes.ts', "import type { x } from '#server/modules/inquiries/routes';", MODULE],
  ['src/server/modules/account/to-service.ts', "import { x } from '#server/modules/staff/service';", null],
  ['src/server/modules/account/to-plugin.ts', "import { x } from '#server/modules/audit/plugin';", null],
  ['src/server/modules/account/to-sessions.ts', "import { x } from '#server/modules/auth/sessions';", null],
  ['src/server/modules/account/to-own.ts', "import { x } from '#server/modules/account/routes';", null],
  ['src/server/modules/account/to-lib.ts', "import { x } from '#server/lib/http-error';", null],

  ['src/server/lib/files.test.ts', "import { x } from 'node:fs';", UNIT_TEST],
  ['src/shared/database.test.ts', "import { x } from 'pg';", UNIT_TEST],
  ['src/server/modules/listings/database.test.ts', "import { x } from '#server/db/open-database';", UNIT_TEST],
];

let dir: string;
/** The messages Biome reported, by file. */
const reported = new Map<string, string[]>();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  config.plugins = (config.plugins ?? []).map((plugin: string) => path.resolve(ROOT, plugin));
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, importLine] of cases) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${importLine}\nexport const used = typeof x;\n`);
  }
  const biome = spawnSync(
    path.join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--reporter=github', '--max-diagnostics=none', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  // ::error title=<rule>,file=<path>,line=…::<message>
  for (const line of biome.stdout.split('\n')) {
    const match = /^::error title=[^,]*,file=([^,]+),.*?::(.*)$/.exec(line);
    if (!match) continue;
    const file = path.relative(dir, match[1]!).split(path.sep).join('/');
    reported.set(file, [...(reported.get(file) ?? []), match[2]!]);
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import rules', () => {
  it.each(cases)('%s: %s', (file, _importLine, breaks) => {
    const messages = (reported.get(file) ?? []).filter(
      // Rules that are not about layering (an unused name, say) do not concern this test.
      (message) =>
        [SHARED, SERVER, WEB, CLIMB, FEATURE, FEATURE_APP, WEB_BASE, SERVER_LIB, PLUGINS, MODULE, UNIT_TEST].some(
          (rule) => message.startsWith(rule),
        ),
    );
    if (breaks === null) expect(messages).toEqual([]);
    else expect(messages).toEqual([expect.stringContaining(breaks)]);
  });
});
