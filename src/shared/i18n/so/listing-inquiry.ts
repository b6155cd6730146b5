import type { Messages } from '#shared/i18n/messages';

/** The link to the contact form in Somali (mirrors en/listing-inquiry.ts). */
export const listingInquiry: Messages['listingInquiry'] = {
  ask: 'Xafiiskayaga wax ka weydii xayeysiiskan',
};
