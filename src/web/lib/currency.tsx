import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  type Currency,
  type ExchangeRates,
  isCurrency,
  pickCurrency,
} from '#shared/currency';
import type { PublicReads } from '#shared/public-reads';
import { readCookie } from '#web/i18n/locale-storage';
import { apiReads } from './api-reads';
import type { PagePrefetch } from './page-prefetch';

/**
 * The visitor's currency for approximate prices (decision 0048): chosen with the Currency
 * control and remembered in a cookie the server reads too, so pages are rendered in it.
 */
interface CurrencyContextValue {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
}
const CurrencyContext = createContext<CurrencyContextValue | null>(null);

/** Remembers the choice for a year, as the language is. */
function rememberCurrency(currency: Currency): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a one-value preference cookie, as the language's
  document.cookie = `${CURRENCY_COOKIE}=${currency}; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The currency to start in: the server's choice (<body data-currency>), or, on the offline
 * shell that no server wrote, the same rules in the browser.
 */
function initialCurrency(): Currency {
  if (typeof document === 'undefined') return 'KES';
  const fromServer = document.body.dataset.currency;
  if (isCurrency(fromServer)) return fromServer;
  return pickCurrency({ cookie: readCookie(CURRENCY_COOKIE), acceptLanguage: navigator.languages.join(',') });
}

export function CurrencyProvider({ children, initial }: { children: ReactNode; initial?: Currency }) {
  const [currency, setState] = useState<Currency>(() => initial ?? initialCurrency());
  const setCurrency = useCallback((next: Currency) => {
    rememberCurrency(next);
    document.body.dataset.currency = next;
    setState(next);
  }, []);
  const value = useMemo(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency must be used inside CurrencyProvider');
  return value;
}

export const exchangeRatesQueryOptions = (reads: PublicReads = apiReads) =>
  queryOptions({
    queryKey: ['exchange-rates'],
    queryFn: async () => (await reads.exchangeRates()).rates,
    staleTime: 5 * 60_000,
  });

/** Pages that show prices load the rates with them, so the server renders the converted amounts. */
export const prefetchExchangeRates: PagePrefetch = ({ queryClient, reads }) =>
  queryClient.prefetchQuery(exchangeRatesQueryOptions(reads));

/**
 * The rates, when the visitor wants another currency than KES (undefined until they arrive).
 * Read from the query cache as the site settings are, loaded only when needed.
 */
export function useExchangeRates(): ExchangeRates | undefined {
  const client = useQueryClient();
  const { currency } = useCurrency();
  const read = () => client.getQueryData<ExchangeRates>(exchangeRatesQueryOptions().queryKey);
  const rates = useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), read, read);
  useEffect(() => {
    if (currency !== 'KES' && !rates) void client.prefetchQuery(exchangeRatesQueryOptions());
  }, [client, currency, rates]);
  return rates;
}
