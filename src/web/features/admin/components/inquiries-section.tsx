import { ADMIN_INQUIRIES_PAGE_SIZE, INQUIRY_STATUSES, type InquiryStatus } from '#shared/admin-inquiry-query';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useInquiries } from '#web/features/admin/api/get-inquiries';
import { useSetInquiryStatus } from '#web/features/admin/api/set-inquiry-status';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PageLinks } from './page-links';
import { SearchBox } from './search-box';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/inquiries (docs/product.md#inquiries): every contact-form inquiry, 20 a page, newest first, by status and
 * searched on the server, with the filters and page in the address; marked read or converted.
 */
export function InquiriesSection({ onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf, q } = useUrlFilters();
  const status = oneOf<InquiryStatus | ''>('status', INQUIRY_STATUSES, '') || undefined;
  const inquiries = useInquiries({
    status,
    q: q || undefined,
    limit: ADMIN_INQUIRIES_PAGE_SIZE,
    offset: (page - 1) * ADMIN_INQUIRIES_PAGE_SIZE,
  });
  const setStatus = useSetInquiryStatus();
  const mark = (id: string, next: 'read' | 'converted') =>
    setStatus.mutate({ id, status: next }, { onError: (error) => onError(error.message) });
  const total = inquiries.data?.total ?? 0;
  const filtered = Boolean(status || q);
  return (
    <section aria-labelledby="inquiries-title" className="space-y-3">
      <h2 id="inquiries-title" className="text-lg font-semibold">
        {t('admin.inquiries.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SearchBox
          id="admin-inquiries-q"
          className="sm:col-span-2"
          value={q}
          placeholder={t('admin.inquiries.searchPlaceholder')}
          onSearch={(text) => update({ q: text })}
        />
        <Field id="admin-inquiries-status" label={t('admin.inquiries.statusFilter')}>
          {(control) => (
            <Select
              {...control}
              value={status ?? ''}
              onChange={(e) => update({ status: e.target.value })}
              placeholder={t('admin.inquiries.allStatuses')}
              options={INQUIRY_STATUSES.map((value) => ({ value, label: t(`admin.inquiries.status.${value}`) }))}
            />
          )}
        </Field>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {inquiries.data && t('admin.inquiries.count', { n: total.toLocaleString('en-KE') })}
      </p>
      {inquiries.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {inquiries.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {inquiries.data?.items.length === 0 && (
        <EmptyState text={filtered ? t('admin.inquiries.noMatches') : t('admin.inquiries.empty')} />
      )}
      <ul className="space-y-3" aria-busy={inquiries.isFetching}>
        {inquiries.data?.items.map((inquiry) => (
          <li key={inquiry.id} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-words">{inquiry.subject}</h3>
              <span className="rounded-full bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                {t(`admin.inquiries.status.${inquiry.status}`)}
              </span>
            </div>
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">
              {inquiry.name} ·{' '}
              <a href={`mailto:${inquiry.email}`} className="underline">
                {inquiry.email}
              </a>{' '}
              · {dateFormat.format(new Date(inquiry.created_at))}
            </p>
            <p className="mt-2 whitespace-pre-line break-words">{inquiry.message}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {inquiry.status === 'new' && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setStatus.isPending}
                  onClick={() => mark(inquiry.id, 'read')}
                >
                  {t('admin.inquiries.markRead')}
                </Button>
              )}
              {inquiry.status !== 'converted' && (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setStatus.isPending}
                  onClick={() => mark(inquiry.id, 'converted')}
                >
                  {t('admin.inquiries.markConverted')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / ADMIN_INQUIRIES_PAGE_SIZE))} hrefFor={hrefFor} />
    </section>
  );
}
