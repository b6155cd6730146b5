import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseFullError, DatabaseUnavailableError } from '#server/db/database';
import { StorageUnavailableError } from '#server/storage/object-storage';

export interface CheckResult {
  status: 'ok' | 'failing';
  /**
   * Why it fails: `full` (the disk), a storage problem (`not-writable`, `unreachable`), else
   * `unavailable`.
   */
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
/** How long a probe waits for the check while the dependency fails or is in doubt, to see now. */
export const FAILING_PROBE_WAIT_MS = 250;
/**
 * A check of its own running this long means the dependency hangs: failing. Far above what a
 * busy event loop or a queue of visitors' statements delays a check by; the database's own
 * check fails sooner on its own limits (PostgreSQL: the connect and statement timeouts).
 */
export const STUCK_CHECK_MS = 30_000;
/** A healthy state a check found this recently is answered at once, with a new check begun. */
export const FRESH_STATE_MS = 1_000;

export interface DependencyCheck {
  /** The dependency's state for a probe, within about `waitMs`. */
  probe(): Promise<CheckResult>;
  /**
   * A request just met an error that may mean the dependency fails: a check of its own starts
   * now, and the next probe waits for it a little longer. The request's error alone decides nothing.
   */
  doubt(): void;
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
  const problem =
    error instanceof StorageUnavailableError
      ? error.problem
      : error instanceof DatabaseFullError
        ? 'full'
        : 'unavailable';
  return { status: 'failing', problem };
}

/**
 * A dependency check for probes that must answer at once under any load, and tell the truth:
 * the state is what the latest check of its own found (its own connection, its own write),
 * never a visitor's request that waited too long, nor the time a busy event loop or a queue
 * of statements made the check wait. One check runs at a time while healthy (probes join it,
 * so they never pile checks up), and one more per `failingWaitMs` while failing. A probe
 * answers at once when a check found the dependency healthy within `freshMs`, else waits for
 * the check at most `waitMs` (`failingWaitMs` while failing or in doubt, to see a recovery or
 * an outage now), then answers the last known state. A check still running after `stuckMs`
 * counts as failing, and a new one starts. The first probe waits for the first check.
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
  /** Which check found `last`: checks are numbered as they start, and only a later one speaks after it. */
  let lastFrom = 0;
  /** When a check last found `last` (a stuck check is never fresh). */
  let lastCheckedAt = Number.NEGATIVE_INFINITY;
  let doubted = false;
  let started = 0;
  let running: { result: Promise<CheckResult>; since: number; number: number } | null = null;
  const start = () => {
    // A stuck check means the dependency hangs; it is left behind, so a new check sees the
    // dependency come back at once.
    if (running && clock.now() - running.since >= stuckMs) {
      if (running.number > lastFrom) {
        last = STUCK;
        lastFrom = running.number;
        lastCheckedAt = Number.NEGATIVE_INFINITY;
      }
      running = null;
    }
    // While failing, a check begun a while ago may be one the outage holds up (a connection
    // to a frozen server): a new one beside it sees a recovery now. Never more than one per wait.
    const overdue = last?.status === 'failing' && running && clock.now() - running.since >= failingWaitMs;
    if (running && !overdue) return running;
    const number = ++started;
    const check: { result: Promise<CheckResult>; since: number; number: number } = {
      since: clock.now(),
      number,
      result: run()
        .then(
          (): CheckResult => ({ status: 'ok' }),
          (error: unknown): CheckResult => {
            onFailure?.(error);
            return failure(error);
          },
        )
        .then((result) => {
          // A check left behind as stuck may end long after a later one: the later one speaks.
          if (number > lastFrom) {
            last = result;
            lastFrom = number;
            lastCheckedAt = clock.now();
            doubted = false;
          }
          if (running === check) running = null;
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
      // makes the new check slow; a check that fails straight away (a closed database) still counts.
      if (last.status === 'ok' && !doubted && clock.now() - lastCheckedAt < freshMs) {
        return (await Promise.race([check.result, afterPendingCallbacks()])) ?? last;
      }
      const patience = last.status === 'ok' && !doubted ? waitMs : failingWaitMs;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<null>((resolve) => {
        timer = setTimeout(resolve, patience, null);
      });
      const result = await Promise.race([check.result, waited]);
      clearTimeout(timer);
      return result ?? last ?? STUCK;
    },
    doubt() {
      doubted = true;
      void start();
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
    // The database's check is a ping; once a request found its disk full, also a write of its
    // own (until one passes): a ping needs no disk, and a write on every probe would churn its catalog.
    let writeCheckDue = false;
    const checkDatabase = async () => {
      await app.db.ping();
      if (!writeCheckDue) return;
      await app.db.checkWritable();
      writeCheckDue = false;
    };
    const checks: Record<DependencyName, DependencyCheck> = {
      database: createDependencyCheck(checkDatabase, { onFailure: logFailure('database') }),
      uploads: createDependencyCheck(() => app.storage.checkWritable(), { onFailure: logFailure('uploads') }),
    };
    // A request that met an outage has the checks look now: their own finding decides. A
    // request that waited too long for a busy pool says nothing of the database at all.
    app.addHook('onError', async (_request, _reply, error) => {
      if (error instanceof DatabaseFullError) writeCheckDue = true;
      if ((error instanceof DatabaseUnavailableError && !error.busy) || error instanceof DatabaseFullError) {
        checks.database.doubt();
      }
      if (error instanceof StorageUnavailableError) checks.uploads.doubt();
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
