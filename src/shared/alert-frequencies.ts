/**
 * How often an alert writes: at most once a day with the day's matches, or at each match.
 * Apart from the sign-up's schema (saved-search.ts) so that a results page's form, which
 * lists them, loads no zod with the page (decision 0103).
 */
export const ALERT_FREQUENCIES = ['daily', 'instant'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
