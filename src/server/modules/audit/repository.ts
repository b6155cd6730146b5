import type { Database, Queryable } from '#server/db/database';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  OFFICE_UTC_OFFSET,
} from '#shared/audit';

/** One entry as it is written. */
export interface AuditRecord {
  actorId: string | null;
  actorUsername: string | null;
  address: string | null;
  action: AuditAction;
  entityType: string | null;
  entityId: string | null;
  entityTitle: string | null;
  changes: Record<string, unknown> | null;
}

interface Row {
  id: string | number;
  at: string | Date;
  actor_id: string | null;
  actor_username: string | null;
  address: string | null;
  action: AuditAction;
  entity_type: string | null;
  entity_id: string | null;
  entity_title: string | null;
  changes: Record<string, unknown> | null;
}

const COLUMNS = 'id, at, actor_id, actor_username, address, action, entity_type, entity_id, entity_title, changes';

function toEntry(row: Row): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorUsername: row.actor_username,
    address: row.address,
    action: row.action,
    entity: row.entity_type ? { type: row.entity_type, id: row.entity_id ?? '', title: row.entity_title } : null,
    changes: row.changes,
  };
}

function auditWhere(q: Omit<AuditQuery, 'limit' | 'offset'>) {
  const values: unknown[] = [];
  const where: string[] = [];
  if (q.actor) {
    values.push(q.actor);
    where.push(`actor_id = $${values.length}`);
  }
  if (q.action) {
    values.push(q.action);
    where.push(`action = $${values.length}`);
  }
  if (q.from) {
    values.push(`${q.from}T00:00:00${OFFICE_UTC_OFFSET}`);
    where.push(`at >= $${values.length}::timestamptz`);
  }
  if (q.to) {
    values.push(`${q.to}T00:00:00${OFFICE_UTC_OFFSET}`);
    where.push(`at < $${values.length}::timestamptz + interval '1 day'`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', values };
}

/** The two statements behind one page of the Audit screen: its entries and the filter's total. */
export function auditPageSql(q: AuditQuery) {
  const where = auditWhere(q);
  const n = where.values.length;
  return {
    count: { text: `SELECT count(*)::int AS n FROM audit_log ${where.sql}`, values: where.values },
    page: {
      text: `SELECT ${COLUMNS} FROM audit_log ${where.sql} ORDER BY at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      values: [...where.values, q.limit, q.offset],
    },
  };
}

/** The audit_log table: written by the audit plugin, read by the Audit screen. Never updated. */
export function auditRepository(db: Queryable) {
  return {
    async insert(records: AuditRecord[]): Promise<void> {
      if (records.length === 0) return;
      const values: unknown[] = [];
      const tuples = records.map((r) => {
        const row = [
          r.actorId,
          r.actorUsername,
          r.address,
          r.action,
          r.entityType,
          r.entityId,
          r.entityTitle,
          r.changes === null ? null : JSON.stringify(r.changes),
        ];
        const start = values.length;
        values.push(...row);
        return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
      });
      await db.query(
        `INSERT INTO audit_log (actor_id, actor_username, address, action, entity_type, entity_id, entity_title, changes)
         VALUES ${tuples.join(', ')}`,
        values,
      );
    },

    /** One page, newest first, with the total of the filter. */
    async list(q: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const sql = auditPageSql(q);
      const [count, page] = await Promise.all([
        db.query<{ n: number }>(sql.count.text, sql.count.values),
        db.query<Row>(sql.page.text, sql.page.values),
      ]);
      return { items: page.rows.map(toEntry), total: count.rows[0]?.n ?? 0 };
    },

    /** Every entry of the filter, newest first, for the CSV export (at most AUDIT_EXPORT_MAX_ROWS). */
    async export(q: Omit<AuditQuery, 'limit' | 'offset'>): Promise<AuditEntry[]> {
      const where = auditWhere(q);
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM audit_log ${where.sql} ORDER BY at DESC, id DESC LIMIT ${AUDIT_EXPORT_MAX_ROWS}`,
        where.values,
      );
      return rows.map(toEntry);
    },
  };
}

/**
 * Deletes entries older than AUDIT_RETENTION_DAYS: the one path the table's trigger lets
 * delete, and only rows past that age (migration 008_staff_security). Returns how many went.
 */
export async function sweepOldAuditEntries(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL audit.retention_sweep = 'on'");
    const result = await tx.query(`DELETE FROM audit_log WHERE at < now() - $1 * interval '1 day'`, [
      AUDIT_RETENTION_DAYS,
    ]);
    return result.rowCount;
  });
}
