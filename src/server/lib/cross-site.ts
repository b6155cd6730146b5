import type { FastifyRequest } from 'fastify';
import { siteOrigin } from './site-origin';

/**
 * Whether a request comes from another site: the browser says so (Sec-Fetch-Site), or names
 * another origin. A request that says neither (an older browser, a script) is not refused here.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== siteOrigin(request);
}
