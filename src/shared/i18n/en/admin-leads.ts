/** Leads in the staff area (docs/product.md#leads); English only, like the rest of it. */
export const adminLeads = {
  column: 'Leads',
  figures: '{views} views · {whatsapp} WhatsApp · {inquiries} inquiries',
  figuresLabel: '{views} views, {whatsapp} WhatsApp taps, {inquiries} inquiries (all time)',
  chartTitle: 'Views, WhatsApp taps and inquiries per day',
  chartLabel: 'Chart of views, WhatsApp taps and inquiries per day from {from} to {to}',
  series: { views: 'Views', whatsapp: 'WhatsApp taps', inquiries: 'Inquiries' },
  totals: '{views} views, {whatsapp} WhatsApp taps, {inquiries} inquiries in this period',
  topTitle: 'Top 10 listings by WhatsApp taps',
  topEmpty: 'No WhatsApp taps in this period.',
  categoriesTitle: 'By category',
  columns: {
    listing: 'Listing',
    whatsapp: 'WhatsApp taps',
    category: 'Category',
    views: 'Views',
    phone: 'Phone taps',
    shares: 'Shares',
    inquiries: 'Inquiries',
  },
  note: 'A visitor (an internet address) counts once per listing and day; bots and other sites are left out.',
  jumpsTitle: 'Counts that jumped',
  jumpsIntro:
    'Days on which a listing had at least 20 visitors and 5 times its usual: check them before acting on the figures.',
  jumpsEmpty: 'No unusual jumps in this period.',
  jumpColumns: { day: 'Day', listing: 'Listing', kind: 'Counted', visitors: 'That day', usual: 'Usual per day' },
  kinds: { view: 'Views', whatsapp: 'WhatsApp taps', phone: 'Phone taps', share: 'Shares' },
} as const;
