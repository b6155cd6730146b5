import { useT } from '../../../i18n/locale-provider';
import { useInquiries } from '../api/get-inquiries';
import { useSetInquiryStatus } from '../api/set-inquiry-status';
import { ErrorBanner } from './error-banner';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** D3: managers read the contact-form inquiries and mark them read or converted. */
export function InquiriesSection({ onError }: { onError: (message: string | null) => void }) {
  const t = useT();
  const inquiries = useInquiries();
  const setStatus = useSetInquiryStatus();
  const mark = (id: string, status: 'read' | 'converted') =>
    setStatus.mutate({ id, status }, { onError: (error) => onError(error.message) });
  const button =
    'min-h-11 rounded-lg border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60 dark:hover:bg-slate-700';
  return (
    <section aria-labelledby="inquiries-title" className="space-y-3">
      <h2 id="inquiries-title" className="text-lg font-semibold">
        {t('admin.inquiries.title')}
      </h2>
      {inquiries.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {inquiries.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {inquiries.data?.items.length === 0 && <p>{t('admin.inquiries.empty')}</p>}
      <ul className="space-y-3">
        {inquiries.data?.items.map((inquiry) => (
          <li key={inquiry.id} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">{inquiry.subject}</h3>
              <span className="rounded-full bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                {t(`admin.inquiries.status.${inquiry.status}`)}
              </span>
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {inquiry.name} ·{' '}
              <a href={`mailto:${inquiry.email}`} className="underline">
                {inquiry.email}
              </a>{' '}
              · {dateFormat.format(new Date(inquiry.created_at))}
            </p>
            <p className="mt-2 whitespace-pre-line">{inquiry.message}</p>
            <div className="mt-3 flex gap-2">
              {inquiry.status === 'new' && (
                <button
                  type="button"
                  className={button}
                  disabled={setStatus.isPending}
                  onClick={() => mark(inquiry.id, 'read')}
                >
                  {t('admin.inquiries.markRead')}
                </button>
              )}
              {inquiry.status !== 'converted' && (
                <button
                  type="button"
                  className={button}
                  disabled={setStatus.isPending}
                  onClick={() => mark(inquiry.id, 'converted')}
                >
                  {t('admin.inquiries.markConverted')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
