import { formatConverted } from '#shared/currency';
import { formatDate } from '#shared/format-date';
import { useLocale } from '#web/i18n/locale-provider';
import { useCurrency, useExchangeRates } from '#web/lib/currency';

/** " · ≈ £14,600" after a price in KES, in the visitor's currency; nothing without a rate. */
export function ConvertedPrice({ kes, className = '' }: { kes: number; className?: string }) {
  const { t } = useLocale();
  const { currency } = useCurrency();
  const amount = formatConverted(kes, currency, useExchangeRates());
  if (!amount) return null;
  return (
    <span className={`whitespace-nowrap font-medium text-gray-700 ${className}`}>
      {' · '}
      {t('common.currency.approx', { amount })}
    </span>
  );
}

/** Which rate the approximate amounts use ("rate of 21 November 2026"); nothing when none are shown. */
export function RateNote({ className = '' }: { className?: string }) {
  const { t, locale } = useLocale();
  const { currency } = useCurrency();
  const rates = useExchangeRates();
  const rate = currency === 'KES' ? undefined : rates?.[currency];
  if (!rate) return null;
  return (
    <p className={`text-sm text-gray-700 ${className}`}>
      {t('common.currency.rateOf', { currency, date: formatDate(`${rate.setOn}T12:00:00+03:00`, locale) })}
    </p>
  );
}
