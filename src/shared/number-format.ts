/**
 * Whole numbers as pages write them ("1,234,567"), without Intl. A page's first
 * Intl.NumberFormat or DateTimeFormat makes the browser load ICU's data: 20–35 ms on this
 * machine, four times that on a phone, spent in the middle of hydration. Grouping digits
 * needs none of it (docs/decisions/0062-numbers-and-dates-without-intl.md).
 */
export function formatWhole(n: number): string {
  // Fractions, -0 and integers past 2^53 are rare enough to leave to Intl.
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-KE');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
