import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IS_PUBLISHED } from './repository';

/** A scheduled post goes live by the database's clock, unseen by the caches: they hear of it this often. */
export const PUBLICATION_SWEEP_INTERVAL_MS = 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the caches of public answers when posts went live since the last look; returns how many. */
    noticePublishedPosts(): Promise<number>;
  }
}

/**
 * A scheduled post becomes public when its time comes, with no staff request to clear the
 * cached pages and searches (the home page's latest posts, the blog list): every minute,
 * each instance looks for posts that went live since its last look and clears them all.
 */
export const blogPublicationSweepPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    // The database's clock at the last look: the same clock that decides what is published.
    let lookedAt: Date | null = null;
    const notice = async () => {
      const { rows } = await app.db.query<{ now: Date; published: number }>(
        `SELECT now() AS now, count(*) FILTER (WHERE published_at > $1 AND ${IS_PUBLISHED})::int AS published
         FROM blog_posts`,
        [lookedAt ?? new Date(0)],
      );
      const first = lookedAt === null;
      lookedAt = rows[0]?.now ?? lookedAt;
      // At start nothing is cached yet that could be stale.
      const published = first ? 0 : (rows[0]?.published ?? 0);
      if (published > 0) {
        app.publicContent.changed();
        app.log.info({ posts: published }, 'scheduled blog posts went live');
      }
      return published;
    };
    const sweep = () => {
      running = running.then(notice).catch((error) => app.log.warn({ err: error }, 'blog publication sweep failed'));
    };
    app.decorate('noticePublishedPosts', () => {
      const result = running.then(notice);
      running = result.catch(() => {});
      return result;
    });
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, PUBLICATION_SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'blog-publication-sweep', dependencies: ['app-context', 'public-content'] },
);
