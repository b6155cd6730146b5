import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_LISTING_STATUSES, type AdminListingStatus, RECENT_LISTINGS_LIMIT } from '#shared/admin-listing-query';
import { type DashboardStats, RATES_STALE_AFTER_DAYS } from '#shared/dashboard-stats';
import { formatDate } from '#shared/format-date';
import { can } from '#shared/permissions';
import { Select } from '#web/components/ui/select';
import { useAdminListings } from '#web/features/admin/api/get-admin-listings';
import { useStats } from '#web/features/admin/api/get-stats';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { AddListingButton } from './add-listing-button';
import { useListingDialogs } from './listing-dialogs';
import { STATUS_LABELS } from './listing-status';
import { ListingsTable } from './listings-table';
import { OpenReportsCard } from './reports-section';
import { StatCards } from './stat-cards';
import { WaitingSubmissionsCard } from './submissions-section';

/** A warning while a currency has no rate or the rates are more than a week old. */
function RatesWarning({ rates }: { rates: DashboardStats['rates'] }) {
  const t = useT();
  const stale = rates.ageDays !== null && rates.ageDays > RATES_STALE_AFTER_DAYS && rates.oldestSetOn;
  if (rates.missing.length === 0 && !stale) return null;
  return (
    <div
      role="alert"
      data-testid="rates-warning"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {rates.missing.length > 0 && <p>{t('admin.rates.warnings.missing', { currencies: rates.missing.join(', ') })}</p>}
      {stale && (
        <p>
          {t('admin.rates.warnings.stale', {
            days: rates.ageDays ?? 0,
            date: formatDate(`${stale}T12:00:00+03:00`, 'en'),
          })}
        </p>
      )}
      <Link to="/admin/site" className="inline-flex min-h-11 items-center font-medium underline">
        {t('admin.rates.warnings.open')} →
      </Link>
    </div>
  );
}

/** /admin: the stat cards and the 10 most recent listings (docs/product.md#overview). */
export function OverviewSection({ user, onError }: SectionProps) {
  const t = useT();
  const mayManage = can(user.role, 'manage');
  const [status, setStatus] = useState<AdminListingStatus>('active');
  const stats = useStats(mayManage);
  const listings = useAdminListings({ status, limit: RECENT_LISTINGS_LIMIT });
  const dialogs = useListingDialogs(onError);

  const statsFailed = mayManage && stats.isError;
  const listingsFailed = listings.isError;
  useEffect(() => {
    if (statsFailed && listingsFailed) onError(t('admin.dashboard.loadFailed'));
    else if (statsFailed || listingsFailed) onError(t('admin.dashboard.loadFailedSome'));
  }, [statsFailed, listingsFailed, onError, t]);

  return (
    <div className="space-y-6">
      {/* Notifications On: new inquiries are announced when the dashboard opens. */}
      {user.settings.notifications && mayManage && (stats.data?.newInquiries ?? 0) > 0 && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          {t('admin.inquiries.newNotice', { n: stats.data?.newInquiries ?? 0 })}
        </p>
      )}
      {mayManage && stats.data && <RatesWarning rates={stats.data.rates} />}
      {mayManage && <StatCards stats={stats.data} loading={stats.isPending} />}
      <WaitingSubmissionsCard user={user} />
      <OpenReportsCard user={user} />

      <section aria-labelledby="recent-listings" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-listings" className="text-lg font-semibold">
            {t('admin.listings.recent')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor="overview-status">{t('admin.listings.filterLabel')}</label>
              <Select
                id="overview-status"
                value={status}
                onChange={(e) => setStatus(e.target.value as AdminListingStatus)}
                className="w-auto"
                options={ADMIN_LISTING_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
              />
            </div>
            {can(user.role, 'write') && <AddListingButton onClick={dialogs.create} />}
          </div>
        </div>
        {listings.isPending ? (
          <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
            {t('admin.dashboard.loadingData')}
          </p>
        ) : (
          <ListingsTable
            listings={listings.data?.items ?? []}
            canEdit={can(user.role, 'write')}
            canDelete={can(user.role, 'delete')}
            onEdit={dialogs.edit}
            onDelete={dialogs.remove}
          />
        )}
        <p className="mt-4">
          <Link
            to="/admin/listings"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-100"
          >
            {t('admin.listings.manageAll')} →
          </Link>
        </p>
      </section>
      {dialogs.dialogs}
    </div>
  );
}
