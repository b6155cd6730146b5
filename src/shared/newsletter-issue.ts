import { z } from 'zod';
import type { DigestSchedule } from './newsletter-digest';
import { multiLine, singleLine } from './text-rules';

/** A one-off newsletter issue (docs/product.md#newsletter-dashboard): checked in the form and on the server. */
export const NEWSLETTER_ISSUE_LIMITS = { subject: 200, body: 50_000 } as const;

const E = 'adminNewsletter.errors';

export const newsletterIssueSchema = z.strictObject({
  subject: singleLine(
    z
      .string({ message: `${E}.subjectRequired` })
      .trim()
      .min(1, `${E}.subjectRequired`)
      .max(NEWSLETTER_ISSUE_LIMITS.subject, `${E}.tooLong`),
  ),
  body: multiLine(
    z
      .string({ message: `${E}.bodyRequired` })
      .trim()
      .min(1, `${E}.bodyRequired`)
      .max(NEWSLETTER_ISSUE_LIMITS.body, `${E}.tooLong`),
  ),
  /** One per composed issue: the same send posted again (a double click, a retry) is that issue. */
  sendKey: z.uuid({ message: `${E}.sendKeyInvalid` }),
});
export type NewsletterIssueInput = z.input<typeof newsletterIssueSchema>;

/** An issue as the dashboard lists it. */
export const newsletterIssueSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  sentBy: z.string(),
  createdAt: z.string(),
  /** When every recipient's message was queued; null while it is being queued. */
  sentAt: z.string().nullable(),
  recipients: z.number().int(),
});
export type NewsletterIssueSummary = z.infer<typeof newsletterIssueSummarySchema>;

/** GET /api/admin/newsletter: who receives it, and when the digest goes out. */
export interface NewsletterOverview {
  confirmed: number;
  unconfirmed: number;
  digest: DigestSchedule;
}
