import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StorageUnavailableError } from '../../storage/object-storage';

export interface CheckResult {
  status: 'ok' | 'failing';
  /** Why it fails: a storage problem (`full`, `not-writable`, `unreachable`), else `unavailable`. */
  problem?: string;
}

/** The dependencies readiness checks, by name. */
export type DependencyName = 'database' | 'uploads';

export interface Readiness {
  /** The latest state of a dependency (see createDependencyCheck). */
  check(name: DependencyName): Promise<CheckResult>;
  /** Shutdown has begun: readiness answers 503 from now on, so load balancers stop sending. */
  drain(): void;
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** How long a probe waits for a check in flight before it answers the last known state. */
export const PROBE_WAIT_MS = 50;

/**
 * A dependency check for probes that must answer at once under any load: each probe starts
 * the check (or joins the one in flight, so probes never pile checks up) and waits for it at
 * most `waitMs`; a check still running then (a frozen database, the embedded database's
 * queue under load) leaves the probe with the last finished result, and its own result
 * serves the next probe. The first probe waits for the first check.
 */
export function createDependencyCheck(
  run: () => Promise<void>,
  { waitMs = PROBE_WAIT_MS, onFailure }: { waitMs?: number; onFailure?: (error: unknown) => void } = {},
): () => Promise<CheckResult> {
  let last: CheckResult | null = null;
  let running: Promise<CheckResult> | null = null;
  const start = () => {
    running ??= run()
      .then(
        (): CheckResult => ({ status: 'ok' }),
        (error: unknown): CheckResult => {
          onFailure?.(error);
          return {
            status: 'failing',
            problem: error instanceof StorageUnavailableError ? error.problem : 'unavailable',
          };
        },
      )
      .then((result) => {
        last = result;
        running = null;
        return result;
      });
    return running;
  };
  return async () => {
    if (!last) return start();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(resolve, waitMs, null);
    });
    const result = await Promise.race([start(), waited]);
    clearTimeout(timer);
    return result ?? last ?? start();
  };
}

/**
 * What the probes read (`/api/health`, `/api/ready`): the database and the photo store,
 * checked as probes ask (createDependencyCheck), and whether the server is shutting down.
 */
export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    const logFailure = (name: DependencyName) => (error: unknown) =>
      app.log.warn({ err: error, dependency: name }, 'readiness check failed');
    const checks: Record<DependencyName, () => Promise<CheckResult>> = {
      database: createDependencyCheck(() => app.db.ping(), { onFailure: logFailure('database') }),
      uploads: createDependencyCheck(() => app.storage.checkWritable(), { onFailure: logFailure('uploads') }),
    };
    // The first probe then finds a result already (or one on its way).
    app.addHook('onReady', async () => {
      for (const check of Object.values(checks)) void check();
    });
    let draining = false;
    app.decorate<Readiness>('readiness', {
      check: (name) => checks[name](),
      drain() {
        draining = true;
      },
      get draining() {
        return draining;
      },
    });
  },
  { name: 'readiness', dependencies: ['app-context'] },
);
