import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { NETWORK_ERROR_CODES } from '#server/lib/network-errors';
import {
  assertSafeKey,
  contentTypeOf,
  isSafeKey,
  keyOfUploadUrl,
  ObjectExistsError,
  type ObjectStorage,
  type StorageProblem,
  StorageUnavailableError,
  uploadUrl,
} from './object-storage';

/** Where the bucket is and how to reach it (S3_* and AWS_* settings). */
export interface S3Settings {
  bucket: string;
  /** An S3-compatible server's URL; unset means AWS itself. */
  endpoint: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: most S3-compatible servers want it. */
  forcePathStyle: boolean;
  region: string;
  /** Unset: the SDK's own chain (instance or task role, shared config files). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** Longest one call may take, retries included, before it is aborted (S3_TIMEOUT_SECONDS; default 10 s). */
  timeoutMs?: number;
}

export const DEFAULT_S3_TIMEOUT_MS = 10_000;

/** Written to check the bucket; never a key the app serves or lists (see isSafeKey). */
const PROBE_PREFIX = '_probe/';
/** A readiness probe answers in bounded time even when the bucket hangs. */
const CHECK_TIMEOUT_MS = 5_000;

const FULL = new Set(['StorageFull', 'XMinioStorageFull', 'QuotaExceeded', 'EntityTooLarge']);
const REFUSED = new Set([
  'AccessDenied',
  'AllAccessDisabled',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'NoSuchBucket',
  'InvalidBucketState',
  'ExpiredToken',
  'InvalidToken',
]);

/** What a failed call says about the bucket rather than about one object, if anything. */
function problemOf(error: unknown): StorageProblem | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: string }).code ?? '';
  if (NETWORK_ERROR_CODES.has(code) || ['TimeoutError', 'AbortError', 'RequestTimeout'].includes(error.name)) {
    return 'unreachable';
  }
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (FULL.has(error.name) || status === 507) return 'full';
  if (REFUSED.has(error.name) || status === 403) return 'not-writable';
  if (status !== undefined && status >= 500) return 'unreachable';
  // The SDK's own failures to get an answer at all (socket hang up, credentials not found).
  if (!(error instanceof S3ServiceException)) return error.name === 'CredentialsProviderError' ? 'not-writable' : null;
  return null;
}

function classify(error: unknown): unknown {
  if (error instanceof StorageUnavailableError) return error;
  const problem = problemOf(error);
  return problem ? new StorageUnavailableError(problem, error) : error;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 && !(error instanceof Error && error.name === 'NoSuchBucket');

/**
 * Objects in an S3-compatible bucket (AWS SDK v3), served by the app at /uploads/<key> like
 * files on disk. A put never replaces an object: with a server that honours If-None-Match
 * on writes (AWS since 2024, recent MinIO) the bucket refuses it; with one that does not
 * (found out once, by writing a probe twice) the object is looked up first.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage & { kind: 's3'; bucket: string } {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: many S3-compatible servers refuse the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable bucket fails in seconds rather than holding requests (the SDK retries twice);
    // a socket silent for the whole timeout (a body that stops coming) is dropped.
    requestHandler: { connectionTimeout: Math.min(3_000, timeoutMs), requestTimeout: timeoutMs },
  });
  /**
   * Every command aborted when it has no answer within the timeout, retries included: a bucket
   * that hangs without closing its connections fails the call ('unreachable') rather than
   * holding it. The deadline ends with the answer, so a photo's body may stream on to a slow client.
   */
  const send = (async (command: Parameters<S3Client['send']>[0], options?: { abortSignal?: AbortSignal }) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const abortSignal = options?.abortSignal
      ? AbortSignal.any([options.abortSignal, deadline.signal])
      : deadline.signal;
    try {
      return await client.send(command, { ...options, abortSignal });
    } finally {
      clearTimeout(timer);
    }
  }) as S3Client['send'];
  const Bucket = settings.bucket;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw classify(error);
    }
  };

  const putObject = (Key: string, Body: Buffer, conditional: boolean, abortSignal?: AbortSignal) =>
    send(
      new PutObjectCommand({
        Bucket,
        Key,
        Body,
        ContentType: contentTypeOf(Key),
        ...(conditional ? { IfNoneMatch: '*' } : {}),
      }),
      { abortSignal },
    );
  const deleteObject = (Key: string) => send(new DeleteObjectCommand({ Bucket, Key }));
  /** 412: the key is taken; 409: another conditional write to it is under way (it will win). */
  const refusedAsTaken = (error: unknown) => statusOf(error) === 412 || statusOf(error) === 409;

  let conditionalWrites: Promise<boolean> | undefined;
  /** Whether the server refuses a second conditional write of one key; asked once per process. */
  const honoursIfNoneMatch = () => {
    conditionalWrites ??= (async () => {
      const probe = `${PROBE_PREFIX}if-none-match-${process.pid}-${randomBytes(6).toString('hex')}`;
      await putObject(probe, Buffer.from('1'), true);
      try {
        await putObject(probe, Buffer.from('2'), true);
        return false;
      } catch (error) {
        if (refusedAsTaken(error)) return true;
        throw error;
      } finally {
        await deleteObject(probe).catch(() => {});
      }
    })().catch((error: unknown) => {
      conditionalWrites = undefined; // ask again next time
      throw error;
    });
    return conditionalWrites;
  };

  const exists = async (key: string) => {
    if (!isSafeKey(key)) return false;
    try {
      await send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw classify(error);
    }
  };

  const open: ObjectStorage['open'] = async (key, { ifNoneMatch } = {}) => {
    if (!isSafeKey(key)) return null;
    // Only a single tag goes to the bucket, so a 304 can name it.
    const single = ifNoneMatch?.trim();
    const asked = single && single !== '*' && !single.includes(',') ? single : undefined;
    try {
      const answer = await send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: asked }));
      return {
        status: 'found',
        body: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '',
        modifiedAt: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (asked && statusOf(error) === 304) return { status: 'not-modified', etag: asked };
      if (isMissing(error)) return null;
      throw classify(error);
    }
  };

  return {
    kind: 's3',
    bucket: Bucket,
    async put(key, data) {
      assertSafeKey(key);
      await call(async () => {
        if (await honoursIfNoneMatch()) {
          try {
            await putObject(key, data, true);
          } catch (error) {
            if (refusedAsTaken(error)) throw new ObjectExistsError(key);
            throw error;
          }
          return;
        }
        // Keys are random UUIDs or made from the same original, so a race here stores the same content.
        if (await exists(key)) throw new ObjectExistsError(key);
        await putObject(key, data, false);
      });
    },
    async get(key) {
      const opened = await open(key);
      if (opened?.status !== 'found') return null;
      const chunks: Buffer[] = [];
      await call(async () => {
        for await (const chunk of opened.body) chunks.push(chunk as Buffer);
      });
      return Buffer.concat(chunks);
    },
    open,
    exists,
    async delete(key) {
      assertSafeKey(key);
      await call(() => deleteObject(key));
    },
    async *list() {
      try {
        for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket })) {
          for (const object of page.Contents ?? []) {
            if (object.Key && isSafeKey(object.Key)) {
              yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
            }
          }
        }
      } catch (error) {
        throw classify(error);
      }
    },
    async checkWritable() {
      const probe = `${PROBE_PREFIX}ready-${process.pid}-${randomBytes(6).toString('hex')}`;
      await call(async () => {
        await putObject(probe, Buffer.from('ok'), false, AbortSignal.timeout(CHECK_TIMEOUT_MS));
        await deleteObject(probe);
      });
    },
    publicUrl: uploadUrl,
    keyFromUrl: keyOfUploadUrl,
    async close() {
      client.destroy();
    },
  };
}
