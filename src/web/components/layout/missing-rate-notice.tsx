import { currencySymbol, currencyWithoutRate } from '#shared/currency';
import { useT } from '#web/i18n/locale-provider';
import { useCurrency, useExchangeRates } from '#web/lib/currency';

/**
 * Says, under the header, that the chosen currency has no rate yet, so a visitor who picked
 * pounds knows why prices stay in shillings. Nothing until the rates are known.
 */
export function MissingRateNotice() {
  const t = useT();
  const { currency } = useCurrency();
  const rates = useExchangeRates();
  const missing = rates ? currencyWithoutRate(currency, rates) : null;
  if (!missing) return null;
  return (
    <p role="status" className="border-t border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-900">
      {t('common.currency.noRate', { currency: currencySymbol(missing) })}
    </p>
  );
}
