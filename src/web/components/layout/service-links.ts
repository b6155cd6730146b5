import type { MessageKey } from '#shared/i18n';

export interface ServiceLink {
  id: 'marketplace' | 'realEstate' | 'businessSales' | 'visaAssistance' | 'ticketing' | 'cargo';
  to: string;
  label: MessageKey;
}

/** The Services menu (docs/product.md#navbar), in its order; ticketing and cargo lead to visa assistance. */
export const SERVICE_LINKS: readonly ServiceLink[] = [
  { id: 'marketplace', to: '/marketplace', label: 'layout.services.marketplace' },
  { id: 'realEstate', to: '/real-estate', label: 'layout.services.realEstate' },
  { id: 'businessSales', to: '/business-sales', label: 'layout.services.businessSales' },
  { id: 'visaAssistance', to: '/visa-assistance', label: 'layout.services.visaAssistance' },
  { id: 'ticketing', to: '/ticketing', label: 'layout.services.ticketing' },
  { id: 'cargo', to: '/cargo', label: 'layout.services.cargo' },
];

export const MAIN_LINKS = [
  { to: '/', label: 'layout.nav.home' },
  { to: '/about', label: 'layout.nav.about' },
  { to: '/blog', label: 'layout.nav.blog' },
  { to: '/contact', label: 'layout.nav.contact' },
  { to: '/sell', label: 'layout.nav.sell' },
] as const satisfies readonly { to: string; label: MessageKey }[];
