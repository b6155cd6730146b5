import type { DashboardStats } from '#shared/dashboard-stats';
import { useT } from '#web/i18n/locale-provider';

const CARDS = [
  ['totalListings', 'admin.dashboard.stats.allListings'],
  ['products', 'admin.dashboard.stats.products'],
  ['properties', 'admin.dashboard.stats.properties'],
  ['businesses', 'admin.dashboard.stats.businesses'],
  ['visas', 'admin.dashboard.stats.visas'],
  ['blogs', 'admin.dashboard.stats.blogs'],
  ['newInquiries', 'admin.dashboard.stats.newInquiries'],
] as const;

/** docs/product.md#overview: seven stat cards, shown only to users who may manage. */
export function StatCards({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
      {CARDS.map(([field, label]) => (
        <li key={field} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t(label)}</p>
          <p className="mt-1 text-2xl font-bold" aria-busy={loading}>
            {stats ? stats[field].toLocaleString('en-KE') : '—'}
          </p>
          {field === 'totalListings' && (
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
              {t('admin.dashboard.stats.allListingsHint')}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
