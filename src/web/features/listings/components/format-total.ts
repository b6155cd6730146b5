import type { Translate } from '#shared/i18n';
import { formatWhole } from '#shared/number-format';

/** A total as a page shows it: "1,234", or "1,000+" when a search stopped counting. */
export function formatTotal(t: Translate, { total, totalExact }: { total: number; totalExact: boolean }): string {
  const n = formatWhole(total);
  return totalExact ? n : t('listings.search.atLeast', { n });
}
