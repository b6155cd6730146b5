import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config';
import type { Database } from '#server/db/database';
import type { ObjectStorage } from '#server/storage/object-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: ObjectStorage;
  }
}

export interface AppContext {
  config: Config;
  db: Database;
  storage: ObjectStorage;
}

/** Makes config, database and storage available to every plugin and route. */
export const appContextPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate('config', context.config);
    app.decorate('db', context.db);
    app.decorate('storage', context.storage);
  },
  { name: 'app-context' },
);
