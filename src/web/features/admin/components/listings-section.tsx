import { useEffect, useState } from 'react';
import {
  ADMIN_LISTING_STATUSES,
  ADMIN_LISTINGS_PAGE_SIZE,
  MAX_COUNTED_SEARCH_MATCHES,
} from '#shared/admin-listing-query';
import { CATEGORIES, type Category } from '#shared/categories';
import type { Listing } from '#shared/listing';
import { can } from '#shared/permissions';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { type BulkListingAction, useBulkUpdateListings } from '#web/features/admin/api/bulk-update-listings';
import { useAdminListings } from '#web/features/admin/api/get-admin-listings';
import { useUrlFilters } from '#web/features/admin/hooks/use-url-filters';
import type { SectionProps } from '#web/features/admin/section';
import { useT } from '#web/i18n/locale-provider';
import { AddListingButton } from './add-listing-button';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ErrorBanner } from './error-banner';
import { useListingDialogs } from './listing-dialogs';
import { STATUS_LABELS } from './listing-status';
import { ExpiringListings, ListingTrustDialog } from './listing-trust';
import { ListingsTable, PageCheckbox } from './listings-table';
import { PageLinks } from './page-links';
import { SearchBox } from './search-box';

/**
 * /admin/listings: every listing, 20 a page, searched and filtered on the server, with the
 * filters and page in the address; rows can be chosen and changed together.
 */
export function ListingsSection({ user, onError }: SectionProps) {
  const t = useT();
  const { update, hrefFor, page, oneOf, q } = useUrlFilters();
  const status = oneOf('status', ADMIN_LISTING_STATUSES, 'all');
  const category = oneOf<Category | ''>('category', CATEGORIES, '') || undefined;
  const request = {
    status,
    category,
    q: q || undefined,
    limit: ADMIN_LISTINGS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_LISTINGS_PAGE_SIZE,
  };
  const listings = useAdminListings(request);
  const dialogs = useListingDialogs(onError);
  const canWrite = can(user.role, 'write');
  const canDelete = can(user.role, 'delete');

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [done, setDone] = useState('');
  const [trusting, setTrusting] = useState<Listing | null>(null);
  const bulk = useBulkUpdateListings();
  // A choice belongs to the rows it was made on: another page or filter starts afresh.
  const requestKey = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the request changes.
  useEffect(() => setSelected(new Set()), [requestKey]);

  const items = listings.data?.items ?? [];
  const total = listings.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_LISTINGS_PAGE_SIZE));
  const selection = {
    selected,
    onToggle: (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onTogglePage: (all: boolean) => setSelected(new Set(all ? items.map((l) => l.id) : [])),
  };

  const run = (action: BulkListingAction) =>
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (n) => {
          setSelected(new Set());
          setDone(t(action === 'delete' ? 'admin.listings.bulk.deleted' : 'admin.listings.bulk.updated', { n }));
        },
        onError: (error) => onError(error.message),
        onSettled: () => setConfirmingDelete(false),
      },
    );

  return (
    <section aria-labelledby="listings-title" className="space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="listings-title" className="text-lg font-semibold">
          {t('admin.listings.title')}
        </h2>
        {canWrite && <AddListingButton onClick={dialogs.create} />}
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchBox
          id="admin-listings-q"
          className="sm:col-span-2"
          value={q}
          placeholder={t('admin.listings.searchPlaceholder')}
          onSearch={(text) => update({ q: text })}
        />
        <Field id="admin-listings-category" label={t('admin.listings.category')}>
          {(control) => (
            <Select
              {...control}
              value={category ?? ''}
              onChange={(e) => update({ category: e.target.value })}
              placeholder={t('admin.listings.allCategories')}
              options={CATEGORIES.map((c) => ({ value: c, label: t(`admin.listings.categories.${c}`) }))}
            />
          )}
        </Field>
        <Field id="admin-listings-status" label={t('admin.listings.status')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => update({ status: e.target.value === 'all' ? undefined : e.target.value })}
              options={(['all', 'active', 'inactive'] as const).map((value) => ({
                value,
                label: t(STATUS_LABELS[value]),
              }))}
            />
          )}
        </Field>
      </div>

      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {listings.data &&
          (listings.data.totalCapped
            ? t('admin.listings.countCapped', { n: MAX_COUNTED_SEARCH_MATCHES.toLocaleString('en-KE') })
            : t('admin.listings.count', { n: total.toLocaleString('en-KE') }))}
        {done && ` · ${done}`}
      </p>

      {(canWrite || canDelete) && items.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-100 p-2 dark:bg-slate-900">
          <legend className="sr-only">{t('admin.listings.bulk.label')}</legend>
          {/* Below 640 px the table has no header row: the page checkbox sits here. */}
          <div className="flex min-h-11 items-center gap-2 px-1 text-sm sm:hidden">
            <PageCheckbox id="admin-listings-select-page" listings={items} selection={selection} />
            <label htmlFor="admin-listings-select-page">{t('admin.listings.selectPage')}</label>
          </div>
          <span className="px-1 text-sm font-medium">{t('admin.listings.bulk.selected', { n: selected.size })}</span>
          {canWrite && (
            <>
              <Button
                variant="secondary"
                size="sm"
                disabled={selected.size === 0 || bulk.isPending}
                onClick={() => run('activate')}
              >
                {t('admin.listings.bulk.activate')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={selected.size === 0 || bulk.isPending}
                onClick={() => run('deactivate')}
              >
                {t('admin.listings.bulk.deactivate')}
              </Button>
            </>
          )}
          {canDelete && (
            <Button
              variant="danger-outline"
              size="sm"
              disabled={selected.size === 0 || bulk.isPending}
              onClick={() => setConfirmingDelete(true)}
            >
              {t('admin.listings.bulk.delete')}
            </Button>
          )}
          {selected.size > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setSelected(new Set())}>
              {t('admin.listings.bulk.clear')}
            </Button>
          )}
        </fieldset>
      )}

      <ExpiringListings canWrite={canWrite} onOpen={setTrusting} />

      {listings.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {listings.isPending ? (
        <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
          {t('admin.dashboard.loadingData')}
        </p>
      ) : (
        <div aria-busy={listings.isFetching}>
          <ListingsTable
            listings={items}
            canEdit={canWrite}
            canDelete={canDelete}
            onEdit={dialogs.edit}
            onDelete={dialogs.remove}
            onTrust={setTrusting}
            selection={canWrite || canDelete ? selection : undefined}
            empty={q || category || status !== 'all' ? t('admin.listings.noMatches') : undefined}
          />
        </div>
      )}
      <PageLinks page={page} pages={pages} hrefFor={hrefFor} />

      {confirmingDelete && (
        <ConfirmDeleteDialog
          title={t('admin.listings.bulk.confirmTitle')}
          message={t('admin.listings.bulk.confirmMessage', { n: selected.size })}
          deleting={bulk.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => run('delete')}
        />
      )}
      {dialogs.dialogs}
      {trusting && <ListingTrustDialog listing={trusting} onClose={() => setTrusting(null)} />}
    </section>
  );
}
