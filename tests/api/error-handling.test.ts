import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../src/server/lib/http-error';
import { errorHandlerPlugin } from '../../src/server/plugins/error-handler';

// The error handler on its own, with routes that fail in every way a request can.
describe('error handler', () => {
  const app = Fastify({ bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    app.post(
      '/echo',
      { schema: { body: z.strictObject({ name: z.string().min(1, 'Name is required') }) } },
      async (r) => r.body,
    );
    app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@host');
    });
    app.get('/api/teapot', async () => {
      throw new HttpError(409, 'Already there');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await post('{"name":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with 415', async () => {
    const response = await post('<name>x</name>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('Unsupported Media Type');
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(2000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Payload Too Large', message: 'The request body is too large.' });
  });

  it('names the field that failed validation', async () => {
    const response = await post(JSON.stringify({ name: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'name: Name is required', fields: { name: 'Name is required' } });
  });

  it('rejects unknown fields', async () => {
    const response = await post(JSON.stringify({ name: 'a', admin: true }));
    expect(response.statusCode).toBe(400);
  });

  it('hides the internals of a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres://');
    expect(response.json()).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
      requestId: expect.any(String),
    });
  });

  it('passes an HttpError through with its status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/teapot' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Conflict', message: 'Already there' });
  });
});
