import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Production as a test of another setting needs it: mail kept in the outbox, said outright. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://example.co.ke', MAIL_DELIVERY: 'outbox' };

describe('loadConfig', () => {
  it('has defaults that start the embedded demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demoMode: true,
      searchCacheSeconds: 30,
      publicRateLimit: 600,
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('starts in production with a public origin and a mail server', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://example.co.ke/',
      SMTP_URL: 'smtp://mailer:secret@mail.example.co.ke:587',
      MAIL_FROM: 'Example <no-reply@example.co.ke>',
    });
    expect(config).toMatchObject({ isProduction: true, publicUrl: 'https://example.co.ke', demoMode: false });
    expect(config.mail).toEqual({
      delivery: 'smtp',
      url: 'smtp://mailer:secret@mail.example.co.ke:587',
      from: 'Example <no-reply@example.co.ke>',
    });
  });

  it('keeps mail in the outbox without a mail server, and in production only when told to', () => {
    expect(loadConfig({}).mail).toEqual({ delivery: 'outbox' });
    expect(() => loadConfig(PRODUCTION)).not.toThrow();
    expect(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.example', MAIL_DELIVERY: 'outbox' }).mail,
    ).toEqual({ delivery: 'outbox' });
  });

  it('hashes passwords at scrypt N=2^17 unless told otherwise, and cheaper only outside production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig(PRODUCTION).passwordHashCost).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
  });

  it('keeps uploads on disk unless S3_BUCKET is set, then reads the bucket settings', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'sdh-photos' }).s3).toEqual({
      bucket: 'sdh-photos',
      endpoint: undefined,
      forcePathStyle: false,
      region: 'us-east-1',
      credentials: undefined,
      timeoutMs: 10_000,
    });
    const s3 = loadConfig({
      S3_BUCKET: 'sdh-photos',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'auto',
      AWS_ACCESS_KEY_ID: 'AKIA1234',
      AWS_SECRET_ACCESS_KEY: 'secret',
      S3_TIMEOUT_SECONDS: '2.5',
    }).s3;
    expect(s3).toEqual({
      bucket: 'sdh-photos',
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
      region: 'auto',
      credentials: { accessKeyId: 'AKIA1234', secretAccessKey: 'secret' },
      timeoutMs: 2_500,
    });
  });

  it('never shows a secret in a configuration error', () => {
    try {
      loadConfig({ S3_BUCKET: 'Bad Bucket', AWS_SECRET_ACCESS_KEY: 'very-secret', AWS_SESSION_TOKEN: 'token-secret' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).message).not.toMatch(/very-secret|token-secret/);
    }
  });

  it('is not a demo against a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc": must be a port number'],
    [{ PORT: '70000' }, 'PORT="70000": must be between 0 and 65535'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV="staging": must be development, production or test'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL'],
    [{ DEMO_MODE: 'yes' }, 'DEMO_MODE="yes": must be true or false'],
    [{ SEARCH_CACHE_SECONDS: '-1' }, 'SEARCH_CACHE_SECONDS="-1": must be between 0 and 3600'],
    [{ PUBLIC_RATE_LIMIT: 'lots' }, 'PUBLIC_RATE_LIMIT="lots": must be a number of requests per minute'],
    [{ NODE_ENV: 'production', DEMO_MODE: 'true' }, 'DEMO_MODE="true": can never be on in production'],
    [
      { NODE_ENV: 'production' },
      "PUBLIC_URL: is required in production: the site's public origin, e.g. https://example.co.ke",
    ],
    [{ HTTP_REQUEST_TIMEOUT_SECONDS: '0' }, 'HTTP_REQUEST_TIMEOUT_SECONDS="0": must be between 0 and 3600'],
    [
      { DATABASE_STATEMENT_TIMEOUT_SECONDS: 'soon' },
      'DATABASE_STATEMENT_TIMEOUT_SECONDS="soon": must be a number of seconds',
    ],
    [
      { HTTP_HEADERS_TIMEOUT_SECONDS: '90', HTTP_REQUEST_TIMEOUT_SECONDS: '60' },
      'HTTP_HEADERS_TIMEOUT_SECONDS="90": must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS',
    ],
    [
      { S3_BUCKET: 'My_Photos' },
      'S3_BUCKET="My_Photos": must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    ],
    [
      { S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://files.example.com' },
      'S3_ENDPOINT="ftp://files.example.com": must be an http(s) URL, e.g. https://s3.example.com',
    ],
    [{ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE="maybe": must be true or false'],
    [{ S3_BUCKET: 'photos', S3_TIMEOUT_SECONDS: '0' }, 'S3_TIMEOUT_SECONDS="0": must be between 0 and 600'],
    [
      { S3_ENDPOINT: 'https://s3.example.com' },
      'S3_ENDPOINT="https://s3.example.com": is only used with S3_BUCKET, which is not set',
    ],
    [
      { S3_BUCKET: 'photos', AWS_ACCESS_KEY_ID: 'AKIA1234' },
      'AWS_SECRET_ACCESS_KEY: must be set together with the other half of the key pair',
    ],
    // The secret is never echoed.
    [
      { S3_BUCKET: 'photos', AWS_SECRET_ACCESS_KEY: 'very-secret' },
      'AWS_ACCESS_KEY_ID: must be set together with the other half of the key pair',
    ],
    [
      { S3_BUCKET: 'photos', AWS_REGION: 'EU West' },
      'AWS_REGION="EU West": must be a region name such as eu-west-1 or auto',
    ],
    // A secret's value is never repeated in the message.
    [
      { TOTP_ENCRYPTION_KEY: 'too-short-secret' },
      'TOTP_ENCRYPTION_KEY: must be 32 random bytes, as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    ],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://example.co.ke', REQUIRE_ADMIN_2FA: 'true' },
      'TOTP_ENCRYPTION_KEY: is required in production with REQUIRE_ADMIN_2FA=true',
    ],
    [{ REQUIRE_ADMIN_2FA: 'always' }, 'REQUIRE_ADMIN_2FA="always": must be true or false'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://example.co.ke', PASSWORD_HASH_COST: '12' },
      'PASSWORD_HASH_COST="12": must be at least 17 in production',
    ],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://example.co.ke' },
      'SMTP_URL: is required in production: the site sends confirmations, alerts and staff notices ' +
        '(or set MAIL_DELIVERY=outbox to keep every message in the dashboard outbox unsent)',
    ],
    [
      { SMTP_URL: 'http://mail.example.co.ke' },
      'SMTP_URL: must be an smtp:// (STARTTLS) or smtps:// URL, e.g. smtp://user:pass@host:587',
    ],
    [
      { SMTP_URL: 'smtp://mail.example.co.ke:587' },
      'MAIL_FROM: is required with SMTP_URL: the sender, e.g. "Name <no-reply@example.co.ke>"',
    ],
    [{ MAIL_DELIVERY: 'smtp' }, 'SMTP_URL: is required with MAIL_DELIVERY=smtp'],
    [{ MAIL_DELIVERY: 'pigeon' }, 'MAIL_DELIVERY="pigeon": must be smtp or outbox'],
    [
      { SMTP_URL: 'smtp://mail.example.co.ke', MAIL_FROM: 'nobody' },
      'MAIL_FROM="nobody": must be an address, e.g. "Name <no-reply@example.co.ke>"',
    ],
    [{ PASSWORD_HASH_COST: '9' }, 'PASSWORD_HASH_COST="9": must be between 10 and 20'],
    [{ PASSWORD_HASH_COST: '16.5' }, 'PASSWORD_HASH_COST="16.5": must be a whole number'],
  ])('rejects %j with a message naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems).toContain(message);
    }
  });

  it('reads TOTP_ENCRYPTION_KEY as 32 bytes, hex or base64, and REQUIRE_ADMIN_2FA', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: hex }).totpEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({}).requireAdmin2fa).toBe(false);
    expect(loadConfig({ REQUIRE_ADMIN_2FA: 'true' }).requireAdmin2fa).toBe(true);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (value, trust) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it.each([
    ['true', 'TRUST_PROXY="true": trusts every hop, so clients could choose their own address'],
    ['yes', 'TRUST_PROXY="yes": invalid IP address: yes'],
    ['10.0.0.0/33', 'TRUST_PROXY="10.0.0.0/33": invalid range on address: 10.0.0.0/33'],
    ['11', 'TRUST_PROXY="11": must be at most 10 proxies'],
  ])('refuses TRUST_PROXY=%j and says what to set', (value, message) => {
    try {
      loadConfig({ TRUST_PROXY: value });
      expect.unreachable();
    } catch (error) {
      const [problem] = (error as ConfigError).problems;
      expect(problem).toContain(message);
      if (value !== '11') expect(problem).toContain('set the number of proxies in front of the server (e.g. 1)');
    }
  });

  it('has request and database timeouts, in seconds with decimals', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      databaseTimeouts: { statementMs: 5_000, connectMs: 3_000 },
    });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0.5' }).databaseTimeouts.statementMs).toBe(500);
  });

  it('reads the pool size, page cache, overload limit, probe port and metrics token, refusing bad values by name', () => {
    expect(loadConfig({})).toMatchObject({
      databasePoolSize: 2 * availableParallelism() + 1,
      pageCacheSeconds: 300,
      overloadEventLoopDelayMs: 250,
      overloadRequestsInProgress: 64,
      overloadConcurrency: 3,
      overloadQueueTimeoutMs: 600,
      metricsToken: undefined,
    });
    const token = 'a'.repeat(32);
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        PAGE_CACHE_SECONDS: '0',
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_REQUESTS_IN_PROGRESS: '0',
        OVERLOAD_CONCURRENCY: '0',
        OVERLOAD_QUEUE_TIMEOUT_MS: '1500',
        METRICS_TOKEN: token,
      }),
    ).toMatchObject({
      databasePoolSize: 25,
      pageCacheSeconds: 0,
      overloadEventLoopDelayMs: 0,
      overloadRequestsInProgress: 0,
      overloadConcurrency: 0,
      overloadQueueTimeoutMs: 1500,
      metricsToken: token,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      throw new Error('expected a ConfigError');
    };
    expect(problems({ DATABASE_POOL_SIZE: '0' })).toEqual(['DATABASE_POOL_SIZE="0": must be between 1 and 1000']);
    expect(problems({ DATABASE_POOL_SIZE: '2.5' })).toEqual(['DATABASE_POOL_SIZE="2.5": must be a whole number']);
    expect(problems({ OVERLOAD_QUEUE_TIMEOUT_MS: '0' })).toEqual([
      'OVERLOAD_QUEUE_TIMEOUT_MS="0": must be between 1 and 60000',
    ]);
    expect(problems({ PAGE_CACHE_SECONDS: 'soon' })).toEqual([
      'PAGE_CACHE_SECONDS="soon": must be a number of seconds',
    ]);
    expect(loadConfig({}).probePort).toBeUndefined();
    expect(loadConfig({ PROBE_PORT: '9464' }).probePort).toBe(9464);
    expect(problems({ PROBE_PORT: '3000' })).toEqual(['PROBE_PORT="3000": must not be the same as PORT']);
    expect(problems({ PROBE_PORT: '70000' })).toEqual(['PROBE_PORT="70000": must be between 0 and 65535']);
    expect(loadConfig({}).probeStuckServerMs).toBe(30_000);
    expect(loadConfig({ PROBE_STUCK_SERVER_SECONDS: '2.5' }).probeStuckServerMs).toBe(2_500);
    expect(problems({ PROBE_STUCK_SERVER_SECONDS: '0' })).toEqual([
      'PROBE_STUCK_SERVER_SECONDS="0": must be between 0 and 3600',
    ]);
    // The token itself never appears in the message.
    for (const bad of ['short-token', `${'b'.repeat(32)} spaced`]) {
      const [problem] = problems({ METRICS_TOKEN: bad });
      expect(problem).toMatch(/^METRICS_TOKEN: must be/);
      expect(problem).not.toContain('short-token');
      expect(problem).not.toContain('bbbb');
    }
  });

  it('names every bad value at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
