import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { multipart, signedInAs, validProduct } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

// What a connection may cost the server (timeouts), and how a request is traced (request ids,
// disconnects), through real sockets.

/** Shortened from the defaults (15 s, 60 s, 72 s) so the test sees them act. */
const HEADERS_MS = 600;
const REQUEST_MS = 1_200;
const KEEP_ALIVE_MS = 800;
/** Node checks the timeouts on an interval; its answer may come that much later. */
const SLACK_MS = 700;

/**
 * Waits for `answer` and, alongside, a timer of `ms`: how late that timer fired is what a busy
 * machine adds to every timer in this process at that moment, the server's timeouts included.
 */
async function withLateness<T>(ms: number, answer: Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const lateness = new Promise<number>((resolve) =>
    setTimeout(() => resolve(Math.max(0, performance.now() - started - ms)), ms),
  );
  return Promise.all([answer, lateness]);
}

describe(`connections (${testDatabaseKind()})`, () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  const logs: { level: number; msg: string; reqId?: string; err?: { message?: string } }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS, keepAliveTimeoutMs: KEEP_ALIVE_MS },
      { log: { write: (line) => logs.push(JSON.parse(line)) } },
    );
    cookie = (await signedInAs(t, 'admin')).cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(() => t.close());

  describe('timeouts', () => {
    it('answers 408 and closes when a body stalls, within the request timeout', async () => {
      const [answer, late] = await withLateness(
        REQUEST_MS,
        rawRequest(port, [
          'POST /api/inquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n',
          '{"name":"Amina","email":',
        ]),
      );
      expect(answer.status).toBe(408);
      expect(answer.ending).toBe('closed');
      expect(answer.elapsedMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
      expect(answer.elapsedMs).toBeLessThan(REQUEST_MS + late + SLACK_MS);
    });

    it('does the same for a listing upload that stops halfway', async () => {
      const body = multipart(validProduct, [{ filename: 'a.jpg', data: Buffer.alloc(50_000, 1) }]);
      const head = [
        'POST /api/admin/listings HTTP/1.1',
        'Host: localhost',
        `Cookie: ${cookie}`,
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
      ].join('\r\n');
      const [answer, late] = await withLateness(
        REQUEST_MS,
        rawRequest(port, [`${head}\r\n\r\n`, body.payload.subarray(0, 20_000)]),
      );
      expect(answer.status).toBe(408);
      expect(answer.elapsedMs).toBeLessThan(REQUEST_MS + late + SLACK_MS);
    });

    it('answers 408 when the headers never finish, within the headers timeout', async () => {
      const [answer, late] = await withLateness(
        HEADERS_MS,
        rawRequest(port, 'GET /api/listings?category=product HTTP/1.1\r\nHost: local'),
      );
      expect(answer.status).toBe(408);
      expect(answer.elapsedMs).toBeLessThan(HEADERS_MS + late + SLACK_MS);
    });

    it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
      // Node waits a second beyond the keep-alive timeout before it closes.
      const [answer, late] = await withLateness(
        KEEP_ALIVE_MS + 1_000,
        rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      );
      expect(answer.status).toBe(200);
      expect(answer.elapsedMs).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 50);
      expect(answer.elapsedMs).toBeLessThan(KEEP_ALIVE_MS + 1_000 + late + SLACK_MS);
    });

    it('serves a slow request that finishes within the timeout', async () => {
      const body = JSON.stringify({ email: 'slow@example.com' });
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', async () => {
          socket.write(
            `POST /api/newsletter HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          );
          for (const char of body) {
            socket.write(char);
            await new Promise((r) => setTimeout(r, 10));
          }
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
    });
  });

  describe('request ids', () => {
    it('sends a fresh id on every answer: API, page, file, error', async () => {
      const ids = [];
      for (const url of ['/api/health', '/api/nope', '/blog', '/favicon.svg', '/api/listings?category=nope']) {
        const response = await t.app.inject({ method: 'GET', url });
        const id = response.headers['x-request-id'];
        expect(id, url).toMatch(/^[0-9a-f]{16}$/);
        ids.push(id);
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('ignores an id the client sends, unless it comes through a trusted proxy', async () => {
      const sent = { 'x-request-id': 'client-chosen-id-123' };
      const direct = await t.app.inject({ method: 'GET', url: '/api/health', headers: sent });
      expect(direct.headers['x-request-id']).not.toBe('client-chosen-id-123');

      // Requests through inject come from 127.0.0.1: a proxy at another address is not the sender.
      const elsewhere = await createTestApp({ trustProxy: ['10.0.0.1'] });
      try {
        const ignored = await elsewhere.app.inject({ method: 'GET', url: '/api/health', headers: sent });
        expect(ignored.headers['x-request-id']).not.toBe('client-chosen-id-123');
      } finally {
        await elsewhere.close();
      }

      const proxied = await createTestApp({ trustProxy: ['loopback'] });
      try {
        const kept = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: sent });
        expect(kept.headers['x-request-id']).toBe('client-chosen-id-123');
        for (const bad of ['short', 'x'.repeat(200), 'has space in it', '<script>alert(1)</script>']) {
          const answer = await proxied.app.inject({
            method: 'GET',
            url: '/api/health',
            headers: { 'x-request-id': bad },
          });
          expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
        }
      } finally {
        await proxied.close();
      }
    });

    it('logs every line of a request under the id the client was given', async () => {
      logs.length = 0;
      const response = await t.app.inject({ method: 'GET', url: '/api/listings?category=product' });
      const id = response.headers['x-request-id'];
      const mine = logs.filter((entry) => entry.reqId === id);
      expect(mine.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    });
  });

  describe('client disconnects', () => {
    /** Sends the head and part of a body, then drops the connection. */
    async function dropMidway(head: string[], partial: Buffer | string) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`${head.join('\r\n')}\r\n\r\n`);
          socket.write(partial);
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 150);
        });
        socket.on('error', () => {});
      });
      await new Promise((r) => setTimeout(r, 300));
    }

    it('logs a client that leaves mid-upload or mid-form at info, never as a server error', async () => {
      logs.length = 0;
      const body = multipart(validProduct, [{ filename: 'a.jpg', data: Buffer.alloc(200_000, 1) }]);
      await dropMidway(
        [
          'POST /api/admin/listings HTTP/1.1',
          'Host: localhost',
          `Cookie: ${cookie}`,
          `Content-Type: ${body.headers['content-type']}`,
          `Content-Length: ${body.payload.length}`,
        ],
        body.payload.subarray(0, 5_000),
      );
      await dropMidway(
        ['POST /api/inquiries HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', 'Content-Length: 500'],
        '{"name":"Amina"',
      );
      expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
      const disconnects = logs.filter((entry) => entry.msg === 'client disconnected before the answer');
      expect(disconnects).toHaveLength(2);
      expect(disconnects.every((entry) => entry.level === 30)).toBe(true);
      expect(await t.db.query('SELECT 1 FROM listings')).toMatchObject({ rowCount: 0 });
    });
  });
});
