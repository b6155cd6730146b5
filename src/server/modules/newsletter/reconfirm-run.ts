import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { askEarlierSubscribersToConfirm } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks the addresses stored before double opt-in to confirm, each once; the number queued. Tests call it. */
    askEarlierSubscribersToConfirm(): Promise<number>;
  }
}

/**
 * Once the app is ready, in the background: every address stored before double opt-in gets
 * one "please confirm" message (decision 0092). An address is marked asked in the transaction
 * that queues its message, so instances starting together, or the next start, never ask twice.
 */
export const newsletterReconfirmPlugin = fp(
  async (app: FastifyInstance) => {
    let running: Promise<unknown> = Promise.resolve();
    const origin = () => app.config.publicUrl ?? `http://localhost:${app.config.port}`;
    const run = async () => {
      const queued = await askEarlierSubscribersToConfirm(app.db, origin());
      if (queued > 0) app.log.info({ queued }, 'newsletter: earlier subscribers asked to confirm');
      return queued;
    };
    app.decorate('askEarlierSubscribersToConfirm', run);
    app.addHook('onReady', async () => {
      running = run().catch((error) => app.log.warn({ err: error }, 'newsletter confirmation run failed'));
    });
    app.addHook('onClose', async () => {
      await running;
    });
  },
  { name: 'newsletter-reconfirm', dependencies: ['app-context'] },
);
