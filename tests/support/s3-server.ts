import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/storage/s3-storage';

export interface S3TestServer {
  endpoint: string;
  /** Settings for a bucket on this server (created when the server starts). */
  settings(bucket?: string): S3Settings;
  /** The environment variables that point the app at a bucket here. */
  env(bucket?: string): Record<string, string>;
  /** Stops answering (connections refused), keeping the objects; resume() brings it back on the same port. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function refuse(ctx: { status: number; type: string; body: unknown }, status: number, code: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

export const TEST_BUCKET = 'sdh-test';
/** s3rver's fixed key pair. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temporary folder, with
 * the given buckets. s3rver ignores If-None-Match on writes, as many S3-compatible servers
 * do; `conditionalWrites: true` makes it refuse a write to a taken key with 412
 * PreconditionFailed, as AWS S3 does, so both ways the store keeps keys unique are tested.
 */
export async function startS3Server({
  buckets = [TEST_BUCKET],
  conditionalWrites = true,
}: {
  buckets?: string[];
  conditionalWrites?: boolean;
} = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sdh-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  if (conditionalWrites) {
    // Keys with a conditional write under way: a second one at the same moment gets 409, as on AWS.
    const writing = new Set<string>();
    server.middleware.unshift(async (ctx, next) => {
      const [, bucket, ...parts] = ctx.path.split('/');
      const copy = ctx.headers['x-amz-copy-source'] !== undefined;
      if (ctx.method !== 'PUT' || ctx.headers['if-none-match'] !== '*' || copy || !bucket || parts.length === 0) {
        return next();
      }
      const key = decodeURIComponent(parts.join('/'));
      const id = `${bucket}/${key}`;
      if (writing.has(id)) return refuse(ctx, 409, 'ConditionalRequestConflict');
      writing.add(id);
      try {
        if (await ctx.store.existsObject(bucket, key)) return refuse(ctx, 412, 'PreconditionFailed');
        await next();
      } finally {
        writing.delete(id);
      }
    });
  }
  const { port } = await server.run();
  server.serverOptions.port = port;
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket = buckets[0] ?? TEST_BUCKET) => ({
      bucket,
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: CREDENTIALS,
    }),
    env: (bucket = buckets[0] ?? TEST_BUCKET) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async halt() {
      await server.close();
      running = false;
    },
    async resume() {
      await server.run();
      running = true;
    },
    async stop() {
      if (running) await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
