import { once } from './once';

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
  return kes().format(amount);
}

/** Revenue is shown in compact form (docs/product.md#money-and-dates): "Ksh 1.2M". */
export function formatCompactKes(amount: number): string {
  return compactKes().format(amount);
}
