import type { AdminListingStatus } from '#shared/admin-listing-query';

/** The label of each "Show" choice. */
export const STATUS_LABELS = {
  active: 'admin.listings.filterActive',
  inactive: 'admin.listings.filterInactive',
  all: 'admin.listings.filterAll',
} as const satisfies Record<AdminListingStatus, string>;
