import { z } from 'zod';
import { staffPagingFields } from './admin-listing-query';

/**
 * Where a message stands (docs/product.md#outbox): waiting to be sent (or retried), sent to the
 * mail server, kept in the outbox as no mail server is configured, or given up on.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OUTBOX_PAGE_SIZE = 50;

/** GET /api/admin/mail: newest first, by status and recipient. */
export const outboxQuerySchema = z.strictObject({
  status: z.enum(MAIL_STATUSES, { message: 'listings.errors.notAnOption' }).optional(),
  recipient: z.string().trim().max(254).optional(),
  ...staffPagingFields(OUTBOX_PAGE_SIZE),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  language: z.enum(['en', 'so']),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a waiting message is tried next. */
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxSummarySchema = z.object({
  queued: z.number(),
  sent: z.number(),
  outbox: z.number(),
  failed: z.number(),
  oldestQueuedAt: z.string().nullable(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number(),
  summary: outboxSummarySchema,
  /** How mail leaves this site: a mail server, or none (kept here). */
  delivery: z.enum(['smtp', 'outbox']),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** One message, both parts, as sent. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  replyTo: z.string().nullable(),
  unsubscribeUrl: z.string().nullable(),
  text: z.string(),
  html: z.string(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
