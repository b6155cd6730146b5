import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAIL_STATUSES, type MailStatus, OUTBOX_PAGE_SIZE } from '#shared/mail';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useOutbox, useOutboxMessage, useRetryMail } from '#web/features/admin/api/get-outbox';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PageLinks } from './page-links';

const timeFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });
const when = (at: string) => timeFormat.format(new Date(at));

/** One message as it was sent: its HTML part in a sandboxed frame (no script, no same origin), and its text. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const message = useOutboxMessage(id);
  const m = message.data;
  return (
    <Dialog label={m?.subject ?? t('adminOutbox.title')} onClose={onClose} className="max-w-3xl">
      <div className="space-y-3 p-4">
        {message.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
        {message.isError && <ErrorBanner message={message.error.message} />}
        {m && (
          <>
            <h3 className="text-lg font-semibold break-words">{m.subject}</h3>
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">
              {m.recipient} · {when(m.createdAt)} · {t(`adminOutbox.statuses.${m.status}`)}
            </p>
            {m.replyTo && <p className="text-sm">{t('adminOutbox.replyTo', { address: m.replyTo })}</p>}
            {m.unsubscribeUrl && (
              <p className="text-sm break-all">{t('adminOutbox.unsubscribe', { url: m.unsubscribeUrl })}</p>
            )}
            {m.lastError && (
              <p className="text-sm break-words text-red-800 dark:text-red-300">
                {t('adminOutbox.lastError', { error: m.lastError })}
              </p>
            )}
            <h4 className="font-semibold">{t('adminOutbox.htmlPart')}</h4>
            <iframe
              title={t('adminOutbox.htmlPart')}
              sandbox=""
              src={`/api/admin/mail/${m.id}/view`}
              className="h-80 w-full rounded border border-slate-300 bg-white"
            />
            <h4 className="font-semibold">{t('adminOutbox.textPart')}</h4>
            <pre className="max-h-60 overflow-auto rounded bg-slate-100 p-3 text-sm whitespace-pre-wrap break-words dark:bg-slate-900">
              {m.text}
            </pre>
          </>
        )}
        <div className="text-right">
          <Button variant="secondary" onClick={onClose}>
            {t('adminOutbox.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * /admin/outbox (docs/product.md#outbox): every message the site sent or will send, newest
 * first, by status and recipient; what waits and why; a failed one can be tried again.
 */
export function OutboxSection({ onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf } = useUrlFilters();
  const [params] = useSearchParams();
  const status = oneOf<MailStatus | ''>('status', MAIL_STATUSES, '') || undefined;
  const recipient = (params.get('recipient') ?? '').slice(0, 254) || undefined;
  const outbox = useOutbox({ status, recipient }, { limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE });
  const retry = useRetryMail();
  const [open, setOpen] = useState<string | null>(null);
  const total = outbox.data?.total ?? 0;
  const summary = outbox.data?.summary;
  return (
    <section aria-labelledby="outbox-title" className="space-y-3">
      <h2 id="outbox-title" className="text-lg font-semibold">
        {t('adminOutbox.title')}
      </h2>
      {outbox.data && (
        <p className="text-sm">
          {outbox.data.delivery === 'smtp' ? t('adminOutbox.deliverySmtp') : t('adminOutbox.deliveryOutbox')}
        </p>
      )}
      {summary && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('adminOutbox.summary', {
            queued: summary.queued,
            failed: summary.failed,
            sent: summary.sent,
            outbox: summary.outbox,
          })}
          {summary.oldestQueuedAt && <> · {t('adminOutbox.oldestWaiting', { when: when(summary.oldestQueuedAt) })}</>}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="outbox-status" label={t('adminOutbox.show')}>
          {(control) => (
            <Select
              {...control}
              value={status ?? ''}
              onChange={(e) => update({ status: e.target.value })}
              placeholder={t('adminOutbox.all')}
              options={MAIL_STATUSES.map((value) => ({ value, label: t(`adminOutbox.statuses.${value}`) }))}
            />
          )}
        </Field>
        <Field id="outbox-recipient" label={t('adminOutbox.recipient')}>
          {(control) => (
            <input
              {...control}
              type="search"
              defaultValue={recipient ?? ''}
              onKeyDown={(e) => {
                if (e.key === 'Enter') update({ recipient: e.currentTarget.value.trim() });
              }}
              onBlur={(e) => update({ recipient: e.currentTarget.value.trim() })}
              className={CONTROL_CLASS}
            />
          )}
        </Field>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {outbox.data && t('adminOutbox.count', { n: total.toLocaleString('en-KE') })}
      </p>
      {outbox.isError && <ErrorBanner message={outbox.error.message} />}
      {outbox.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {outbox.data?.items.length === 0 && <EmptyState text={t('adminOutbox.empty')} />}
      <ul className="space-y-2" aria-busy={outbox.isFetching} aria-label={t('adminOutbox.title')}>
        {outbox.data?.items.map((m) => (
          <li key={m.id} className="rounded-xl bg-white p-3 shadow-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold break-words">{m.subject}</p>
              <span className="rounded-full bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                {t(`adminOutbox.statuses.${m.status}`)}
              </span>
            </div>
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">
              {m.recipient} · <time dateTime={m.createdAt}>{when(m.createdAt)}</time> · {t('adminOutbox.attempts')}{' '}
              {m.attempts}
              {m.nextAttemptAt && m.attempts > 0 && <> · {t('adminOutbox.nextTry', { when: when(m.nextAttemptAt) })}</>}
            </p>
            {m.lastError && (
              <p className="text-sm break-words text-red-800 dark:text-red-300">
                {t('adminOutbox.lastError', { error: m.lastError })}
              </p>
            )}
            <div className="mt-2 flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setOpen(m.id)}>
                {t('adminOutbox.open')}
              </Button>
              {m.status === 'failed' && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(m.id, { onError: (error) => onError(error.message) })}
                >
                  {t('adminOutbox.retry')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE))} hrefFor={hrefFor} />
      {open && <MessageDialog id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
