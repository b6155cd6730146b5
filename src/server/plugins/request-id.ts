import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '#server/config';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an id from a trusted proxy may look like: enough for a UUID or a hex trace id, nothing a log could trip on. */
const UPSTREAM_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** Random bytes drawn 4 KB at a time: one call to the system per 512 ids, not one per request. */
const randomPool = Buffer.alloc(4096);
let poolUsed = randomPool.length;
function randomId(): string {
  if (poolUsed + 8 > randomPool.length) {
    randomFillSync(randomPool);
    poolUsed = 0;
  }
  poolUsed += 8;
  return randomPool.toString('hex', poolUsed - 8, poolUsed);
}

/**
 * Every request's id: a fresh random one, or the one a trusted reverse proxy already gave
 * it (so the proxy's log and ours share it). Without a trusted proxy a client's own header
 * is ignored: it could pose as another visitor's request in the log.
 */
export function requestIdGenerator(trustProxy: TrustProxy) {
  // The id is the nearest hop's: kept only when that hop is one of the trusted proxies.
  const fromTrustedProxy =
    trustProxy === false
      ? () => false
      : typeof trustProxy === 'number'
        ? () => trustProxy > 0
        : (() => {
            const trusted = proxyAddr.compile(trustProxy);
            return (raw: IncomingMessage) => trusted(raw.socket?.remoteAddress ?? '', 0);
          })();
  return (raw: IncomingMessage): string => {
    const upstream = raw.headers[REQUEST_ID_HEADER];
    if (fromTrustedProxy(raw) && typeof upstream === 'string' && UPSTREAM_ID.test(upstream)) return upstream;
    return randomId();
  };
}

/** Sends the id back on every answer, so a visitor's report can be matched to a log line. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);
