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
  note: 'A visitor counts once per listing and day; bots are left out.',
} as const;
