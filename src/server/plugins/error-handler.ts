import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DatabaseFullError, DatabaseUnavailableError } from '#server/db/database';
import { errorBody, HttpError } from '#server/lib/http-error';
import { StorageUnavailableError } from '#server/storage/object-storage';
import { isPageRequest, renderErrorPage } from './error-page';
import { translateMessage } from './locale';

const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is invalid.',
};

/** Seconds a client should wait before trying again after an outage answer. */
export const RETRY_AFTER_SECONDS = 30;

/** What a request that waited too long for a database connection is told to wait (an overload, not an outage). */
const POOL_WAIT_RETRY_AFTER_SECONDS = 5;

/** The server has more work than it can do in good time: refused at once, try again shortly. */
export class ServerOverloadedError extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`server overloaded: ${reason}`);
    this.name = 'ServerOverloadedError';
  }
}

/** A request whose client went away: nobody is left to answer. */
function clientGone(request: FastifyRequest, error: FastifyError): boolean {
  return (
    request.raw.aborted ||
    (request.raw.socket?.destroyed ?? false) ||
    ['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'FST_MP_PREMATURE_CLOSE'].includes(error.code ?? '')
  );
}

interface Answer {
  status: number;
  message: string;
  fields?: Record<string, string>;
  /** Seconds for Retry-After on a 503 or 507 (RETRY_AFTER_SECONDS unless said). */
  retryAfter?: number;
}

/** What to tell the client about an error (messages translated), and what to log. */
function answerFor(error: FastifyError, request: FastifyRequest): Answer {
  if (error instanceof HttpError) {
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateMessage(request, v)]))
      : undefined;
    return { status: error.statusCode, message: translateMessage(request, error.message), fields };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = name || error.validationContext || 'request';
      fields[key] ??= translateMessage(request, issue.message ?? 'is not valid');
    }
    const [first] = Object.entries(fields);
    // One field wrong: its message alone reads best in a form banner.
    const message =
      Object.keys(fields).length === 1 && first
        ? `${first[0]}: ${first[1]}`
        : translateMessage(request, 'common.errors.invalidFields');
    return { status: 400, message, fields };
  }
  if (error instanceof ServerOverloadedError) {
    return {
      status: 503,
      message: translateMessage(request, 'common.errors.overloaded'),
      retryAfter: error.retryAfterSeconds,
    };
  }
  if (error instanceof DatabaseFullError) {
    return { status: 507, message: translateMessage(request, 'common.errors.databaseFull') };
  }
  if (error instanceof DatabaseUnavailableError) {
    // Every pool connection stayed busy: the server is overloaded, the database is not down.
    if (error.busy) {
      return {
        status: 503,
        message: translateMessage(request, 'common.errors.overloaded'),
        retryAfter: POOL_WAIT_RETRY_AFTER_SECONDS,
      };
    }
    return { status: 503, message: translateMessage(request, 'common.errors.unavailable') };
  }
  if (error instanceof StorageUnavailableError) {
    if (error.problem === 'full')
      return { status: 507, message: translateMessage(request, 'common.errors.storageFull') };
    const key =
      error.problem === 'unreachable' ? 'common.errors.storageUnreachable' : 'common.errors.storageNotWritable';
    return { status: 503, message: translateMessage(request, key) };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, message: translateMessage(request, 'common.errors.server') };
  return { status, message: (error.code && FRIENDLY_MESSAGES[error.code]) || error.message };
}

function send(request: FastifyRequest, reply: FastifyReply, { status, message, fields, retryAfter }: Answer) {
  if (status === 503 || status === 507) reply.header('retry-after', String(retryAfter ?? RETRY_AFTER_SECONDS));
  if (isPageRequest(request)) {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderErrorPage(request, status, message));
  }
  return reply.status(status).send(errorBody(status, message, fields, status >= 500 ? request.id : undefined));
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (clientGone(request, error)) {
        // Their connection closed mid-request: routine on mobile networks, not a server fault.
        request.log.info({ err: error }, 'client disconnected before the answer');
        return reply.status(499).send(errorBody(400, 'The client closed the connection.'));
      }
      const answer = answerFor(error, request);
      if (error instanceof ServerOverloadedError) {
        // Logged once a second at most by the overload plugin, not per refused request.
      } else if (error instanceof DatabaseUnavailableError && error.busy) {
        // A wait, not a fault: the pool was busy and the database answering.
        request.log.warn({ reason: error.message }, 'refused: waited too long for a database connection');
      } else if (error instanceof HttpError && answer.status === 503) {
        // Turned away on purpose (e.g. too many sign-ins at once), told when to try again.
        request.log.warn({ reason: error.message }, 'refused: busy');
      } else if (answer.status >= 500) {
        // The cause, for the operator: the visitor sees only the message and the request id.
        request.log.error({ err: error, cause: error.cause }, 'request failed');
      }
      return send(request, reply, answer);
    });
  },
  { name: 'error-handler' },
);
