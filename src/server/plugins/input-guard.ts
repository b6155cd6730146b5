import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '#server/lib/http-error';
import { INVALID_CHARACTERS_MESSAGE } from '#shared/text-rules';
import { translateMessage } from './locale';

/**
 * Where a parsed request value holds a NUL character (in a string or a key), as a dotted
 * path ('' for the value itself), or null. Iterative, so no nesting depth can overflow it.
 */
export function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** A 400 naming the part of the request that holds a NUL. */
export function nulError(request: FastifyRequest, where: string): HttpError {
  const text = translateMessage(request, INVALID_CHARACTERS_MESSAGE);
  return new HttpError(400, `${where}: ${text}`, { [where]: INVALID_CHARACTERS_MESSAGE });
}

/** Throws the 400 when a parsed value holds a NUL; `name` says where it came from. */
export function refuseNul(request: FastifyRequest, value: unknown, name: string): void {
  const at = findNul(value);
  if (at !== null) throw nulError(request, at || name);
}

/** A Host (or trusted X-Forwarded-Host) value a URL can be built from: name or address, optional port. */
export function isValidHost(host: string): boolean {
  if (host.length > 255 || !/^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return false;
  try {
    return new URL(`http://${host}`).host !== '';
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses NUL in text, so one that reached a query would be a 500. The shared
 * schemas refuse control characters field by field with their own messages; this guard
 * stands behind them for every route, schema or not, before any handler runs.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // Pages build absolute links from the host; HTTP says an invalid one is a 400. An HTTP/1.0
    // request may come without one (some load balancers' health checks do): that is fine.
    app.addHook('onRequest', async (request) => {
      if (request.headers.host === undefined && request.host === '') return;
      if (!isValidHost(request.host)) throw new HttpError(400, 'common.errors.badHost');
    });
    app.addHook('preValidation', async (request) => {
      refuseNul(request, request.params, 'params');
      refuseNul(request, request.query, 'query');
      refuseNul(request, request.body, 'body');
    });
  },
  { name: 'input-guard', dependencies: ['locale'] },
);
