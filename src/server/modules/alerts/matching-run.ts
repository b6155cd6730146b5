import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { createSavedSearchRepository } from './repository';
import { type MatchCounts, matchPublishedListings } from './service';

/** How often an idle instance looks for published listings to match. */
const POLL_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Matches every listing published and not matched yet, now (after a pass under way in this
     * instance); the counts. Tests call it to wait for the alerts of what they published.
     */
    matchPublishedListings(): Promise<MatchCounts>;
  }
}

/**
 * The alerts of published listings, after the staff request (decision 0089): every instance
 * looks for publications every POLL_MS, claims each once across instances, matches it and
 * queues its instant messages, as mail delivery does with messages.
 */
export const alertMatchingPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    const pass = () =>
      matchPublishedListings(app.db, {
        stop: () => closing,
        onError: (error, listingId) =>
          app.log.warn({ err: error, listingId }, 'alert matching failed; tried again when its claim runs out'),
      });
    // One pass at a time in this instance; a test's call waits for the timer's pass.
    let running: Promise<MatchCounts | undefined> = Promise.resolve(undefined);
    const match = () => {
      const next = running.catch(() => undefined).then(pass);
      running = next;
      return next;
    };
    app.decorate('matchPublishedListings', match);

    const repository = createSavedSearchRepository(app.db);
    let lastWaiting = 0;
    new Gauge({
      name: 'sdh_alert_publications_waiting',
      help: 'Published listings whose alerts are not matched yet (those being matched included)',
      registers: [app.metrics.registry],
      async collect() {
        lastWaiting = await repository.publicationsWaiting().catch(() => lastWaiting);
        this.set(lastWaiting);
      },
    });

    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      match()
        .catch((error) => app.log.warn({ err: error }, 'alert matching pass failed'))
        .then(() => {
          if (!closing) timer = setTimeout(tick, POLL_MS).unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, POLL_MS).unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    });
  },
  { name: 'alert-matching', dependencies: ['app-context', 'metrics'] },
);
