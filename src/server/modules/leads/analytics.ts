import { CATEGORIES } from '#shared/categories';
import { dailySeries, daysBetween, type LeadAnalytics } from '#shared/leads';
import { listingPath } from '#shared/listing-format';
import type { leadsRepository } from './repository';
import { utcDay } from './visitor';

/** A range as whole UTC days: its first day, its last (today) and the day after, where it ends. */
export function wholeDays(range: { from: Date; to: Date }) {
  const first = utcDay(range.from);
  const last = utcDay(range.to);
  return { first, last, end: utcDay(new Date(Date.parse(`${last}T00:00:00Z`) + 24 * 60 * 60 * 1000)) };
}

/** The Analytics figures of leads over a range, read from the daily roll-ups (decision 0051). */
export async function leadAnalytics(
  repo: ReturnType<typeof leadsRepository>,
  range: { from: Date; to: Date },
): Promise<LeadAnalytics> {
  const { first, last, end } = wholeDays(range);
  const [perDay, top, perCategory, jumps] = await Promise.all([
    repo.perDay(first, end),
    repo.topByWhatsApp(first, end),
    repo.perCategory(first, end),
    repo.jumps(first, end),
  ]);
  const days = dailySeries(daysBetween(first, last), [
    ...perDay.leads.map((row) => ({
      day: row.day,
      kind: row.kind === 'view' ? ('view' as const) : ('whatsapp' as const),
      n: row.n,
    })),
    ...perDay.inquiries.map((row) => ({ day: row.day, kind: 'inquiry' as const, n: row.n })),
  ]);
  const categories = CATEGORIES.map((category) => {
    const count = (kind: string) =>
      perCategory.leads.find((row) => row.category === category && row.kind === kind)?.n ?? 0;
    return {
      category,
      views: count('view'),
      whatsapp: count('whatsapp'),
      phone: count('phone'),
      share: count('share'),
      inquiries: perCategory.inquiries.find((row) => row.category === category)?.n ?? 0,
    };
  });
  return {
    from: first,
    to: last,
    days,
    top: top.map((row) => ({ ...row, path: listingPath(row) })),
    categories,
    jumps: jumps.map((row) => ({ ...row, path: listingPath(row) })),
  };
}
