import type { FastifyRequest } from 'fastify';

/** A host we may write into links: a DNS name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's origin for absolute links (share links, og:url, canonical) and for the staff
 * Origin check: PUBLIC_URL, which production requires. Without it (development) the
 * request's own host, but only a well-formed one; anything else gets the configured address.
 */
export function siteOrigin(request: FastifyRequest): string {
  const { publicUrl, host, port } = request.server.config;
  if (publicUrl) return publicUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (VALID_HOST.test(request.host)) return `${protocol}://${request.host.toLowerCase()}`;
  return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
}
