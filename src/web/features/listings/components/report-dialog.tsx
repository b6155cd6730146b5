import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { HONEYPOT_FIELD } from '#shared/contact-fields';
import type { MessageKey } from '#shared/i18n';
import { type ListingReportInput, listingReportSchema, REPORT_LIMITS, REPORT_REASONS } from '#shared/listing-report';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { FormMessage } from '#web/components/ui/form-message';
import { HoneypotField } from '#web/components/ui/honeypot-field';
import { useSendReport } from '#web/features/listings/api/send-report';
import { useT } from '#web/i18n/locale-provider';
import { ApiError } from '#web/lib/api-client';

type FieldName = 'reason' | 'note' | 'contact';
const EMPTY: ListingReportInput = { reason: undefined as never, note: '', contact: '', [HONEYPOT_FIELD]: '' };

/** The Report dialog (loaded when opened, with zod): reason, note, optional contact, then thanks. */
export default function ReportDialog({ listingId, onClose }: { listingId: string; onClose: () => void }) {
  const t = useT();
  const mutation = useSendReport();
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<ListingReportInput>({ resolver: zodResolver(listingReportSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const error = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? t(message as MessageKey) : null;
  };
  const sent = status?.tone === 'success';
  const sending = mutation.isPending;

  const onSubmit = form.handleSubmit(async (report) => {
    setStatus(null);
    try {
      const answer = await mutation.mutateAsync({ listingId, report });
      setStatus({ tone: 'success', text: answer.message });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400 && Object.keys(failure.fields).length) {
        for (const [field, message] of Object.entries(failure.fields)) form.setError(field as FieldName, { message });
      } else if (failure instanceof ApiError && failure.status === 429) {
        setStatus({ tone: 'error', text: failure.message });
      } else {
        setStatus({ tone: 'error', text: t('report.failed') });
      }
    }
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
