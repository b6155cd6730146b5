import type { Queryable } from '#server/db/database';
import { type MailContent, queueMail, renderMail } from '#server/modules/mail/service';
import { createTranslator } from '#shared/i18n';
import type { ReportReason } from '#shared/listing-report';
import type { StaffNoticeEvent } from '#shared/staff-notices';
import { staffNoticesRepository } from './repository';

export { staffNoticesRepository } from './repository';

/** Staff read the dashboard in English (it has no other language yet): so do their notices. */
const STAFF_LANGUAGE = 'en' as const;
const t = createTranslator(STAFF_LANGUAGE);

/** Where a notice's button leads: a dashboard section, when the site's address is known. */
type NoticeLink = { origin?: string | undefined; section: string };

/**
 * Queues `content` to every member who gets `event`, on `db` (the transaction of its cause),
 * one message per member under `${key}:${member id}`: a retry of the cause queues nothing more.
 */
async function notifyStaff(
  db: Queryable,
  event: StaffNoticeEvent,
  key: string,
  content: Omit<MailContent, 'language'>,
  options: { replyTo?: string | undefined; link?: NoticeLink; onlyUserId?: string } = {},
): Promise<number> {
  const recipients = await staffNoticesRepository(db).recipients(event, options.onlyUserId);
  const action = options.link?.origin
    ? { label: t('admin.notices.mail.open'), url: `${options.link.origin}/admin/${options.link.section}` }
    : undefined;
  const mail = renderMail({
    ...content,
    language: STAFF_LANGUAGE,
    ...(action ? { action } : {}),
    footer: t('admin.notices.mail.footer'),
  });
  for (const member of recipients) {
    await queueMail(db, {
      key: `staff-notice:${event}:${key}:${member.id}`,
      to: member.email,
      language: STAFF_LANGUAGE,
      ...mail,
      ...(options.replyTo ? { replyTo: options.replyTo } : {}),
    });
  }
  return recipients.length;
}

/** A new inquiry, its text in the message; replying answers the visitor. */
export function queueInquiryNotice(
  db: Queryable,
  inquiry: { id: string; name: string; email: string; subject: string; message: string; listingTitle?: string | null },
  origin?: string,
): Promise<number> {
  const paragraphs = [
    t('admin.notices.mail.inquiryFrom', { name: inquiry.name, email: inquiry.email }),
    ...(inquiry.listingTitle ? [t('admin.notices.mail.inquiryAbout', { title: inquiry.listingTitle })] : []),
    t('admin.notices.mail.inquirySubject', { subject: inquiry.subject }),
    ...inquiry.message.split(/\n{2,}/),
  ];
  return notifyStaff(
    db,
    'inquiry',
    inquiry.id,
    {
      subject: t('admin.notices.mail.inquiryTitle', { subject: inquiry.subject }),
      paragraphs,
      notes: [t('admin.notices.mail.inquiryReply')],
    },
    { replyTo: inquiry.email, link: { origin, section: 'inquiries' } },
  );
}

/** A visitor reported a listing. */
export function queueReportNotice(
  db: Queryable,
  report: { id: string; listingTitle: string; listingUrl: string; reason: ReportReason; note: string; contact: string },
  origin?: string,
): Promise<number> {
  const paragraphs = [
    t('admin.notices.mail.reportListing', { title: report.listingTitle, url: report.listingUrl }),
    t('admin.notices.mail.reportReason', { reason: t(`report.reasons.${report.reason}`) }),
    ...(report.note ? [report.note] : []),
    ...(report.contact ? [t('admin.notices.mail.reportContact', { contact: report.contact })] : []),
  ];
  return notifyStaff(
    db,
    'report',
    report.id,
    { subject: t('admin.notices.mail.reportTitle', { title: report.listingTitle }), paragraphs },
    { link: { origin, section: 'reports' } },
  );
}

/** A seller confirmed a listing: it waits in the queue. */
export function queueSubmissionNotice(
  db: Queryable,
  submission: { id: string; title: string; category: string; sellerName: string; sellerEmail: string; photos: number },
  origin?: string,
): Promise<number> {
  return notifyStaff(
    db,
    'submission',
    submission.id,
    {
      subject: t('admin.notices.mail.submissionTitle', { title: submission.title }),
      paragraphs: [
        t('admin.notices.mail.submissionFrom', {
          name: submission.sellerName,
          email: submission.sellerEmail,
          title: submission.title,
          category: submission.category,
          photos: submission.photos,
        }),
      ],
    },
    { link: { origin, section: 'submissions' } },
  );
}

/**
 * Sign-in to a member's own account was locked after a burst of failures (`lock`: the password
 * lock or the two-factor one); `lockKey` names that lock (its end), so it is told once.
 */
export function queueSignInBurstNotice(
  db: Queryable,
  account: { id: string; username: string },
  burst: { lock: 'password' | 'two-factor'; attempts: number; address: string; lockKey: string },
): Promise<number> {
  return notifyStaff(
    db,
    'sign-in-burst',
    `${burst.lock}:${account.id}:${burst.lockKey}`,
    {
      subject: t('admin.notices.mail.burstTitle'),
      paragraphs: [
        t(burst.lock === 'password' ? 'admin.notices.mail.burstPassword' : 'admin.notices.mail.burstCode', {
          username: account.username,
          n: burst.attempts,
          address: burst.address,
        }),
      ],
      notes: [t('admin.notices.mail.burstNote')],
    },
    { onlyUserId: account.id },
  );
}

/** A backup that was asked for (by `npm run backup`, scheduled or not) did not finish. */
export function queueBackupFailedNotice(db: Queryable, backup: { name: string; error: string }): Promise<number> {
  return notifyStaff(db, 'backup-failed', backup.name, {
    subject: t('admin.notices.mail.backupTitle'),
    paragraphs: [t('admin.notices.mail.backupText', { name: backup.name }), backup.error],
    notes: [t('admin.notices.mail.backupNote')],
  });
}

/** Keys of the failing-mail notices: such a notice that fails itself is not told of again. */
const MAIL_FAILING_KEY = 'staff-notice:mail-failing:';
const MAIL_FAILING_PERIOD_MS = 60 * 60_000;

/**
 * Delivery gave up on a message (the worker marked it failed): the members who get this notice
 * are told, at most once an hour each, so a mail server that refuses everything does not flood
 * them. A failing notice of this kind is never told of (no loop).
 */
export async function queueMailFailingNotice(
  db: Queryable,
  message: { key: string; recipient: string; subject: string; attempts: number; lastError: string | null },
  now: Date = new Date(),
): Promise<number> {
  if (message.key.startsWith(MAIL_FAILING_KEY)) return 0;
  const period = Math.floor(now.getTime() / MAIL_FAILING_PERIOD_MS);
  return notifyStaff(db, 'mail-failing', String(period), {
    subject: t('admin.notices.mail.failingTitle'),
    paragraphs: [
      t('admin.notices.mail.failingText', {
        recipient: message.recipient,
        subject: message.subject,
        n: message.attempts,
      }),
      ...(message.lastError ? [message.lastError] : []),
    ],
    notes: [t('admin.notices.mail.failingNote')],
  });
}
