import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves stored originals at /uploads/<key>, cached for a day (spec §9: 86400 s). */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    await app.register(fastifyStatic, {
      root: options.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=86400');
        res.setHeader('x-content-type-options', 'nosniff');
      },
    });
  },
  { name: 'uploads', dependencies: ['app-context'] },
);
