// What the browser's beacon needs, without zod: the public pages' code stays small.

/**
 * What the site counts about a listing (docs/product.md#leads): a page view, a tap on its
 * WhatsApp or call button, a share. Each counts one visitor per day (decision 0050).
 */
export const LEAD_KINDS = ['view', 'whatsapp', 'phone', 'share'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** The ingest route's path: the browser's beacon posts one event to it. */
export const LEAD_INGEST_PATH = '/api/leads';

/**
 * The <meta name> a server-rendered listing page carries when the server counted its view, so
 * the page's script does not count the same view again (its content is the listing id).
 */
export const VIEW_COUNTED_META = 'sdh-view-counted';
