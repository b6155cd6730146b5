import type { ListingLeadTotals } from '#shared/leads';
import { useT } from '#web/i18n/locale-provider';

const number = (n: number) => n.toLocaleString('en-KE');

/** A listing's all-time views, WhatsApp taps and inquiries, as one short line of the Listings table. */
export function ListingLeadFigures({ totals }: { totals: ListingLeadTotals | undefined }) {
  const t = useT();
  if (!totals) return <span className="text-slate-600 dark:text-slate-400">—</span>;
  const figures = {
    views: number(totals.views),
    whatsapp: number(totals.whatsapp),
    inquiries: number(totals.inquiries),
  };
  return (
    <span className="whitespace-nowrap" title={t('adminLeads.figuresLabel', figures)}>
      {t('adminLeads.figures', figures)}
    </span>
  );
}
