import { timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeBackup } from '../../backup/write-backup';
import { HttpError } from '../../lib/http-error';

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
      const archive = new PassThrough();
      const started = performance.now();
      writeBackup(app.db, app.storage, archive)
        .then(
          (summary) => request.log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'backup made'),
          (error: unknown) => {
            request.log.error({ err: error }, 'backup failed');
            archive.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(() => {
          running = false;
        });
      const name = `sdh-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
