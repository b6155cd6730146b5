import pg from 'pg';
import type { NoticeHandlers } from './database';

/** Shown in pg_stat_activity, so an operator (or a test) can tell the listening connection apart. */
export const LISTENER_APPLICATION_NAME = 'sdh-notice-listener';
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 10_000;

/**
 * PostgreSQL LISTEN on one connection of its own (a pooled one would drop its LISTENs when
 * returned). When the connection is lost it reconnects with growing pauses, listens again
 * and tells every listener of the gap, since notices sent meanwhile are gone.
 */
export function createNoticeListener(connectionString: string) {
  const channels = new Map<string, Set<NoticeHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;

  const listenTo = (c: pg.Client, channel: string) => c.query(`LISTEN ${c.escapeIdentifier(channel)}`);

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) handlers.onNotice(message.payload ?? '');
    });
    next.on('error', () => {}); // 'end' follows and reconnects
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      reconnectLater();
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await listenTo(next, channel);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function reconnectLater() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        retryMs = FIRST_RETRY_MS;
        for (const set of channels.values()) for (const handlers of set) handlers.onGap();
      } catch {
        retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
        reconnectLater();
      }
    }, retryMs).unref();
  }

  return {
    async listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>> {
      const isNew = !channels.has(channel);
      const set = channels.get(channel) ?? new Set();
      set.add(handlers);
      channels.set(channel, set);
      if (!client && !retryTimer) {
        // The first listener connects; one that cannot keeps trying in the background.
        connecting ??= connect().finally(() => {
          connecting = null;
        });
        await connecting.catch(() => reconnectLater());
      } else if (client && isNew) {
        await listenTo(client, channel).catch(() => {}); // a lost connection relistens on reconnecting
      }
      return async () => {
        set.delete(handlers);
        if (set.size > 0) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
