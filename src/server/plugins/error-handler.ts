import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translateMessage } from './locale';

/** Every API error is JSON `{ error, message }`; a 5xx never shows internals. */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** Field-level problems of a 400, keyed by field or parameter name. */
  fields?: Record<string, string>;
}

/** Throw from a route for an expected failure with a message meant for the visitor. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: STATUS_CODES[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}

const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is invalid.',
};

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        const fields = error.fields
          ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateMessage(request, v)]))
          : undefined;
        return reply
          .status(error.statusCode)
          .send(errorBody(error.statusCode, translateMessage(request, error.message), fields));
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
        return reply.status(400).send(errorBody(400, message, fields));
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send(errorBody(status, translateMessage(request, 'common.errors.server')));
      }
      const message = (error.code && FRIENDLY_MESSAGES[error.code]) || error.message;
      return reply.status(status).send(errorBody(status, message));
    });
  },
  { name: 'error-handler' },
);
