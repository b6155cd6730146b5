import { useEffect, useState } from 'react';
import type { Listing } from '../../../../shared/listing';
import { can, type Role } from '../../../../shared/permissions';
import { useT } from '../../../i18n/locale-provider';
import { type ListingStatusFilter, useAdminListings } from '../api/get-admin-listings';
import { useStats } from '../api/get-stats';
import { DeleteListingDialog } from './delete-listing-dialog';
import { ListingModal } from './listing-modal';
import { ListingsTable } from './listings-table';
import { StatCards } from './stat-cards';

export function OverviewSection({
  role,
  notifications,
  onError,
}: {
  role: Role;
  notifications: boolean;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  const mayManage = can(role, 'manage');
  const [status, setStatus] = useState<ListingStatusFilter>('active');
  const stats = useStats(mayManage);
  const listings = useAdminListings(status);
  const [editing, setEditing] = useState<Listing | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);

  const statsFailed = mayManage && stats.isError;
  const listingsFailed = listings.isError;
  useEffect(() => {
    if (statsFailed && listingsFailed) onError(t('admin.dashboard.loadFailed'));
    else if (statsFailed || listingsFailed) onError(t('admin.dashboard.loadFailedSome'));
  }, [statsFailed, listingsFailed, onError, t]);

  const filters: { value: ListingStatusFilter; label: string }[] = [
    { value: 'active', label: t('admin.listings.filterActive') },
    { value: 'inactive', label: t('admin.listings.filterInactive') },
    { value: 'all', label: t('admin.listings.filterAll') },
  ];

  return (
    <div className="space-y-6">
      {/* Notifications On: new inquiries are announced when the dashboard opens. */}
      {notifications && mayManage && (stats.data?.newInquiries ?? 0) > 0 && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          {t('admin.inquiries.newNotice', { n: stats.data?.newInquiries ?? 0 })}
        </p>
      )}
      {mayManage && <StatCards stats={stats.data} loading={stats.isPending} />}

      <section aria-labelledby="recent-listings" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-listings" className="text-lg font-semibold">
            {t('admin.listings.recent')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm">
              {t('admin.listings.filterLabel')}
              <select
                value={status}
                onChange={(e) => setStatus(e.target.value as ListingStatusFilter)}
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
              >
                {filters.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
            {can(role, 'write') && (
              <button
                type="button"
                onClick={() => setEditing('new')}
                className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                + {t('admin.listings.addListing')}
              </button>
            )}
          </div>
        </div>
        {listings.isPending ? (
          <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
            {t('admin.dashboard.loadingData')}
          </p>
        ) : (
          <ListingsTable
            listings={listings.data?.items ?? []}
            canEdit={can(role, 'write')}
            canDelete={can(role, 'delete')}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </section>

      {editing && <ListingModal listing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteListingDialog
          listing={deleting}
          onClose={() => setDeleting(null)}
          onError={(message) => onError(message)}
        />
      )}
    </div>
  );
}
