import { STATUS_CODES } from 'node:http';

/** Every API error is JSON `{ error, message }`; a 5xx never shows internals. */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** Field-level problems of a 400, keyed by field or parameter name. */
  fields?: Record<string, string>;
  /** On a 5xx: the id of the request in the server's log, for a visitor to quote. */
  requestId?: string;
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

export function errorBody(
  statusCode: number,
  message: string,
  fields?: Record<string, string>,
  requestId?: string,
): ApiErrorBody {
  return {
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
    ...(requestId ? { requestId } : {}),
  };
}
