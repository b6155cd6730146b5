/** The link from a listing page to the contact form, about that listing (docs/product.md#leads). */
export const listingInquiry = {
  ask: 'Ask our office about this listing',
} as const;
