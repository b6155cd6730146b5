import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import { type ListingReportInput, listingReportSchema, REPORT_LIMITS, REPORT_REASONS } from '#shared/listing-report';
import type { PageForms } from '#shared/page-forms';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useT } from '#web/i18n/locale-provider';

type FieldName = 'reason' | 'note' | 'contact';
const EMPTY: ListingReportInput = { reason: undefined as never, note: '', contact: '', [HONEYPOT_FIELD]: '' };

/**
 * The Report dialog (loaded when opened, with zod): reason, note, optional contact, then thanks.
 * Checked by the shared rules, then posted through a fetcher to the listing page's route action
 * (report-action.ts), which answers in place.
 */
export default function ReportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  // Its own fetcher: a dialog opened again starts afresh.
  const fetcher = useFetcher<PageForms>();
  const answer = fetcher.data?.report;
  const status: { tone: 'error' | 'success'; text: string } | null = !answer
    ? null
    : 'sent' in answer
      ? { tone: 'success', text: t('report.sent') }
      : 'refused' in answer
        ? { tone: 'error', text: answer.refused }
        : 'failed' in answer
          ? { tone: 'error', text: t('report.failed') }
          : null;
  const form = useForm<ListingReportInput>({ resolver: zodResolver(listingReportSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const error = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? t(message as MessageKey) : null;
  };
  const sent = status?.tone === 'success';
  const sending = fetcher.state !== 'idle';

  // The server's messages beside their fields.
  useEffect(() => {
    if (!answer || !('errors' in answer)) return;
    for (const [field, message] of Object.entries(answer.errors)) form.setError(field as FieldName, { message });
  }, [answer, form]);

  const onSubmit = form.handleSubmit((report) => {
    void fetcher.submit(
      {
        reason: report.reason,
        note: report.note ?? '',
        contact: report.contact ?? '',
        [HONEYPOT_FIELD]: report[HONEYPOT_FIELD] ?? '',
      },
      // To the listing page's own route: its action knows the listing from the address.
      { method: 'post' },
    );
  });

  return (
    <Dialog label={t('report.title')} onClose={() => !sending && onClose()}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-5">
        <h2 className="text-xl font-bold text-gray-900">{t('report.title')}</h2>
        {sent ? (
          <FormMessage tone="success">{status.text}</FormMessage>
        ) : (
          <>
            <p className="text-gray-700">{t('report.intro')}</p>
            <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
              <legend className="mb-1 text-sm font-medium text-gray-900">{t('report.reason')}</legend>
              <div className="flex flex-col">
                {REPORT_REASONS.map((reason) => (
                  <label key={reason} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      value={reason}
                      disabled={sending}
                      className="size-5"
                      {...form.register('reason')}
                    />
                    {t(`report.reasons.${reason}`)}
                  </label>
                ))}
              </div>
              {errors.reason && (
                <p id="report-reason-error" className="mt-1 text-sm font-medium text-red-700">
                  {error('reason')}
                </p>
              )}
            </fieldset>
            <Field id="report-note" label={t('report.note')} error={error('note')}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={REPORT_LIMITS.note}
                  placeholder={t('report.notePlaceholder')}
                  disabled={sending}
                  className={CONTROL_CLASS}
                  {...form.register('note')}
                />
              )}
            </Field>
            <Field
              id="report-contact"
              label={t('report.contact')}
              hint={t('report.contactHint')}
              error={error('contact')}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  maxLength={REPORT_LIMITS.contact}
                  disabled={sending}
                  className={CONTROL_CLASS}
                  {...form.register('contact')}
                />
              )}
            </Field>
            <HoneypotField id="report-website" label={t('report.honeypot')} control={form.register(HONEYPOT_FIELD)} />
            {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {sent ? t('report.close') : t('report.cancel')}
          </Button>
          {!sent && (
            <Button type="submit" disabled={sending}>
              {sending ? t('report.sending') : t('report.send')}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
