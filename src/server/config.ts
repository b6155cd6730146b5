import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import type { DatabaseTimeouts } from '#server/db/database';
import { DEFAULT_POOL_SIZE } from '#server/db/postgres-database';
import {
  DEFAULT_PASSWORD_HASH_COST,
  MAX_PASSWORD_HASH_COST,
  MIN_PASSWORD_HASH_COST,
} from '#server/modules/staff/password';
import { DEFAULT_S3_TIMEOUT_MS, type S3Settings } from '#server/storage/s3-storage';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/**
 * Which proxies' X-Forwarded-For to believe: none (false), the nearest N hops, or proxies at
 * given addresses. Never every hop: then a client's own header would set its address.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'set the number of proxies in front of the server (e.g. 1) or their addresses ' +
  '(e.g. 10.0.0.1,10.0.0.0/8 or loopback), or false';

const trustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: `trusts every hop, so clients could choose their own address: ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be at most 10 proxies' });
    return z.NEVER;
  }
  const addresses = v.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${(error as Error).message}: ${TRUST_PROXY_HELP}` });
    return z.NEVER;
  }
  return addresses;
});
const seconds = (max: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .positive(`must be between 0 and ${max}`)
    .max(max, `must be between 0 and ${max}`);

/** A whole number of `unit` between min and max. */
const wholeNumber = (unit: string, min: number, max: number) =>
  z.coerce
    .number({ message: `must be a number of ${unit}` })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], {
    message: 'must be development, production or test',
  }),
  PORT: portNumber,
  PROBE_PORT: portNumber.optional(),
  PROBE_STUCK_SERVER_SECONDS: seconds(3600),
  HOST: z.string().min(1, 'must not be empty'),
  DATA_DIR: z.string().min(1, 'must not be empty'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DEMO_MODE: booleanFlag.optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  SEARCH_CACHE_SECONDS: wholeNumber('seconds', 0, 3600),
  PUBLIC_RATE_LIMIT: wholeNumber('requests per minute', 0, 100_000),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(3600),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(3600),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(3600),
  DATABASE_CONNECT_TIMEOUT_SECONDS: seconds(600),
  DATABASE_POOL_SIZE: wholeNumber('connections', 1, 1000),
  PAGE_CACHE_SECONDS: wholeNumber('seconds', 0, 3600),
  OVERLOAD_EVENT_LOOP_DELAY_MS: wholeNumber('milliseconds', 0, 60_000),
  OVERLOAD_REQUESTS_IN_PROGRESS: wholeNumber('requests', 0, 100_000),
  OVERLOAD_CONCURRENCY: wholeNumber('requests', 0, 10_000),
  OVERLOAD_QUEUE_TIMEOUT_MS: wholeNumber('milliseconds', 1, 60_000),
  // Long enough that it cannot be guessed; sent by Prometheus as a bearer token.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  // S3 bucket naming rules, so a typo is named at start rather than on the first upload.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL, e.g. https://s3.example.com' })
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  S3_TIMEOUT_SECONDS: seconds(600),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-west-1 or auto')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
      if (key.length === 32) return key;
      ctx.addIssue({
        code: 'custom',
        message: 'must be 32 random bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
      });
      return z.NEVER;
    })
    .optional(),
  REQUIRE_ADMIN_2FA: booleanFlag.optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: 'must be an smtp:// (STARTTLS) or smtps:// URL, e.g. smtp://user:pass@host:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address, e.g. "Name <no-reply@example.co.ke>"',
    )
    .optional(),
  MAIL_DELIVERY: z.enum(['smtp', 'outbox'], { message: 'must be smtp or outbox' }).optional(),
  PASSWORD_HASH_COST: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(MIN_PASSWORD_HASH_COST, `must be between ${MIN_PASSWORD_HASH_COST} and ${MAX_PASSWORD_HASH_COST}`)
    .max(MAX_PASSWORD_HASH_COST, `must be between ${MIN_PASSWORD_HASH_COST} and ${MAX_PASSWORD_HASH_COST}`),
});

/** Settings whose values an error message must not repeat. */
const SECRET_SETTINGS = new Set([
  'TOTP_ENCRYPTION_KEY',
  'ADMIN_PASSWORD',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'METRICS_TOKEN',
  'SMTP_URL',
]);

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Where a thread of its own also answers /api/health and /api/ready (0: any free port). */
  probePort: number | undefined;
  /** How long the server may not report to the probe thread before that answers 503 (stuck). */
  probeStuckServerMs: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server URL, or undefined for the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /** Demo mode seeds demo content and a demo admin and shows the Demo Mode panel. */
  demoMode: boolean;
  /** The site's public origin, used in share links and Open Graph tags; undefined means "from the request". */
  publicUrl: string | undefined;
  logLevel: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  trustProxy: TrustProxy;
  /** How long public search pages and totals may be reused (0: never); also their Cache-Control max-age. */
  searchCacheSeconds: number;
  /** Pages and public searches one client address may ask for per minute (0: no limit). */
  publicRateLimit: number;
  /** Longest time a client may take to send a request's headers / the whole request, body included (then 408). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** PostgreSQL: longest statement, and longest wait for a pool connection (then 503). */
  databaseTimeouts: DatabaseTimeouts;
  /** PostgreSQL: connections this instance's pool may hold (the notice listener holds one more). */
  databasePoolSize: number;
  /** How long an anonymous visitor's page may be reused (0: never); staff changes clear it at once. */
  pageCacheSeconds: number;
  /** Mean event-loop delay above which requests are refused with 503 (0: never). */
  overloadEventLoopDelayMs: number;
  /** Visitors' requests in progress past which new ones are refused with 503 (0: never). */
  overloadRequestsInProgress: number;
  /** Visitors' reads worked on at once beyond the page cache; the rest wait in line (0: no line). */
  overloadConcurrency: number;
  /** Longest wait in that line, then 503. */
  overloadQueueTimeoutMs: number;
  /** Lets other addresses than loopback read /metrics with `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** The S3-compatible bucket uploads live in, or undefined for DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** The key that encrypts two-factor secrets at rest (decision 0034); undefined outside production means the development key. */
  totpEncryptionKey: Buffer | undefined;
  /** Admins must turn on two-factor sign-in before they reach the dashboard. */
  requireAdmin2fa: boolean;
  /** scrypt's cost as a power of two (N = 2^cost) for new password hashes; below the default only outside production. */
  passwordHashCost: number;
  /** How queued mail leaves: through an SMTP server, or kept in the dashboard's outbox (no mail server). */
  mail: MailSettings;
}

export type MailSettings = { delivery: 'outbox' } | { delivery: 'smtp'; url: string; from: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);
  const raw = {
    NODE_ENV: blankToUndefined(env.NODE_ENV) ?? 'development',
    PORT: blankToUndefined(env.PORT) ?? '3000',
    PROBE_PORT: blankToUndefined(env.PROBE_PORT),
    PROBE_STUCK_SERVER_SECONDS: blankToUndefined(env.PROBE_STUCK_SERVER_SECONDS) ?? '30',
    HOST: blankToUndefined(env.HOST) ?? '127.0.0.1',
    DATA_DIR: blankToUndefined(env.DATA_DIR) ?? './data',
    DATABASE_URL: blankToUndefined(env.DATABASE_URL),
    DEMO_MODE: blankToUndefined(env.DEMO_MODE),
    PUBLIC_URL: blankToUndefined(env.PUBLIC_URL),
    LOG_LEVEL: blankToUndefined(env.LOG_LEVEL) ?? 'info',
    ADMIN_USERNAME: blankToUndefined(env.ADMIN_USERNAME),
    ADMIN_PASSWORD: blankToUndefined(env.ADMIN_PASSWORD),
    TRUST_PROXY: blankToUndefined(env.TRUST_PROXY),
    SEARCH_CACHE_SECONDS: blankToUndefined(env.SEARCH_CACHE_SECONDS) ?? '30',
    PUBLIC_RATE_LIMIT: blankToUndefined(env.PUBLIC_RATE_LIMIT) ?? '600',
    HTTP_HEADERS_TIMEOUT_SECONDS: blankToUndefined(env.HTTP_HEADERS_TIMEOUT_SECONDS) ?? '15',
    HTTP_REQUEST_TIMEOUT_SECONDS: blankToUndefined(env.HTTP_REQUEST_TIMEOUT_SECONDS) ?? '60',
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: blankToUndefined(env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS) ?? '72',
    DATABASE_STATEMENT_TIMEOUT_SECONDS: blankToUndefined(env.DATABASE_STATEMENT_TIMEOUT_SECONDS) ?? '5',
    DATABASE_CONNECT_TIMEOUT_SECONDS: blankToUndefined(env.DATABASE_CONNECT_TIMEOUT_SECONDS) ?? '3',
    DATABASE_POOL_SIZE: blankToUndefined(env.DATABASE_POOL_SIZE) ?? String(DEFAULT_POOL_SIZE),
    PAGE_CACHE_SECONDS: blankToUndefined(env.PAGE_CACHE_SECONDS) ?? '300',
    OVERLOAD_EVENT_LOOP_DELAY_MS: blankToUndefined(env.OVERLOAD_EVENT_LOOP_DELAY_MS) ?? '250',
    OVERLOAD_REQUESTS_IN_PROGRESS: blankToUndefined(env.OVERLOAD_REQUESTS_IN_PROGRESS) ?? '64',
    OVERLOAD_CONCURRENCY: blankToUndefined(env.OVERLOAD_CONCURRENCY) ?? '3',
    OVERLOAD_QUEUE_TIMEOUT_MS: blankToUndefined(env.OVERLOAD_QUEUE_TIMEOUT_MS) ?? '600',
    METRICS_TOKEN: blankToUndefined(env.METRICS_TOKEN),
    S3_BUCKET: blankToUndefined(env.S3_BUCKET),
    S3_ENDPOINT: blankToUndefined(env.S3_ENDPOINT),
    S3_FORCE_PATH_STYLE: blankToUndefined(env.S3_FORCE_PATH_STYLE),
    S3_TIMEOUT_SECONDS: blankToUndefined(env.S3_TIMEOUT_SECONDS) ?? String(DEFAULT_S3_TIMEOUT_MS / 1000),
    AWS_REGION: blankToUndefined(env.AWS_REGION),
    AWS_ACCESS_KEY_ID: blankToUndefined(env.AWS_ACCESS_KEY_ID),
    AWS_SECRET_ACCESS_KEY: blankToUndefined(env.AWS_SECRET_ACCESS_KEY),
    AWS_SESSION_TOKEN: blankToUndefined(env.AWS_SESSION_TOKEN),
    TOTP_ENCRYPTION_KEY: blankToUndefined(env.TOTP_ENCRYPTION_KEY),
    REQUIRE_ADMIN_2FA: blankToUndefined(env.REQUIRE_ADMIN_2FA),
    SMTP_URL: blankToUndefined(env.SMTP_URL),
    MAIL_FROM: blankToUndefined(env.MAIL_FROM),
    MAIL_DELIVERY: blankToUndefined(env.MAIL_DELIVERY),
    PASSWORD_HASH_COST: blankToUndefined(env.PASSWORD_HASH_COST) ?? String(DEFAULT_PASSWORD_HASH_COST),
  };
  const parsed = EnvSchema.safeParse(raw);
  const describe = (name: string, message: string) => {
    // A secret's value never reaches the terminal or the log.
    const value = SECRET_SETTINGS.has(name) ? undefined : raw[name as keyof typeof raw];
    return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${message}`;
  };
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => describe(String(issue.path[0] ?? 'environment'), issue.message));
  // Checked apart from the schema so it is reported together with any other bad value.
  if (raw.NODE_ENV === 'production' && (raw.DEMO_MODE === 'true' || raw.DEMO_MODE === '1')) {
    problems.push(describe('DEMO_MODE', 'can never be on in production'));
  }
  // Without it, links and Open Graph tags would take the origin from the request's Host header.
  if (raw.NODE_ENV === 'production' && raw.PUBLIC_URL === undefined) {
    problems.push(
      describe('PUBLIC_URL', "is required in production: the site's public origin, e.g. https://example.co.ke"),
    );
  }
  problems.push(...s3Problems(raw).map(([name, message]) => describe(name, message)));
  // Mandatory two-factor sign-in stores secrets, which production encrypts with its own key.
  if (
    raw.NODE_ENV === 'production' &&
    (raw.REQUIRE_ADMIN_2FA === 'true' || raw.REQUIRE_ADMIN_2FA === '1') &&
    raw.TOTP_ENCRYPTION_KEY === undefined
  ) {
    problems.push(describe('TOTP_ENCRYPTION_KEY', 'is required in production with REQUIRE_ADMIN_2FA=true'));
  }
  problems.push(...mailProblems(raw).map(([name, message]) => describe(name, message)));
  // Node refuses a headers timeout longer than the whole request's.
  if (parsed.success && parsed.data.HTTP_HEADERS_TIMEOUT_SECONDS > parsed.data.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push(describe('HTTP_HEADERS_TIMEOUT_SECONDS', 'must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS'));
  }
  // A cheaper hash is for test runs (and a developer's machine), never for real passwords.
  if (raw.NODE_ENV === 'production' && parsed.success && parsed.data.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
    problems.push(describe('PASSWORD_HASH_COST', `must be at least ${DEFAULT_PASSWORD_HASH_COST} in production`));
  }
  if (parsed.success && parsed.data.PROBE_PORT && parsed.data.PROBE_PORT === parsed.data.PORT) {
    problems.push(describe('PROBE_PORT', 'must not be the same as PORT'));
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    probePort: e.PROBE_PORT,
    probeStuckServerMs: Math.round(e.PROBE_STUCK_SERVER_SECONDS * 1000),
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // The embedded quick start is a demo; a real server database is not, unless asked.
    demoMode: isProduction ? false : (e.DEMO_MODE ?? e.DATABASE_URL === undefined),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY ?? false,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    headersTimeoutMs: Math.round(e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
    requestTimeoutMs: Math.round(e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
    keepAliveTimeoutMs: Math.round(e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    databaseTimeouts: {
      statementMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
      connectMs: Math.round(e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
    },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    overloadEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
    overloadRequestsInProgress: e.OVERLOAD_REQUESTS_IN_PROGRESS,
    overloadConcurrency: e.OVERLOAD_CONCURRENCY,
    overloadQueueTimeoutMs: e.OVERLOAD_QUEUE_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          timeoutMs: Math.round(e.S3_TIMEOUT_SECONDS * 1000),
          region: e.AWS_REGION ?? 'us-east-1',
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : undefined,
        }
      : undefined,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA ?? false,
    passwordHashCost: e.PASSWORD_HASH_COST,
    mail:
      e.SMTP_URL && e.MAIL_FROM && e.MAIL_DELIVERY !== 'outbox'
        ? { delivery: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
        : { delivery: 'outbox' },
  };
}

/**
 * The site always sends (confirmations, alerts, staff notices): production needs a mail server,
 * or says outright that mail stays in the outbox.
 */
function mailProblems(raw: Record<string, string | undefined>): [string, string][] {
  const delivery = raw.MAIL_DELIVERY ?? (raw.SMTP_URL ? 'smtp' : 'outbox');
  if (delivery === 'smtp' && raw.SMTP_URL === undefined) {
    return [['SMTP_URL', 'is required with MAIL_DELIVERY=smtp']];
  }
  if (raw.SMTP_URL !== undefined && raw.MAIL_FROM === undefined) {
    return [['MAIL_FROM', 'is required with SMTP_URL: the sender, e.g. "Name <no-reply@example.co.ke>"']];
  }
  if (raw.NODE_ENV === 'production' && raw.SMTP_URL === undefined && raw.MAIL_DELIVERY !== 'outbox') {
    return [
      [
        'SMTP_URL',
        'is required in production: the site sends confirmations, alerts and staff notices ' +
          '(or set MAIL_DELIVERY=outbox to keep every message in the dashboard outbox unsent)',
      ],
    ];
  }
  return [];
}

/** Settings that only mean something together. */
function s3Problems(raw: Record<string, string | undefined>): [string, string][] {
  const problems: [string, string][] = [];
  if (raw.S3_BUCKET === undefined) {
    for (const name of ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const) {
      if (raw[name] !== undefined) problems.push([name, 'is only used with S3_BUCKET, which is not set']);
    }
    return problems;
  }
  // One half of a key pair is a mistake; neither means the SDK's own chain (an instance role).
  if ((raw.AWS_ACCESS_KEY_ID === undefined) !== (raw.AWS_SECRET_ACCESS_KEY === undefined)) {
    const missing = raw.AWS_ACCESS_KEY_ID === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY';
    problems.push([missing, 'must be set together with the other half of the key pair']);
  }
  return problems;
}
