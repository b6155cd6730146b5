import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError } from '../../db/database';
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
/** How long a probe waits for its own check while the dependency fails, to see a recovery. */
export const FAILING_PROBE_WAIT_MS = 250;
/** A check running this long means the dependency hangs: failing, whatever it last said. */
export const STUCK_CHECK_MS = 1_000;
/** A healthy state a check found this recently is answered at once, with a new check begun. */
export const FRESH_STATE_MS = 1_000;

export interface DependencyCheck {
  /** The dependency's state for a probe, within about `waitMs`. */
  probe(): Promise<CheckResult>;
  /** A request just found the dependency unavailable: probes say so until a check succeeds. */
  failed(error: unknown): void;
}

const STUCK: CheckResult = { status: 'failing', problem: 'unavailable' };

/**
 * Null once the callbacks already due have run (a closed client rejects on the next tick),
 * without waiting for the event loop's next turn, which under load takes tens of milliseconds.
 */
async function afterPendingCallbacks(): Promise<null> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => process.nextTick(resolve));
  return null;
}

/** Why a dependency fails, as readiness names it. */
function failure(error: unknown): CheckResult {
  return { status: 'failing', problem: error instanceof StorageUnavailableError ? error.problem : 'unavailable' };
}

/**
 * A dependency check for probes that must answer at once under any load: while healthy, each
 * probe starts the check (or joins the one in flight, so probes never pile checks up); it
 * answers at once when a check found the dependency healthy within `freshMs`, else waits for
 * it at most `waitMs`; a check still running then (the embedded database's queue
 * under load) leaves the probe with the last known state. Requests that found the dependency
 * unavailable set that state too, and a check stuck past `stuckMs` is a failure. While
 * failing, each probe starts a check of its own and waits up to `failingWaitMs`, so a recovery
 * shows on the next probe. The first probe waits for the first check.
 */
export function createDependencyCheck(
  run: () => Promise<void>,
  {
    waitMs = PROBE_WAIT_MS,
    failingWaitMs = FAILING_PROBE_WAIT_MS,
    stuckMs = STUCK_CHECK_MS,
    freshMs = FRESH_STATE_MS,
    onFailure,
    clock = performance,
  }: {
    waitMs?: number;
    failingWaitMs?: number;
    stuckMs?: number;
    freshMs?: number;
    onFailure?: (error: unknown) => void;
    clock?: { now(): number };
  } = {},
): DependencyCheck {
  let last: CheckResult | null = null;
  /** When a check last found `last` (a request's failure or a stuck check is never fresh). */
  let lastCheckedAt = Number.NEGATIVE_INFINITY;
  let running: { result: Promise<CheckResult>; since: number } | null = null;
  const start = () => {
    // A stuck check means the dependency hangs; it is left behind, so a new check sees the
    // dependency come back at once.
    if (running && clock.now() - running.since >= stuckMs) {
      last = STUCK;
      running = null;
    }
    // While failing, each probe checks anew: one begun during the outage says nothing of now.
    if (last?.status === 'failing') running = null;
    if (running) return running;
    const check: { result: Promise<CheckResult>; since: number } = {
      since: clock.now(),
      result: run()
        .then(
          (): CheckResult => ({ status: 'ok' }),
          (error: unknown): CheckResult => {
            onFailure?.(error);
            return failure(error);
          },
        )
        .then((result) => {
          // Only the latest check speaks: one left behind may end long after.
          if (running === check) {
            last = result;
            lastCheckedAt = clock.now();
            running = null;
          }
          return result;
        }),
    };
    running = check;
    return check;
  };
  return {
    async probe() {
      const check = start();
      if (!last) return check.result;
      // Healthy a moment ago: say so now, even while the event loop or the database's queue
      // makes the new check slow; a check that fails straight away (a closed database) still
      // counts, and a failure a request meets shows at once too (failed()).
      if (last.status === 'ok' && clock.now() - lastCheckedAt < freshMs) {
        return (await Promise.race([check.result, afterPendingCallbacks()])) ?? last;
      }
      // Healthy: answer at once under any load. Failing: wait longer, to see a recovery now.
      const patience = last.status === 'ok' ? waitMs : failingWaitMs;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, patience, null);
      });
      const result = await Promise.race([check.result, waited]);
      clearTimeout(timer);
      return result ?? last;
    },
    failed(error) {
      last = failure(error);
      lastCheckedAt = Number.NEGATIVE_INFINITY;
    },
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
    const checks: Record<DependencyName, DependencyCheck> = {
      database: createDependencyCheck(() => app.db.ping(), { onFailure: logFailure('database') }),
      uploads: createDependencyCheck(() => app.storage.checkWritable(), { onFailure: logFailure('uploads') }),
    };
    // A request that found a dependency down tells the probes at once.
    app.addHook('onError', async (_request, _reply, error) => {
      // A request that waited too long for a busy pool says nothing of the database itself:
      // the check on its own connection does.
      if (error instanceof DatabaseUnavailableError && !error.busy) checks.database.failed(error);
      if (error instanceof StorageUnavailableError) checks.uploads.failed(error);
    });
    // The first probe then finds a result already (or one on its way).
    app.addHook('onReady', async () => {
      for (const check of Object.values(checks)) void check.probe();
    });
    let draining = false;
    app.decorate<Readiness>('readiness', {
      check: (name) => checks[name].probe(),
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
