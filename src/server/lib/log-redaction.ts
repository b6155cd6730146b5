import type { FastifyServerOptions } from 'fastify';

/** A one-time link's token in an address (`?token=…`): the log keeps the address without it. */
const TOKEN_PARAM = /([?&]token=)[^&#]*/gi;

export function hideLinkTokens(url: string | undefined): string | undefined {
  return url?.replace(TOKEN_PARAM, '$1[hidden]');
}

/**
 * The request log line names the address asked for; a password link's token is a secret
 * until used (docs/product.md#staff-accounts), so it never reaches the log.
 */
export function withLinkTokensHidden(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || logger === true || typeof logger !== 'object')
    return logger === true ? withLinkTokensHidden({}) : logger;
  return {
    ...logger,
    serializers: {
      ...(logger as { serializers?: Record<string, unknown> }).serializers,
      req: (request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: request.method,
        url: hideLinkTokens(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
