import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { removeUnconfirmedSubmissions } from './service';

const SWEEP_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes the submissions not confirmed in time, and their photos: how many. Tests call it. */
    removeUnconfirmedSubmissions(): Promise<number>;
  }
}

/**
 * Every hour, submissions whose seller never confirmed (48 hours) are deleted with their
 * photos. Any instance may run it: a row is deleted once, by one statement.
 */
export const unconfirmedSubmissionSweepPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const run = () => removeUnconfirmedSubmissions(app.db, app.storage);
    const sweep = () => {
      running = running
        .then(run)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed unconfirmed listing submissions');
        })
        .catch((error) => app.log.warn({ err: error }, 'unconfirmed submission sweep failed'));
    };
    app.decorate('removeUnconfirmedSubmissions', run);
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'unconfirmed-submission-sweep', dependencies: ['app-context'] },
);
