import { formatWhole } from './number-format';
import { once } from './once';

// Intl's own text for en-KE, written out (see formatWhole); Intl still takes what the
// written rules leave out: negative amounts, amounts of 100 trillion and more, and fractions
// in the compact form.
const SYMBOL = 'Ksh\u00a0';
const LARGEST_WRITTEN = 1e14;

const kes = once(
  () =>
    new Intl.NumberFormat('en-KE', {
      style: 'currency',
      currency: 'KES',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);
const compactKes = once(
  () =>
    new Intl.NumberFormat('en-KE', {
      style: 'currency',
      currency: 'KES',
      notation: 'compact',
      // Explicit: Node's ICU otherwise keeps a currency's decimals ('Ksh 450.0K') where browsers
      // drop them, and server-rendered pages must read the same as the browser's.
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);

/** Prices are Kenyan shillings, en-KE style, no decimals (docs/product.md#money-and-dates): "Ksh 25,000". */
export function formatKes(amount: number): string {
  // Math.round is Intl's half-away-from-zero here: a positive x.5 is exact in binary.
  if (!(amount >= 0 && amount < LARGEST_WRITTEN)) return kes().format(amount);
  return `${SYMBOL}${formatWhole(Math.round(amount))}`;
}

const COMPACT_SUFFIXES = ['', 'K', 'M', 'B', 'T'] as const;

/** Revenue is shown in compact form (docs/product.md#money-and-dates): "Ksh 1.2M". */
export function formatCompactKes(amount: number): string {
  if (!(Number.isSafeInteger(amount) && amount >= 0 && amount < LARGEST_WRITTEN)) return compactKes().format(amount);
  if (amount < 1000) return `${SYMBOL}${amount}`;
  let power = 1;
  while (power < COMPACT_SUFFIXES.length - 1 && amount >= 1000 ** (power + 1)) power++;
  let tenths = roundedTenths(amount, 1000 ** power);
  // 999,950 rounds to 1,000K, which Intl writes as 1M.
  if (tenths >= 10_000 && power < COMPACT_SUFFIXES.length - 1) tenths = roundedTenths(amount, 1000 ** ++power);
  const fraction = tenths % 10;
  return `${SYMBOL}${formatWhole((tenths - fraction) / 10)}${fraction ? `.${fraction}` : ''}${COMPACT_SUFFIXES[power]}`;
}

/** amount / unit in tenths, rounded half up, in exact integer arithmetic (no 1.15 → 1.1). */
function roundedTenths(amount: number, unit: number): number {
  const scaled = amount * 10 + unit / 2;
  return (scaled - (scaled % unit)) / unit;
}
