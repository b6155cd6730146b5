import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id';

const request = (headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('are 16 hex digits, never the same twice, past many refills of their random bytes', () => {
    const next = requestIdGenerator(false);
    const ids = Array.from({ length: 5_000 }, () => next(request()));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("take a trusted proxy's id, and ignore a client's own", () => {
    expect(requestIdGenerator(1)(request({ 'x-request-id': 'proxy-id-1234' }))).toBe('proxy-id-1234');
    expect(requestIdGenerator(false)(request({ 'x-request-id': 'proxy-id-1234' }))).not.toBe('proxy-id-1234');
  });
});
