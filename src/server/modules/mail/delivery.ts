import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { Counter, Gauge } from 'prom-client';
import type { MailSettings } from '#server/config';
import { queueMailFailingNotice } from '#server/modules/staff-notices/service';
import { type ClaimedMail, createMailRepository } from './repository';

/** A message is tried this many times, then marked failed (about five hours of retries). */
export const MAX_ATTEMPTS = 10;
/** Seconds an instance holds a claimed message: longer than sending one may take (the timeouts below). */
export const CLAIM_SECONDS = 60;
/** How often an idle instance looks for due messages. */
const POLL_MS = 2000;
/** At most this many messages per look, so a long queue never holds the loop for long. */
const BATCH = 50;

/** The wait before the next try after `attempt` failed: 1, 2, 4 ... minutes, at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(60 * 2 ** (attempt - 1), 3600);
}

/** An address's domain ('Name <a@example.co.ke>' → 'example.co.ke'). */
const domainOf = (address: string) => /@([^\s<>@]+?)>?$/.exec(address)?.[1] ?? 'localhost';

/**
 * The Message-ID of a message, the same on every try: a receiver that gets it twice (an
 * instance died after the server took it, before marking it sent) can tell it is one message.
 */
export function messageIdOf(key: string, from: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domainOf(from)}>`;
}

/**
 * Refusals that trying again cannot change: the server refused this recipient or this message
 * for good (a 5xx reply to RCPT or DATA). A refused sign-in or an unreachable server is retried.
 */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined && responseCode >= 500;
}

type Send = (mail: ClaimedMail) => Promise<void>;

/** Sends through the configured SMTP server, one pooled connection or two. */
function smtpSender(settings: Extract<MailSettings, { delivery: 'smtp' }>) {
  const transport = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const send: Send = async (mail) => {
    await transport.sendMail({
      from: settings.from,
      to: mail.recipient,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      messageId: messageIdOf(mail.key, settings.from),
      headers: {
        'Content-Language': mail.language,
        // Bulk mail: the mail reader's own unsubscribe button (RFC 2369, one click per RFC 8058).
        ...(mail.unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              Precedence: 'bulk',
            }
          : {}),
      },
    });
  };
  return { send, close: () => transport.close() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends every due message now (a batch at most); the number handled. Tests call it. */
    deliverMail(): Promise<number>;
  }
}

/**
 * Delivers the queued mail (decision 0088): `mail_messages` is the queue. Every instance
 * claims due messages one at a time (SKIP LOCKED, so each is taken once), sends it, and marks
 * it; a failed try waits and is retried with backoff, a refusal for good is marked failed. With
 * no mail server configured, messages are kept in the outbox for staff to read.
 */
export const mailDeliveryPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createMailRepository(app.db);
    const settings = app.config.mail;
    const sender = settings.delivery === 'smtp' ? smtpSender(settings) : undefined;
    const registers = [app.metrics.registry];
    const sent = new Counter({
      name: 'sdh_mail_sent_total',
      help: 'Messages delivered: to the mail server (smtp) or kept in the outbox (outbox)',
      labelNames: ['delivery'] as const,
      registers,
    });
    const retried = new Counter({
      name: 'sdh_mail_retried_total',
      help: 'Tries that failed and will be retried',
      registers,
    });
    const failed = new Counter({ name: 'sdh_mail_failed_total', help: 'Messages given up on', registers });
    sent.inc({ delivery: settings.delivery }, 0);
    let lastDepth = 0;
    new Gauge({
      name: 'sdh_mail_queue_depth',
      help: 'Messages waiting to be sent (due or waiting to be retried)',
      registers,
      async collect() {
        lastDepth = await repository.queueDepth().catch(() => lastDepth);
        this.set(lastDepth);
      },
    });

    const deliverOne = async (mail: ClaimedMail) => {
      if (!sender) {
        await repository.markDelivered(mail.id, 'outbox');
        sent.inc({ delivery: 'outbox' });
        return;
      }
      try {
        await sender.send(mail);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = isPermanent(error) || mail.attempt >= MAX_ATTEMPTS;
        if (giveUp) {
          // Given up: the staff who asked to hear of failing mail are told, with the mark.
          await app.db.transaction(async (tx) => {
            await createMailRepository(tx).markAttemptFailed(mail.id, reason, null);
            await queueMailFailingNotice(tx, { ...mail, attempts: mail.attempt, lastError: reason });
          });
        } else await repository.markAttemptFailed(mail.id, reason, retryDelaySeconds(mail.attempt));
        (giveUp ? failed : retried).inc();
        app.log.warn({ mail: mail.id, attempt: mail.attempt, giveUp, err: reason }, 'mail not sent');
        return;
      }
      await repository.markDelivered(mail.id, 'sent');
      sent.inc({ delivery: 'smtp' });
    };

    let closing = false;
    const deliverDue = async () => {
      let handled = 0;
      while (!closing && handled < BATCH) {
        const mail = await repository.claimNext(CLAIM_SECONDS);
        if (!mail) break;
        await deliverOne(mail);
        handled++;
      }
      return handled;
    };
    // One pass at a time in this instance; a test's call waits for the timer's pass.
    let running: Promise<number> = Promise.resolve(0);
    const deliver = () => {
      running = running.catch(() => 0).then(deliverDue);
      return running;
    };
    app.decorate('deliverMail', deliver);

    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      deliver()
        .catch((error) => app.log.warn({ err: error }, 'mail delivery pass failed'))
        .then((handled) => {
          // A full batch: more are due, look again at once.
          if (!closing) timer = setTimeout(tick, handled === BATCH ? 0 : POLL_MS).unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, POLL_MS).unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      await running.catch(() => 0);
      sender?.close();
    });
  },
  { name: 'mail-delivery', dependencies: ['app-context', 'metrics'] },
);
