import type { FastifyRequest } from 'fastify';
import { siteOrigin } from './site-origin';

/**
 * Whether a request comes from another site: the browser says so (Sec-Fetch-Site, which a page
 * cannot set), or, from a browser without it, names another origin. A page with
 * `Referrer-Policy: no-referrer` posts with `Origin: null`: its Sec-Fetch-Site decides. A
 * request that says neither (an older browser, a script) is not refused here.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== siteOrigin(request);
}
