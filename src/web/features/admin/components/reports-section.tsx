import { Link } from 'react-router';
import {
  ADMIN_REPORTS_PAGE_SIZE,
  REPORT_STATUSES,
  REPORTS_PERMISSION,
  type ReportStatus,
} from '#shared/listing-report';
import { can } from '#shared/permissions';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { useReports } from '#web/features/admin/api/get-reports';
import { useSetReportStatus } from '#web/features/admin/api/set-report-status';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { PageLinks } from './page-links';

const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/reports: what visitors reported about listings, open or resolved (in the address),
 * newest first, 20 a page, each with a link to its listing and a Resolve or Reopen button.
 */
export function ReportsSection({ onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf } = useUrlFilters();
  const status = oneOf<ReportStatus>('status', REPORT_STATUSES, 'open');
  const reports = useReports({
    status,
    limit: ADMIN_REPORTS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_REPORTS_PAGE_SIZE,
  });
  const setStatus = useSetReportStatus();
  const change = (id: string, next: ReportStatus) =>
    setStatus.mutate({ id, status: next }, { onError: (error) => onError(error.message) });
  const total = reports.data?.total ?? 0;
  return (
    <section aria-labelledby="reports-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reports-title" className="text-lg font-semibold">
          {t('adminReports.title')}
        </h2>
        <Field id="admin-reports-status" label={t('adminReports.show')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => update({ status: e.target.value === 'open' ? undefined : e.target.value })}
              options={REPORT_STATUSES.map((value) => ({ value, label: t(`adminReports.statuses.${value}`) }))}
            />
          )}
        </Field>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {reports.data && t('adminReports.count', { n: total.toLocaleString('en-KE') })}
      </p>
      {reports.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {reports.isPending && <p role="status">{t('admin.dashboard.loadingData')}</p>}
      {reports.data?.items.length === 0 && <EmptyState text={t('adminReports.empty')} />}
      <ul className="space-y-3" aria-busy={reports.isFetching}>
        {reports.data?.items.map((report) => (
          <li key={report.id} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-words">
                <a href={report.listing.path} target="_blank" rel="noopener noreferrer" className="underline">
                  {report.listing.title}
                </a>
                {!report.listing.isActive && <span className="ml-2 text-sm">{t('adminReports.inactive')}</span>}
              </h3>
              <span className="rounded-full bg-slate-200 px-2 py-1 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                {t(`report.reasons.${report.reason}`)}
              </span>
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {dateFormat.format(new Date(report.createdAt))}
              {report.contact && <> · {report.contact}</>}
              {report.resolvedBy && <> · {t('adminReports.resolvedBy', { who: report.resolvedBy })}</>}
            </p>
            {report.note && <p className="mt-2 whitespace-pre-line break-words">{report.note}</p>}
            <div className="mt-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={setStatus.isPending}
                onClick={() => change(report.id, report.status === 'open' ? 'resolved' : 'open')}
              >
                {report.status === 'open' ? t('adminReports.resolve') : t('adminReports.reopen')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / ADMIN_REPORTS_PAGE_SIZE))} hrefFor={hrefFor} />
    </section>
  );
}

/** The overview's count of open reports, linking to them; shown to staff who handle reports. */
export function OpenReportsCard({ user }: Pick<SectionProps, 'user'>) {
  const t = useT();
  const mayHandle = can(user.role, REPORTS_PERMISSION);
  const reports = useReports({ status: 'open', limit: 1, offset: 0 }, mayHandle);
  if (!mayHandle) return null;
  return (
    <section
      aria-labelledby="open-reports"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <div>
        <h2 id="open-reports" className="text-sm text-slate-700 dark:text-slate-300">
          {t('adminReports.openCount')}
        </h2>
        <p className="mt-1 text-2xl font-bold">{reports.data ? reports.data.open.toLocaleString('en-KE') : '—'}</p>
      </div>
      <Link to="/admin/reports" className="font-medium text-brand-700 underline dark:text-brand-100">
        {t('adminReports.reviewOpen')} →
      </Link>
    </section>
  );
}
