import { z } from 'zod';
import type { Database } from '#server/db/database';
import type { CheckResult, DependencyName } from './readiness';

/**
 * What /api/health and /api/ready answer, for the server's own routes and the probe thread
 * (probe-server.ts) alike.
 */

export const HealthResponse = z.object({
  /** `unavailable` only from the probe thread: the server stopped reporting (stuck). */
  status: z.enum(['ok', 'unavailable']),
  /** For the operator's eyes: liveness never fails for the database (readiness does). */
  database: z.object({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['up', 'down', 'full']) }),
});

const Check = z.object({ status: z.enum(['ok', 'failing']), problem: z.string().optional() });
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  /** The parts that fail, by name; `server` only from the probe thread: the server stopped reporting. */
  failing: z.array(z.enum(['database', 'uploads', 'server'])),
  /** uploads.store says where files live: the folder or the S3 bucket. */
  checks: z.object({ database: Check, uploads: Check.extend({ store: z.enum(['disk', 's3']) }) }),
});

export interface ProbeAnswer<Body> {
  statusCode: 200 | 503;
  body: Body;
}
export type HealthAnswer = ProbeAnswer<z.infer<typeof HealthResponse>>;
export type ReadyAnswer = ProbeAnswer<z.infer<typeof ReadyResponse>>;

/**
 * Liveness: the process answers (200), and says whether the database does. A database outage
 * is readiness's to say: a restart would not bring the database back, and an orchestrator
 * would restart every instance at once.
 */
export function healthAnswer(database: CheckResult, kind: Database['kind']): HealthAnswer {
  const status = database.status === 'ok' ? 'up' : database.problem === 'full' ? 'full' : 'down';
  return { statusCode: 200, body: { status: 'ok', database: { kind, status } } };
}

/** Readiness: this instance can serve every request now; not while it shuts down. */
export function readyAnswer(
  checks: Record<DependencyName, CheckResult>,
  store: 'disk' | 's3',
  draining: boolean,
): ReadyAnswer {
  const failing = (['database', 'uploads'] as const).filter((name) => checks[name].status !== 'ok');
  const status = draining ? 'draining' : failing.length > 0 ? 'unavailable' : 'ready';
  return {
    statusCode: status === 'ready' ? 200 : 503,
    body: { status, failing, checks: { database: checks.database, uploads: { ...checks.uploads, store } } },
  };
}

/** The latest answers the server sent the probe thread. */
export interface ProbeReport {
  health: HealthAnswer;
  ready: ReadyAnswer;
}

/**
 * A server whose main thread has not reported for this long is stuck, not busy (a report comes
 * four times a second, seconds later under a peak's load): the probe thread then answers 503,
 * and an orchestrator restarts it (PROBE_STUCK_SERVER_SECONDS).
 */
export const STUCK_SERVER_MS = 30_000;

/**
 * The probe thread's answers from the last report, received `silentMs` ago (none yet:
 * starting); a server silent for `stuckMs` is stuck.
 */
export function probeThreadAnswers(report: ProbeReport | undefined, silentMs: number, stuckMs: number): ProbeReport {
  if (report && silentMs < stuckMs) return report;
  const database: CheckResult = report?.ready.body.checks.database ?? { status: 'failing', problem: 'unavailable' };
  const uploads = report?.ready.body.checks.uploads ?? { status: 'failing', problem: 'unavailable', store: 'disk' };
  return {
    health: {
      statusCode: 503,
      body: {
        status: 'unavailable',
        database: { kind: report?.health.body.database.kind ?? 'postgres', status: 'down' },
      },
    },
    ready: {
      statusCode: 503,
      body: { status: 'unavailable', failing: ['server'], checks: { database, uploads } },
    },
  };
}

/** Where the probe thread listens, and when it calls the server stuck. */
export interface ProbeThreadOptions {
  port: number;
  host: string;
  stuckServerMs: number;
}

/** From the server to the probe thread. */
export type ToProbeThread = { type: 'report'; report: ProbeReport } | { type: 'close' };

/** The probe thread's nice value where allowed: it then runs before any default-priority thread ready to run. */
export const PROBE_THREAD_PRIORITY = -10;

/** From the probe thread to the server. */
export type FromProbeThread = { type: 'listening'; port: number } | { type: 'failed'; message: string };
