import '#web/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ExchangeRates, FOREIGN_CURRENCIES } from '#shared/currency';
import {
  type ExchangeRatesFormValues,
  type ExchangeRatesInput,
  exchangeRatesFormSchema,
} from '#shared/exchange-rates-schema';
import type { MessageKey } from '#shared/i18n';
import { Button } from '#web/components/ui/button';
import { CONTROL_CLASS, Field } from '#web/components/ui/field';
import { useAdminExchangeRates, useSaveExchangeRates } from '#web/features/admin/api/exchange-rates';
import { submitHandler } from '#web/features/admin/lib/field-errors';
import { useT } from '#web/i18n/locale-provider';
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
  const form = useForm<ExchangeRatesFormValues, unknown, ExchangeRatesInput>({
    defaultValues: {
      setOn: nairobiToday(),
      rates: Object.fromEntries(
        FOREIGN_CURRENCIES.map((c) => [c, stored[c] ? String(stored[c].kesPerUnit) : '']),
      ) as ExchangeRatesFormValues['rates'],
    },
    resolver: zodResolver(exchangeRatesFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const [saved, setSaved] = useState(false);
  const error = (message: string | undefined) => (message ? t(message as MessageKey) : undefined);
  const onSubmit = submitHandler(form, async (input) => {
    setSaved(false);
    await save.mutateAsync(input);
    setSaved(true);
  });

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        void onSubmit(event);
      }}
      aria-labelledby="rates-title"
      noValidate
      className="mt-6 max-w-4xl space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-800"
    >
      <h2 id="rates-title" className="text-lg font-semibold">
        {t('admin.rates.heading')}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('admin.rates.intro')}</p>
      <Field
        id="rates-set-on"
        label={t('admin.rates.setOn')}
        hint={t('admin.rates.setOnHint')}
        error={error(errors.setOn?.message)}
      >
        {(control) => (
          <input {...control} type="date" className={`${CONTROL_CLASS} sm:max-w-xs`} {...form.register('setOn')} />
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
              error={error(errors.rates?.[currency]?.message)}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  className={CONTROL_CLASS}
                  {...form.register(`rates.${currency}`)}
                />
              )}
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {t('admin.rates.save')}
        </Button>
        <p role="status" className="text-sm">
          {saved ? t('admin.rates.saved') : (errors.root?.message ?? '')}
        </p>
      </div>
    </form>
  );
}
