import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listingTrustRepository } from './repository';

/** Days pass without anyone writing: the sweep moves listings past their last day out of the results. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Expires what is due now (at start, every minute, and from tests); returns the ids. */
    expireDueListings(): Promise<string[]>;
  }
}

/** Runs the expiry at start and every minute; every instance may, the update is idempotent. */
export const listingExpiryPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const expire = async () => {
      const ids = await listingTrustRepository(app.db).expireDue();
      if (ids.length > 0) {
        app.listingsService.invalidate();
        app.log.info({ listingIds: ids }, 'listings expired');
      }
      return ids;
    };
    const sweep = () => {
      running = running.then(expire).catch((error) => app.log.warn({ err: error }, 'listing expiry sweep failed'));
    };
    app.decorate('expireDueListings', expire);
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, EXPIRY_SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'listing-expiry', dependencies: ['app-context', 'listings-service'] },
);
