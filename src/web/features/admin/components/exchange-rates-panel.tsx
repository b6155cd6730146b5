import { useState } from 'react';
import { type ExchangeRates, FOREIGN_CURRENCIES, type ForeignCurrency } from '../../../../shared/currency';
import { exchangeRatesInputSchema } from '../../../../shared/exchange-rates-schema';
import type { MessageKey } from '../../../../shared/i18n';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASS, Field } from '../../../components/ui/field';
import { useT } from '../../../i18n/locale-provider';
import { ApiError } from '../../../lib/api-client';
import { useAdminExchangeRates, useSaveExchangeRates } from '../api/exchange-rates';
import { ErrorBanner } from './error-banner';

/** Today in Nairobi, as YYYY-MM-DD: the day new rates are usually set. */
const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** The exchange rates part of /admin/site: shillings per unit of each currency, and their day. */
export function ExchangeRatesPanel() {
  const t = useT();
  const stored = useAdminExchangeRates();
  if (stored.isPending) return null;
  if (stored.isError) return <ErrorBanner message={t('admin.rates.loadFailed')} />;
  return <ExchangeRatesForm stored={stored.data} />;
}

function ExchangeRatesForm({ stored }: { stored: ExchangeRates }) {
  const t = useT();
  const save = useSaveExchangeRates();
  const [setOn, setSetOn] = useState(nairobiToday());
  const [values, setValues] = useState<Record<ForeignCurrency, string>>(
    () =>
      Object.fromEntries(FOREIGN_CURRENCIES.map((c) => [c, stored[c] ? String(stored[c].kesPerUnit) : ''])) as Record<
        ForeignCurrency,
        string
      >,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setDone('');
    const input = {
      setOn,
      rates: Object.fromEntries(
        FOREIGN_CURRENCIES.map((c) => [c, values[c].trim() === '' ? null : Number(values[c].trim())]),
      ),
    };
    // The server's rules, checked here first; the server checks them again.
    const parsed = exchangeRatesInputSchema.safeParse(input);
    if (!parsed.success) {
      // The first problem of each field, as the server reports it.
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= t(issue.message as MessageKey);
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setDone(t('admin.rates.saved')),
      onError: (failure) => {
        if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
        else setDone(failure.message);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="rates-title"
      noValidate
      className="mt-6 max-w-4xl space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <h2 id="rates-title" className="text-lg font-semibold">
        {t('admin.rates.heading')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('admin.rates.intro')}</p>
      <Field id="rates-set-on" label={t('admin.rates.setOn')} hint={t('admin.rates.setOnHint')} error={errors.setOn}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={setOn}
            onChange={(e) => setSetOn(e.target.value)}
            className={`${CONTROL_CLASS} sm:max-w-xs`}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FOREIGN_CURRENCIES.map((currency) => {
          const current = stored[currency];
          return (
            <Field
              key={currency}
              id={`rate-${currency}`}
              label={t('admin.rates.perUnit', { currency })}
              hint={
                current
                  ? t('admin.rates.current', { rate: current.kesPerUnit, date: current.setOn })
                  : t('admin.rates.none', { currency })
              }
              error={errors[`rates.${currency}`]}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={values[currency]}
                  onChange={(e) => setValues((v) => ({ ...v, [currency]: e.target.value }))}
                  className={CONTROL_CLASS}
                />
              )}
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {t('admin.rates.save')}
        </Button>
        <p role="status" className="text-sm">
          {done}
        </p>
      </div>
    </form>
  );
}
