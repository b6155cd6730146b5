import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '#server/db/database';
import type { AuditAction, AuditEntityType, FieldChange } from '#shared/audit';
import { type AuditRecord, auditRepository, sweepOldAuditEntries } from './repository';

/** What a route says happened (docs/product.md#audit-log). */
export interface AuditEvent {
  action: AuditAction;
  /** What it happened to; the title as it was (a deleted listing keeps its name here). */
  entity?: { type: AuditEntityType; id: string; title?: string | null };
  /** Changed fields, `{ field: { from, to } }` (see `changedFields`), or a few facts (`{ reason }`). */
  changes?: Record<string, unknown> | null;
  /** Who, when nobody is signed in yet (a sign-in attempt): the account tried and the name typed. */
  actor?: { id: string | null; username: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: {
      /** Writes entries; pass the transaction's `db` so an entry commits or rolls back with its change. */
      record(events: AuditEvent | AuditEvent[], context: { request?: FastifyRequest; db?: Queryable }): Promise<void>;
      /** Runs the retention sweep now (it also runs at start and daily). */
      sweep(): Promise<number>;
    };
  }
  interface FastifyRequest {
    /**
     * Records what this staff request did, as its signed-in member, from its address:
     * `await request.audit({ action: 'listing.update', entity: { type: 'listing', id, title }, changes })`.
     * Inside a transaction, pass it: `request.audit(event, tx)`.
     */
    audit(events: AuditEvent | AuditEvent[], db?: Queryable): Promise<void>;
  }
}

/** Who an entry names when the command line acted (`npm run admin`, `npm run backup`). */
export const COMMAND_LINE_ACTOR = '(command line)';

/** Keys whose values never reach the log, whatever a route passes. */
const SECRET_KEY = /pass(word)?|secret|token|hash|recovery|otp|code$/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner, depth + 1)]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of a record, as `{ field: { from, to } }`;
 * null when nothing changed. `fields` limits the comparison (default: every key of either).
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[] = [...new Set([...Object.keys(before), ...Object.keys(after)])] as (keyof T &
    string)[],
): Record<string, FieldChange> | null {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (!same(from, to)) changes[field] = { from, to };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * An entry about one record: its changed `fields`, before → after. A new record's fields
 * come "from" nothing; with no `after` (a delete) no fields are recorded.
 */
export function recordEvent<T extends object>(
  action: AuditAction,
  entity: NonNullable<AuditEvent['entity']>,
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
): AuditEvent {
  return { action, entity, changes: after ? changedFields<Partial<T>>(before ?? {}, after, fields) : null };
}

const RETENTION_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The audit log (decision 0035): `request.audit(...)` from any route, `app.audit.record(...)`
 * elsewhere. Entries are append-only (a database trigger refuses UPDATE and DELETE); the
 * retention sweep, at start and daily, deletes only entries past the retention age.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const toRecord = (event: AuditEvent, request: FastifyRequest | undefined): AuditRecord => {
      const member = request?.staffSession?.user;
      const actor = event.actor ?? (member ? { id: member.id, username: member.username } : null);
      return {
        actorId: actor?.id ?? null,
        actorUsername: actor?.username.slice(0, 100) ?? null,
        address: request?.ip ?? null,
        action: event.action,
        entityType: event.entity?.type ?? null,
        entityId: event.entity?.id ?? null,
        entityTitle: event.entity?.title?.slice(0, 300) ?? null,
        changes: event.changes ? (withoutSecrets(event.changes) as Record<string, unknown>) : null,
      };
    };

    const record: FastifyInstance['audit']['record'] = async (events, { request, db = app.db }) => {
      const list = Array.isArray(events) ? events : [events];
      await auditRepository(db).insert(list.map((event) => toRecord(event, request)));
    };

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      const run = running.then(() => sweepOldAuditEntries(app.db));
      running = run.catch((error) => app.log.warn({ err: error }, 'audit retention sweep failed'));
      return run;
    };

    app.decorate('audit', { record, sweep });
    app.decorateRequest(
      'audit',
      function audit(this: FastifyRequest, events: AuditEvent | AuditEvent[], db?: Queryable) {
        return record(events, { request: this, db });
      },
    );
    app.addHook('onReady', async () => {
      void sweep().then(
        (deleted) => deleted > 0 && app.log.info({ deleted }, 'deleted audit entries past their retention'),
        () => {},
      );
      timer = setInterval(() => void sweep().catch(() => {}), RETENTION_SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'audit', dependencies: ['app-context', 'sessions'] },
);
