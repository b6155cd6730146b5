import { useState } from 'react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '#shared/analytics';
import { ButtonLink } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';
import { exportUrl, useAnalytics } from '#web/features/admin/api/get-analytics';
import { useT } from '#web/i18n/locale-provider';
import { ErrorBanner } from './error-banner';
import { LeadAnalyticsPanel } from './lead-analytics';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });

/** docs/product.md#analytics: the range changes the figures; Export Data downloads the range's listings as CSV. */
export function AnalyticsSection() {
  const t = useT();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const analytics = useAnalytics(range);
  const data = analytics.data;
  // Each card says what it counts: these are the period's, the overview's are all time.
  const cards = [
    {
      label: t('admin.analytics.totalListings'),
      hint: t('admin.analytics.totalListingsHint'),
      value: data?.totalListings.toLocaleString('en-KE'),
    },
    {
      label: t('admin.analytics.totalInquiries'),
      hint: t('admin.analytics.totalInquiriesHint'),
      value: data?.totalInquiries.toLocaleString('en-KE'),
    },
    {
      label: t('admin.analytics.conversionRate'),
      hint: t('admin.analytics.conversionRateHint'),
      value: data ? `${data.conversionRate}%` : undefined,
    },
  ];
  return (
    <section aria-labelledby="analytics-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="analytics-title" className="text-lg font-semibold">
          {t('admin.analytics.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Field id="analytics-range" label={t('admin.analytics.range')}>
            {(control) => (
              <Select
                {...control}
                value={range}
                onChange={(e) => setRange(e.target.value as AnalyticsRange)}
                options={ANALYTICS_RANGES.map((r) => ({ value: r, label: t(`admin.analytics.ranges.${r}`) }))}
              />
            )}
          </Field>
          <ButtonLink href={exportUrl(range)} download>
            {t('admin.analytics.export')}
          </ButtonLink>
        </div>
      </div>
      {analytics.isError && <ErrorBanner message={t('admin.dashboard.loadFailed')} />}
      {data && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('admin.analytics.period', {
            from: dateFormat.format(new Date(data.from)),
            to: dateFormat.format(new Date(data.to)),
          })}
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-3" aria-busy={analytics.isFetching}>
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800">
            <p className="text-sm text-slate-700 dark:text-slate-300">{card.label}</p>
            <p className="mt-1 text-2xl font-bold">{card.value ?? '—'}</p>
            <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{card.hint}</p>
          </li>
        ))}
      </ul>
      <LeadAnalyticsPanel range={range} />
    </section>
  );
}
