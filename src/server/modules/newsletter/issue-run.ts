import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIssueRepository, sendIssue } from './issues';

/** How often an instance looks for an issue whose sending stopped (its instance gone). */
const CHECK_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Queues the messages of every issue not queued in full that no instance holds; resolves
     * once this instance's earlier sends are done too. The messages queued. Tests await it.
     */
    sendNewsletterIssues(): Promise<number>;
  }
}

/**
 * One-off issues are queued in the background (decision 0094): the staff's post stores the
 * issue and starts this; a send stopped by a restart is resumed on start or within 10 minutes.
 */
export const newsletterIssuesPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const origin = () => app.config.publicUrl ?? `http://localhost:${app.config.port}`;
    const sendAll = async () => {
      let queued = 0;
      for (const id of await createIssueRepository(app.db).unsentIds()) {
        const started = Date.now();
        const recipients = await sendIssue(app.db, id, origin(), app.renderMarkdown);
        if (recipients === null) continue;
        app.log.info({ issue: id, recipients, ms: Date.now() - started }, 'newsletter issue queued');
        queued += recipients;
      }
      return queued;
    };
    const send = () => {
      const next = running.then(sendAll);
      running = next.catch((error) => app.log.warn({ err: error }, 'newsletter issue failed'));
      return next;
    };
    app.decorate('sendNewsletterIssues', send);
    app.addHook('onReady', async () => {
      send().catch(() => {});
      timer = setInterval(() => send().catch(() => {}), CHECK_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'newsletter-issues', dependencies: ['app-context', 'markdown'] },
);
