import { useLocation } from 'react-router';
import { CURRENCIES, isCurrency } from '#shared/currency';
import { useT } from '#web/i18n/locale-provider';
import { useCurrency } from '#web/lib/currency';

/**
 * The Currency control: a form the server answers without scripts (GET /currency sets the
 * cookie and comes back here); with them, a choice applies at once.
 */
export function CurrencySelect({
  id,
  className = '',
  showLabel = false,
}: {
  id: string;
  className?: string;
  /** The label shows (in the phone menu); else it is for screen readers only. */
  showLabel?: boolean;
}) {
  const t = useT();
  const { currency, setCurrency } = useCurrency();
  const location = useLocation();
  return (
    <form method="get" action="/currency" className={`flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'mr-2 text-sm font-medium text-gray-800' : 'sr-only'}>
        {t('common.currency.label')}
      </label>
      <select
        id={id}
        name="code"
        value={currency}
        onChange={(event) => {
          if (isCurrency(event.target.value)) setCurrency(event.target.value);
        }}
        className="min-h-11 rounded-lg border border-gray-300 bg-white px-2 text-sm font-semibold text-gray-800"
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <noscript>
        <button type="submit" className="min-h-11 rounded-lg border border-gray-300 px-2 text-sm">
          {t('common.currency.apply')}
        </button>
      </noscript>
    </form>
  );
}
