import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatNairobiDateTime } from '#shared/nairobi-time';
import type { DigestSchedule } from '#shared/newsletter-digest';
import { NEWSLETTER_ISSUE_LIMITS, type NewsletterIssueInput, newsletterIssueSchema } from '#shared/newsletter-issue';
import { can } from '#shared/permissions';
import { Button } from '#web/components/ui/button';
import { useNewsletterIssues, useNewsletterOverview, useSendNewsletterIssue } from '#web/features/admin/api/newsletter';
import { showFieldErrors } from '#web/features/admin/lib/field-errors';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { MarkdownPreview } from './blog/markdown-preview';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ErrorBanner } from './error-banner';
import { FormInput, FormTextarea } from './form-fields';

const PANEL = 'space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800';

/**
 * /admin/newsletter (editors and admins, docs/product.md#newsletter-dashboard): who receives
 * the newsletter, when the digest goes out, a one-off issue written in Markdown with the blog's
 * preview and sent after a confirmation, and the issues sent before.
 */
export function NewsletterSection({ user }: SectionProps) {
  const t = useT();
  const overview = useNewsletterOverview();
  if (overview.isPending) {
    return (
      <p role="status" className="py-8 text-center">
        {t('admin.dashboard.loadingData')}
      </p>
    );
  }
  if (overview.isError) return <ErrorBanner message={overview.error.message} />;
  const { confirmed, unconfirmed, digest } = overview.data;
  return (
    <section aria-labelledby="newsletter-title" className="max-w-4xl space-y-4">
      <div className="space-y-1">
        <h2 id="newsletter-title" className="text-lg font-semibold">
          {t('adminNewsletter.title')}
        </h2>
        <p>{t('adminNewsletter.counts', { confirmed, unconfirmed })}</p>
        <DigestLine digest={digest} canChange={can(user.role, 'manage')} />
      </div>
      <IssueForm confirmed={confirmed} />
      <PastIssues />
    </section>
  );
}

function DigestLine({ digest, canChange }: { digest: DigestSchedule; canChange: boolean }) {
  const t = useT();
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {digest.day === 'off'
        ? t('adminNewsletter.digestOff')
        : t('adminNewsletter.digestOn', {
            day: t(`adminSite.digestDays.${digest.day}`),
            hour: `${String(digest.hour).padStart(2, '0')}:00`,
          })}{' '}
      {canChange ? (
        <Link
          to="/admin/site"
          className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-100"
        >
          {t('adminNewsletter.digestChange')}
        </Link>
      ) : (
        t('adminNewsletter.digestChangeHint')
      )}
    </p>
  );
}

type IssueFields = Omit<NewsletterIssueInput, 'sendKey'>;
const issueFieldsSchema = newsletterIssueSchema.omit({ sendKey: true });

function IssueForm({ confirmed }: { confirmed: number }) {
  const t = useT();
  const send = useSendNewsletterIssue();
  const form = useForm<IssueFields>({
    defaultValues: { subject: '', body: '' },
    resolver: zodResolver(issueFieldsSchema),
  });
  // One key per written issue: a second click or a retry of this one is the same issue.
  const [sendKey, setSendKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState<IssueFields | null>(null);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const Input = FormInput<IssueFields>;
  const rootError = form.formState.errors.root?.message;

  const confirmSend = async () => {
    if (!confirming) return;
    try {
      await send.mutateAsync({ ...confirming, sendKey });
      setSentTo(confirmed);
      setSendKey(crypto.randomUUID());
      form.reset({ subject: '', body: '' });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className={PANEL}>
      <div>
        <h3 className="text-base font-semibold">{t('adminNewsletter.compose')}</h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('adminNewsletter.composeHint')}</p>
      </div>
      {confirmed === 0 && <p className="text-sm">{t('adminNewsletter.noSubscribers')}</p>}
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((fields) => {
            setSentTo(null);
            setConfirming(fields);
          })}
        >
          <fieldset disabled={send.isPending} className="space-y-4">
            <Input name="subject" maxLength={NEWSLETTER_ISSUE_LIMITS.subject} label={t('adminNewsletter.subject')} />
            <div className="grid gap-4 lg:grid-cols-2">
              <FormTextarea<IssueFields>
                name="body"
                rows={14}
                maxLength={NEWSLETTER_ISSUE_LIMITS.body}
                label={t('adminNewsletter.body')}
              />
              <MarkdownPreview name="body" lang="en" />
            </div>
          </fieldset>
          {rootError && <ErrorBanner message={rootError} onDismiss={() => form.clearErrors('root')} />}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
              {sentTo !== null ? t('adminNewsletter.sent', { n: sentTo }) : ''}
            </p>
            <Button
              type="submit"
              disabled={confirmed === 0}
              loading={send.isPending}
              loadingText={t('adminNewsletter.sending')}
            >
              {t('adminNewsletter.send', { n: confirmed })}
            </Button>
          </div>
        </form>
      </FormProvider>
      {confirming && (
        <ConfirmDeleteDialog
          title={t('adminNewsletter.confirmTitle')}
          message={t('adminNewsletter.confirmText', { subject: confirming.subject, n: confirmed })}
          confirmLabel={t('adminNewsletter.confirmSend')}
          deleting={send.isPending}
          onConfirm={confirmSend}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

function PastIssues() {
  const t = useT();
  const issues = useNewsletterIssues();
  return (
    <div className={PANEL}>
      <h3 className="text-base font-semibold">{t('adminNewsletter.past')}</h3>
      {issues.isError && <ErrorBanner message={issues.error.message} />}
      {issues.data && issues.data.issues.length === 0 && <p className="text-sm">{t('adminNewsletter.pastEmpty')}</p>}
      {issues.data && issues.data.issues.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-2 pr-3">
                  {t('adminNewsletter.columns.subject')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('adminNewsletter.columns.sentBy')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('adminNewsletter.columns.when')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('adminNewsletter.columns.recipients')}
                </th>
              </tr>
            </thead>
            <tbody>
              {issues.data.issues.map((issue) => (
                <tr key={issue.id} className="border-b border-slate-100 dark:border-slate-700">
                  <td className="py-2 pr-3 break-words">{issue.subject}</td>
                  <td className="py-2 pr-3">{issue.sentBy}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatNairobiDateTime(issue.createdAt)}</td>
                  <td className="py-2 text-right">
                    {issue.sentAt === null
                      ? t('adminNewsletter.queuing', { n: issue.recipients })
                      : issue.recipients.toLocaleString('en-KE')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
