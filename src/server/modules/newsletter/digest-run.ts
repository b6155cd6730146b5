import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dueDigestSlot } from '#shared/newsletter-digest';
import { sendNewsletterDigest } from './digest';

/** How often an instance looks whether a digest is due. */
const CHECK_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends the digest due at `now` by the schedule in Site settings, unless it is off, not due
     * yet this week, or an instance has sent it (or is sending it): then null; else the number of
     * messages queued (0: nothing new). Tests call it with their own `now`.
     */
    runNewsletterDigest(now?: Date): Promise<number | null>;
  }
}

/**
 * The weekly digest (decision 0094): checked on start, so a slot missed while the app was down
 * goes out if still the same week, then every 10 minutes; the slot's row makes it once.
 */
export const newsletterDigestPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const origin = () => app.config.publicUrl ?? `http://localhost:${app.config.port}`;
    const run = async (now = new Date()) => {
      const { settings } = await app.siteSettings.get();
      const slot = dueDigestSlot(settings.newsletterDigest, now);
      if (!slot) return null;
      const started = Date.now();
      const messages = await sendNewsletterDigest(app.db, slot, origin());
      if (messages !== null) {
        app.log.info({ slot: slot.toISOString(), messages, ms: Date.now() - started }, 'newsletter digest queued');
      }
      return messages;
    };
    const check = () => {
      running = running.then(() => run()).catch((error) => app.log.warn({ err: error }, 'newsletter digest failed'));
    };
    app.decorate('runNewsletterDigest', run);
    app.addHook('onReady', async () => {
      check();
      timer = setInterval(check, CHECK_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'newsletter-digest', dependencies: ['app-context', 'site-settings'] },
);
