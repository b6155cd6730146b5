// The parts of s3rver (no types of its own) the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  }
  interface KoaContext {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
    status: number;
    type: string;
    body: unknown;
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware stack, run in order; the S3 routes are last. */
    serverOptions: { port?: number };
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
