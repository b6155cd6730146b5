import { timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeBackup } from '#server/backup/write-backup';
import { HttpError } from '#server/lib/http-error';
import { COMMAND_LINE_ACTOR } from '#server/modules/audit/plugin';
import { queueBackupFailedNotice } from '#server/modules/staff-notices/service';

export interface BackupRoutesOptions {
  /**
   * The embedded database's local access token (server.ts writes it into DATA_DIR for
   * `npm run backup`, which cannot open a folder the server holds); unset, staff only.
   */
  localToken?: string;
}

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const given = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
  if (!token || !given || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

/**
 * POST /api/admin/backup streams a backup archive of the running site (decision 0030): for
 * an admin (manage permission), or for `npm run backup` on the same machine with the local
 * token. One at a time per server.
 */
export async function backupRoutes(app: FastifyInstance, { localToken }: BackupRoutesOptions) {
  const staffOnly = app.requirePermission('manage');
  let running = false;
  app.post(
    '/admin/backup',
    {
      onRequest: async function authorize(request, reply) {
        if (!bearerMatches(request, localToken)) await staffOnly.call(this, request, reply);
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (running) throw new HttpError(409, 'admin.backup.busy');
      running = true;
      const name = `sdh-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      try {
        // Recorded as it starts: whoever asked now holds a copy of every table and photo.
        await request.audit({
          action: 'backup.download',
          entity: { type: 'backup', id: name, title: name },
          // Without a staff session, the local token let `npm run backup` in.
          ...(request.staffSession ? {} : { actor: { id: null, username: COMMAND_LINE_ACTOR } }),
        });
      } catch (error) {
        running = false;
        throw error;
      }
      const archive = new PassThrough();
      const started = performance.now();
      // A client that hangs up mid-download ends the backup: that is its choice, not a fault.
      let abandoned = false;
      reply.raw.on('close', () => {
        // A backup that failed ends the response itself (its archive destroyed first): not a hang-up.
        abandoned ||= !reply.raw.writableFinished && !archive.destroyed;
      });
      writeBackup(app.db, app.storage, archive)
        .then(
          (summary) => request.log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'backup made'),
          (error: unknown) => {
            if (abandoned) request.log.info('backup stopped: the client closed the connection');
            else {
              request.log.error({ err: error }, 'backup failed');
              const reason = error instanceof Error ? error.message : String(error);
              queueBackupFailedNotice(app.db, { name, error: reason.slice(0, 500) }).catch((noticeError: unknown) =>
                request.log.warn({ err: noticeError }, 'the failed backup could not be told to staff'),
              );
            }
            archive.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(() => {
          running = false;
        });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
