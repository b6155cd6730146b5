import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nairobiCalendarDay } from '#shared/nairobi-time';
import { createSavedSearchRepository } from './repository';
import { sendDailyAlerts } from './service';

/** The daily alerts go out from this hour (Nairobi time); the check runs every 10 minutes. */
export const DAILY_ALERT_HOUR = 7;
const CHECK_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs the daily alerts of the Nairobi day of `now` unless an instance has (or is running
     * it); the number of messages queued, or null when the day was taken. Tests call it.
     */
    runDailyAlerts(now?: Date): Promise<number | null>;
  }
}

/** The day as a date column reads it: '2026-11-28'. */
function dayOf(now: Date): string {
  const { year, month, day } = nairobiCalendarDay(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Once a day, from DAILY_ALERT_HOUR in Nairobi, one instance queues the daily alerts: the day's
 * row in saved_search_runs is claimed first, so several instances run it once (a run left
 * unfinished for an hour may be claimed again; what it sent is marked sent).
 */
export const dailyAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const origin = () => app.config.publicUrl ?? `http://localhost:${app.config.port}`;
    const run = async (now = new Date()) => {
      const day = dayOf(now);
      const runs = createSavedSearchRepository(app.db);
      if (!(await runs.claimRun(day))) return null;
      const started = Date.now();
      const messages = await sendDailyAlerts(app.db, origin());
      await runs.finishRun(day, messages);
      app.log.info({ day, messages, ms: Date.now() - started }, 'daily alerts queued');
      return messages;
    };
    const check = () => {
      const now = new Date();
      const nairobiHour = (now.getUTCHours() + 3) % 24;
      if (nairobiHour < DAILY_ALERT_HOUR) return;
      running = running.then(() => run(now)).catch((error) => app.log.warn({ err: error }, 'daily alerts failed'));
    };
    app.decorate('runDailyAlerts', run);
    app.addHook('onReady', async () => {
      timer = setInterval(check, CHECK_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'daily-alerts', dependencies: ['app-context'] },
);
