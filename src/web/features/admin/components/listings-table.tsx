import { useEffect, useRef } from 'react';
import type { MessageKey } from '#shared/i18n';
import type { Listing } from '#shared/listing';
import { formatKes } from '#shared/money';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { useListingLeads } from '#web/features/admin/api/get-listing-leads';
import { useT } from '#web/i18n/locale-provider';
import { ListingLeadFigures } from './listing-leads';
import { TrustMarks } from './listing-trust';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });

export interface ListingSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Selects (true) or clears (false) every listing of the page. */
  onTogglePage: (all: boolean) => void;
}

/** The "select the page" checkbox: checked when the whole page is chosen, "mixed" when part of it is. */
export function PageCheckbox({
  listings,
  selection,
  id,
}: {
  listings: Listing[];
  selection: ListingSelection;
  id?: string;
}) {
  const t = useT();
  const ref = useRef<HTMLInputElement>(null);
  const chosen = listings.filter((l) => selection.selected.has(l.id)).length;
  const all = chosen > 0 && chosen === listings.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={all}
      onChange={(e) => selection.onTogglePage(e.target.checked)}
      aria-label={t('admin.listings.selectPage')}
      className="size-5 accent-brand-700"
    />
  );
}

/**
 * docs/product.md#recent-listings: Image, Title (with subcategory), Category, Price, Status, Created,
 * Actions. A table from 640 px; below, each row is a card with its actions in view. With a
 * `selection`, rows (and the whole page) can be chosen for bulk changes.
 */
export function ListingsTable({
  listings,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onTrust,
  selection,
  empty,
}: {
  listings: Listing[];
  /** What an empty list says (default: no listings yet). */
  empty?: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
  /** Opens a listing's trust marks (availability, featured, expiry, verification). */
  onTrust?: (listing: Listing) => void;
  selection?: ListingSelection;
}) {
  const t = useT();
  const leads = useListingLeads(listings.map((l) => l.id));
  if (listings.length === 0) {
    return (
      <div className="mt-4">
        <EmptyState text={empty ?? t('admin.listings.empty')} />
      </div>
    );
  }
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
  // Below 640 px a cell is a line of the card: its column name shows before the value.
  const cell = 'flex items-center justify-between gap-3 py-1 sm:table-cell sm:px-3 sm:py-2';
  const label = 'text-xs font-semibold uppercase tracking-wide text-slate-600 sm:hidden dark:text-slate-400';
  return (
    <table className="mt-4 w-full text-sm">
      <thead className="hidden border-b border-slate-200 sm:table-header-group dark:border-slate-700">
        <tr>
          {selection && (
            <th className={th}>
              <PageCheckbox listings={listings} selection={selection} />
            </th>
          )}
          <th className={`${th} hidden md:table-cell`}>{t('admin.listings.columns.image')}</th>
          <th className={th}>{t('admin.listings.columns.title')}</th>
          <th className={th}>{t('admin.listings.columns.category')}</th>
          <th className={th}>{t('admin.listings.columns.price')}</th>
          <th className={th}>{t('admin.listings.columns.status')}</th>
          <th className={`${th} hidden lg:table-cell`}>{t('admin.listings.columns.created')}</th>
          <th className={th}>{t('adminLeads.column')}</th>
          {(canEdit || canDelete) && <th className={th}>{t('admin.listings.columns.actions')}</th>}
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
        {listings.map((listing) => (
          <tr
            key={listing.id}
            className="block rounded-lg border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-slate-100 sm:p-0 sm:last:border-0 dark:border-slate-700"
          >
            {selection && (
              <td className="float-left pr-3 pt-1 sm:float-none sm:table-cell sm:px-3 sm:py-2">
                <input
                  type="checkbox"
                  checked={selection.selected.has(listing.id)}
                  onChange={() => selection.onToggle(listing.id)}
                  aria-label={t('admin.listings.selectRow', { title: listing.title })}
                  className="size-5 accent-brand-700"
                />
              </td>
            )}
            <td className="hidden px-3 py-2 md:table-cell">
              {listing.image_urls[0] ? (
                <img
                  src={listing.image_urls[0]}
                  alt=""
                  width={56}
                  height={40}
                  loading="lazy"
                  className="h-10 w-14 rounded object-cover"
                />
              ) : (
                <span className="text-xs text-slate-600 dark:text-slate-400">{t('admin.listings.noImage')}</span>
              )}
            </td>
            <td className="block pb-2 sm:table-cell sm:px-3 sm:py-2">
              <p className="font-medium break-words">{listing.title}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t(`admin.values.subcategories.${listing.subcategory}` as MessageKey)}
              </p>
              <TrustMarks listing={listing} />
            </td>
            <td className={cell}>
              <span className={label}>{t('admin.listings.columns.category')}</span>
              {t(`admin.listings.categories.${listing.category}`)}
            </td>
            <td className={`${cell} whitespace-nowrap`}>
              <span className={label}>{t('admin.listings.columns.price')}</span>
              {formatKes(listing.price)}
            </td>
            <td className={cell}>
              <span className={label}>{t('admin.listings.columns.status')}</span>
              <span
                className={`rounded-full px-2 py-1 text-xs font-semibold ${
                  listing.is_active
                    ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100'
                    : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
                }`}
              >
                {listing.is_active ? t('admin.listings.active') : t('admin.listings.inactive')}
              </span>
            </td>
            <td className={`${cell} whitespace-nowrap sm:hidden lg:table-cell`}>
              <span className={label}>{t('admin.listings.columns.created')}</span>
              {dateFormat.format(new Date(listing.created_at))}
            </td>
            <td className={cell}>
              <span className={label}>{t('adminLeads.column')}</span>
              <ListingLeadFigures totals={leads.data?.[listing.id]} />
            </td>
            {(canEdit || canDelete) && (
              <td className="block pt-2 sm:table-cell sm:px-3 sm:py-2">
                <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                  {canEdit && (
                    <Button
                      variant="ghost"
                      onClick={() => onEdit(listing)}
                      aria-label={t('admin.listings.editLabel', { title: listing.title })}
                      className="border border-brand-700 font-medium text-brand-700 sm:border-0 dark:border-brand-100 dark:text-brand-100"
                    >
                      {t('admin.listings.edit')}
                    </Button>
                  )}
                  {canEdit && onTrust && (
                    <Button
                      variant="ghost"
                      onClick={() => onTrust(listing)}
                      aria-label={t('admin.trust.dialogTitle', { title: listing.title })}
                      className="border border-brand-700 font-medium text-brand-700 sm:border-0 dark:border-brand-100 dark:text-brand-100"
                    >
                      {t('admin.trust.open')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button
                      variant="danger-outline"
                      onClick={() => onDelete(listing)}
                      aria-label={t('admin.listings.deleteLabel', { title: listing.title })}
                      className="sm:border-0"
                    >
                      {t('admin.listings.delete')}
                    </Button>
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
