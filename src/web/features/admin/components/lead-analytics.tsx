import type { AnalyticsRange } from '#shared/analytics';
import type { DayCounts } from '#shared/leads';
import { useLeadAnalytics } from '#web/features/admin/api/get-lead-analytics';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';

/** Colours far apart in hue and lightness, and a dash of their own, so no two lines read alike. */
export const SERIES = [
  { key: 'views', colour: '#1d4ed8', dash: undefined },
  { key: 'whatsapp', colour: '#15803d', dash: '6 4' },
  { key: 'inquiries', colour: '#c2410c', dash: '2 3' },
] as const;
const WIDTH = 720;
const HEIGHT = 200;
const PAD = 28;
const number = (n: number) => n.toLocaleString('en-KE');

/** The points of one series in the chart's box: days left to right, 0 at the bottom. */
function points(days: DayCounts[], key: (typeof SERIES)[number]['key'], max: number): string {
  const step = days.length > 1 ? (WIDTH - 2 * PAD) / (days.length - 1) : 0;
  return days
    .map(
      (day, i) => `${(PAD + i * step).toFixed(1)},${(HEIGHT - PAD - (day[key] / max) * (HEIGHT - 2 * PAD)).toFixed(1)}`,
    )
    .join(' ');
}

/** A light SVG line chart: no chart library for three lines. */
function DailyChart({ days }: { days: DayCounts[] }) {
  const t = useT();
  const max = Math.max(1, ...days.flatMap((d) => [d.views, d.whatsapp, d.inquiries]));
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
      <figcaption className="font-semibold">{t('adminLeads.chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        role="img"
        aria-label={t('adminLeads.chartLabel', { from: first, to: last })}
      >
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="currentColor" strokeOpacity="0.3" />
        <text x={PAD - 4} y={PAD + 4} textAnchor="end" fontSize="11" fill="currentColor">
          {number(max)}
        </text>
        <text x={PAD - 4} y={HEIGHT - PAD + 4} textAnchor="end" fontSize="11" fill="currentColor">
          0
        </text>
        <text x={PAD} y={HEIGHT - 8} fontSize="11" fill="currentColor">
          {first}
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 8} textAnchor="end" fontSize="11" fill="currentColor">
          {last}
        </text>
        {SERIES.map(({ key, colour, dash }) => (
          <polyline
            key={key}
            data-series={key}
            points={points(days, key, max)}
            fill="none"
            stroke={colour}
            strokeWidth="2"
            strokeDasharray={dash}
          />
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm">
        {SERIES.map(({ key, colour, dash }) => (
          <li key={key} className="flex items-center gap-2">
            <svg aria-hidden="true" width="24" height="6" className="shrink-0">
              <line x1="0" y1="3" x2="24" y2="3" stroke={colour} strokeWidth="3" strokeDasharray={dash} />
            </svg>
            {t(`adminLeads.series.${key}`)}
          </li>
        ))}
      </ul>
    </figure>
  );
}

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
const td = 'px-3 py-2';

/** The Analytics section's leads: the chart over the range, the top 10 by WhatsApp taps, and categories. */
export function LeadAnalyticsPanel({ range }: { range: AnalyticsRange }) {
  const t = useT();
  const analytics = useLeadAnalytics(range);
  const data = analytics.data;
  if (analytics.isError) return <ErrorBanner message={t('admin.dashboard.loadFailed')} />;
  if (!data) return <p role="status">{t('admin.dashboard.loadingData')}</p>;
  const sum = (key: keyof Omit<DayCounts, 'day'>) => data.days.reduce((total, day) => total + day[key], 0);
  return (
    <div className="space-y-4" aria-busy={analytics.isFetching}>
      <DailyChart days={data.days} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('adminLeads.totals', {
          views: number(sum('views')),
          whatsapp: number(sum('whatsapp')),
          inquiries: number(sum('inquiries')),
        })}{' '}
        {t('adminLeads.note')}
      </p>
      <section aria-labelledby="top-whatsapp" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
        <h3 id="top-whatsapp" className="font-semibold">
          {t('adminLeads.topTitle')}
        </h3>
        {data.top.length === 0 ? (
          <p className="mt-2 text-sm">{t('adminLeads.topEmpty')}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr>
                <th className={th}>{t('adminLeads.columns.listing')}</th>
                <th className={`${th} text-right`}>{t('adminLeads.columns.whatsapp')}</th>
              </tr>
            </thead>
            <tbody>
              {data.top.map((listing) => (
                <tr key={listing.id} className="border-t border-slate-100 dark:border-slate-700">
                  <td className={td}>
                    <a href={listing.path} target="_blank" rel="noopener noreferrer" className="underline">
                      {listing.title}
                    </a>
                  </td>
                  <td className={`${td} text-right`}>{number(listing.whatsapp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section
        aria-labelledby="lead-jumps"
        className="overflow-x-auto rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
      >
        <h3 id="lead-jumps" className="font-semibold">
          {t('adminLeads.jumpsTitle')}
        </h3>
        {data.jumps.length === 0 ? (
          <p className="mt-2 text-sm">{t('adminLeads.jumpsEmpty')}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('adminLeads.jumpsIntro')}</p>
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr>
                  <th className={th}>{t('adminLeads.jumpColumns.day')}</th>
                  <th className={th}>{t('adminLeads.jumpColumns.listing')}</th>
                  <th className={th}>{t('adminLeads.jumpColumns.kind')}</th>
                  <th className={`${th} text-right`}>{t('adminLeads.jumpColumns.visitors')}</th>
                  <th className={`${th} text-right`}>{t('adminLeads.jumpColumns.usual')}</th>
                </tr>
              </thead>
              <tbody>
                {data.jumps.map((jump) => (
                  <tr
                    key={`${jump.day}-${jump.id}-${jump.kind}`}
                    className="border-t border-slate-100 dark:border-slate-700"
                  >
                    <td className={td}>{jump.day}</td>
                    <td className={td}>
                      <a href={jump.path} target="_blank" rel="noopener noreferrer" className="underline">
                        {jump.title}
                      </a>
                    </td>
                    <td className={td}>{t(`adminLeads.kinds.${jump.kind}`)}</td>
                    <td className={`${td} text-right`}>{number(jump.visitors)}</td>
                    <td className={`${td} text-right`}>{number(jump.usual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section
        aria-labelledby="leads-by-category"
        className="overflow-x-auto rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
      >
        <h3 id="leads-by-category" className="font-semibold">
          {t('adminLeads.categoriesTitle')}
        </h3>
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr>
              <th className={th}>{t('adminLeads.columns.category')}</th>
              <th className={`${th} text-right`}>{t('adminLeads.columns.views')}</th>
              <th className={`${th} text-right`}>{t('adminLeads.columns.whatsapp')}</th>
              <th className={`${th} text-right`}>{t('adminLeads.columns.phone')}</th>
              <th className={`${th} text-right`}>{t('adminLeads.columns.shares')}</th>
              <th className={`${th} text-right`}>{t('adminLeads.columns.inquiries')}</th>
            </tr>
          </thead>
          <tbody>
            {data.categories.map((row) => (
              <tr key={row.category} className="border-t border-slate-100 dark:border-slate-700">
                <td className={td}>{t(`admin.listings.categories.${row.category}`)}</td>
                {[row.views, row.whatsapp, row.phone, row.share, row.inquiries].map((n, i) => (
                  <td key={i} className={`${td} text-right`}>
                    {number(n)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
