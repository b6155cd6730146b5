import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

interface StoredObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, kind: 'object'): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver 3.7 answers a PUT before its file is written, and leaves that file's stream without
 * an error handler: a DELETE right after (the readiness check's) could make it throw outside
 * any request, failing whichever test ran then. This write answers once the file is whole.
 */
function writeObjectsWhole(store: FilesystemStore) {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    await pipeline(
      Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          md5.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
      createWriteStream(objectPath),
    );
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
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
  writeObjectsWhole((server as unknown as { store: FilesystemStore }).store);
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
