import type { MessageKey } from '../../../../shared/i18n';
import type { Listing } from '../../../../shared/listing';
import { formatKes } from '../../../../shared/money';
import { useT } from '../../../i18n/locale-provider';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });

/** Spec §2 Recent Listings: Image, Title (with subcategory), Category, Price, Status, Created, Actions. */
export function ListingsTable({
  listings,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  listings: Listing[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (listing: Listing) => void;
  onDelete: (listing: Listing) => void;
}) {
  const t = useT();
  if (listings.length === 0) {
    return <p className="py-8 text-center text-slate-700 dark:text-slate-300">{t('admin.listings.empty')}</p>;
  }
  const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[720px] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th className={th}>{t('admin.listings.columns.image')}</th>
            <th className={th}>{t('admin.listings.columns.title')}</th>
            <th className={th}>{t('admin.listings.columns.category')}</th>
            <th className={th}>{t('admin.listings.columns.price')}</th>
            <th className={th}>{t('admin.listings.columns.status')}</th>
            <th className={th}>{t('admin.listings.columns.created')}</th>
            {(canEdit || canDelete) && <th className={th}>{t('admin.listings.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.id} className="border-b border-slate-100 last:border-0 dark:border-slate-700">
              <td className="px-3 py-2">
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
              <td className="px-3 py-2">
                <p className="font-medium">{listing.title}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t(`admin.values.subcategories.${listing.subcategory}` as MessageKey)}
                </p>
              </td>
              <td className="px-3 py-2">{t(`admin.listings.categories.${listing.category}`)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatKes(listing.price)}</td>
              <td className="px-3 py-2">
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
              <td className="px-3 py-2 whitespace-nowrap">{dateFormat.format(new Date(listing.created_at))}</td>
              {(canEdit || canDelete) && (
                <td className="px-3 py-2">
                  <div className="flex gap-2">
                    {canEdit && (
                      <button
                        type="button"
                        onClick={() => onEdit(listing)}
                        aria-label={t('admin.listings.editLabel', { title: listing.title })}
                        className="min-h-11 rounded-lg px-3 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 dark:text-brand-100 dark:hover:bg-slate-700"
                      >
                        {t('admin.listings.edit')}
                      </button>
                    )}
                    {canDelete && (
                      <button
                        type="button"
                        onClick={() => onDelete(listing)}
                        aria-label={t('admin.listings.deleteLabel', { title: listing.title })}
                        className="min-h-11 rounded-lg px-3 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700 dark:text-red-300 dark:hover:bg-slate-700"
                      >
                        {t('admin.listings.delete')}
                      </button>
                    )}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
