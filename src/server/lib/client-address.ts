import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as limits and known-address checks see it: an IPv6 client by its /64
 * (one household or phone holds a whole /64 and can rotate through it), an IPv4-mapped IPv6
 * address as plain IPv4. request.ip already follows TRUST_PROXY.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}
