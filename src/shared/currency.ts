import { rankedLanguageTags } from './accept-language';
import { formatWhole } from './number-format';

/**
 * Prices are set in Kenyan shillings; a visitor may see an approximate amount in their own
 * currency beside them, at the rates an admin entered (decision 0048).
 */
export const CURRENCIES = ['KES', 'USD', 'GBP', 'EUR', 'SEK', 'NOK', 'CAD', 'AED'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The currencies a rate can be entered for: every one but the shilling itself. */
export type ForeignCurrency = Exclude<Currency, 'KES'>;
export const FOREIGN_CURRENCIES = CURRENCIES.filter((c): c is ForeignCurrency => c !== 'KES');
export const DEFAULT_CURRENCY: Currency = 'KES';
/** The cookie that remembers the visitor's choice (read by the server too), like the language's. */
export const CURRENCY_COOKIE = 'currency';
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Countries whose currency we show, by region code. */
const REGION_CURRENCY: Record<string, Currency> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AE: 'AED',
  SE: 'SEK',
  NO: 'NOK',
  KE: 'KES',
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
    ].map((region) => [region, 'EUR' as const]),
  ),
};

/**
 * Languages spoken mostly in one of those countries, for a tag without a region ('sv').
 * English, Arabic, French and Somali span many countries: they say nothing alone.
 */
const LANGUAGE_CURRENCY: Record<string, Currency> = {
  sv: 'SEK',
  nb: 'NOK',
  nn: 'NOK',
  no: 'NOK',
  de: 'EUR',
  nl: 'EUR',
  it: 'EUR',
  fi: 'EUR',
  el: 'EUR',
  et: 'EUR',
  lv: 'EUR',
  lt: 'EUR',
  sk: 'EUR',
  sl: 'EUR',
};

/** The currency of the first browser language that tells one ('en-GB' → GBP, 'sv' → SEK), if any. */
export function currencyFromAcceptLanguage(header: string | undefined): Currency | undefined {
  for (const tag of rankedLanguageTags(header)) {
    const [language = '', ...rest] = tag.split(/[-_]/);
    const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part))?.toUpperCase();
    const found = (region && REGION_CURRENCY[region]) || LANGUAGE_CURRENCY[language.toLowerCase()];
    if (found) return found;
  }
  return undefined;
}

/** The visitor's currency: the remembered choice, else what the browser's languages suggest, else KES. */
export function pickCurrency(sources: { cookie?: unknown; acceptLanguage?: string }): Currency {
  if (isCurrency(sources.cookie)) return sources.cookie;
  return currencyFromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_CURRENCY;
}

/** A rate as an admin enters it: how many shillings one unit buys, and the day it was set. */
export interface ExchangeRate {
  kesPerUnit: number;
  setOn: string;
}
export type ExchangeRates = Partial<Record<ForeignCurrency, ExchangeRate>>;

/**
 * An approximate amount is rounded so it does not pretend to precision: three significant
 * figures from 100 up (£14,589.66 → £14,600), whole units from 1, two significant figures
 * below (a few pence or cents).
 */
export function roundApproximate(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  if (amount >= 100) {
    const step = 10 ** (Math.floor(Math.log10(amount)) - 2);
    return Math.round(amount / step) * step;
  }
  if (amount >= 1) return Math.round(amount);
  return Number(amount.toPrecision(2));
}

/** Each currency as en-GB writes it before an amount ("US$14,600", "SEK 14,600", no-break space). */
const CURRENCY_SYMBOLS: Record<ForeignCurrency, string> = {
  USD: 'US$',
  GBP: '£',
  EUR: '€',
  SEK: 'SEK\u00a0',
  NOK: 'NOK\u00a0',
  CAD: 'CA$',
  AED: 'AED\u00a0',
};

/** How a currency is named to visitors on its own ("£", "US$", "SEK"). */
export function currencySymbol(currency: ForeignCurrency): string {
  return CURRENCY_SYMBOLS[currency].trim();
}

/** The visitor's currency when it is not KES and has no rate: its amounts cannot be shown. */
export function currencyWithoutRate(currency: Currency, rates: ExchangeRates): ForeignCurrency | null {
  if (currency === 'KES') return null;
  return rates[currency] && rates[currency].kesPerUnit > 0 ? null : currency;
}

const formats = new Map<string, Intl.NumberFormat>();
const formatFor = (currency: ForeignCurrency, fractionDigits: number) => {
  const key = `${currency}:${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    // One English format for everyone, so the server's text and the browser's are the same.
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formats.set(key, format);
  }
  return format;
};

/**
 * A price in KES in another currency, rounded and formatted ("£14,600"), or null when there
 * is no usable rate: a missing rate hides the amount rather than show a wrong one.
 */
export function formatConverted(kes: number, currency: Currency, rates: ExchangeRates | undefined): string | null {
  if (currency === 'KES') return null;
  const rate = rates?.[currency];
  if (!rate || !(rate.kesPerUnit > 0) || !(kes > 0)) return null;
  const amount = roundApproximate(kes / rate.kesPerUnit);
  if (amount <= 0) return null;
  // Whole amounts are written out as Intl writes them (see formatWhole), sparing the page
  // Intl's start-up; amounts under 1 keep Intl's decimal rounding.
  if (!Number.isSafeInteger(amount)) return formatFor(currency, amount < 1 ? 2 : 0).format(amount);
  return `${CURRENCY_SYMBOLS[currency]}${formatWhole(amount)}`;
}
