import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNCONFIRMED_KEPT_DAYS } from '#shared/privacy';
import { privacyRepository } from './repository';
import { nairobiDay } from './service';

const CHECK_INTERVAL_MS = 10 * 60_000;

export interface RetentionSweepResult {
  inquiries: number;
  savedSearches: number;
  newsletter: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs the retention sweep of the Nairobi day of `now` unless an instance has (or is
     * running it): what it removed, or null when the day was taken. Tests call it.
     */
    runRetentionSweep(now?: Date): Promise<RetentionSweepResult | null>;
  }
}

/**
 * Once a day, one instance removes what the privacy page says is not kept: inquiries older
 * than the months set in Site settings, and saved searches (and newsletter sign-ups) not
 * confirmed within UNCONFIRMED_KEPT_DAYS. The day's row in retention_sweeps is claimed first.
 */
export const retentionSweepPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const run = async (now = new Date()) => {
      const day = nairobiDay(now);
      const repo = privacyRepository(app.db);
      if (!(await repo.claimSweep(day))) return null;
      const { inquiryRetentionMonths } = (await app.siteSettings.get()).settings;
      const removed = {
        inquiries: await repo.deleteOldInquiries(inquiryRetentionMonths),
        savedSearches: await repo.deleteUnconfirmedSavedSearches(UNCONFIRMED_KEPT_DAYS),
        newsletter: await repo.deleteUnconfirmedNewsletterSignUps(UNCONFIRMED_KEPT_DAYS),
      };
      await repo.finishSweep(day, removed);
      app.log.info({ day, ...removed }, 'retention sweep done');
      return removed;
    };
    const check = () => {
      running = running.then(() => run()).catch((error) => app.log.warn({ err: error }, 'retention sweep failed'));
    };
    app.decorate('runRetentionSweep', run);
    app.addHook('onReady', async () => {
      timer = setInterval(check, CHECK_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention-sweep', dependencies: ['app-context', 'site-settings'] },
);
