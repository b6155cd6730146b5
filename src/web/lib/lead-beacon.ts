import { LEAD_INGEST_PATH, type LeadKind, VIEW_COUNTED_META } from '#shared/lead-kinds';

/** The attribute that marks a listing's card or page: taps inside it count for that listing. */
export const LEAD_LISTING_ATTRIBUTE = 'data-lead-listing';
/** Marks a control whose kind its link does not tell (a share button): data-lead="share". */
export const LEAD_KIND_ATTRIBUTE = 'data-lead';

/** Sends one event without waiting for it or holding up the page (it survives leaving the page). */
export function sendLead(listingId: string, kind: LeadKind): void {
  if (typeof navigator === 'undefined') return;
  const body = JSON.stringify({ listingId, kind });
  try {
    if (navigator.sendBeacon?.(LEAD_INGEST_PATH, body)) return;
  } catch {
    // A browser that refuses the beacon gets the fetch below.
  }
  fetch(LEAD_INGEST_PATH, { method: 'POST', body, keepalive: true }).catch(() => {});
}

/** Counts a listing page's view, unless the server already counted it while rendering this document. */
export function recordListingView(listingId: string): void {
  const counted = document.querySelector(`meta[name="${VIEW_COUNTED_META}"]`);
  if (counted) {
    // Only the first page of a visit is rendered by the server; later ones are the script's to count.
    counted.remove();
    if (counted.getAttribute('content') === listingId) return;
  }
  sendLead(listingId, 'view');
}

/** The event a click stands for: a WhatsApp or call link, or a marked control, inside a listing. */
export function leadOfClick(target: EventTarget | null): { listingId: string; kind: LeadKind } | null {
  const control = target instanceof Element ? target.closest('a, button') : null;
  const listingId = control?.closest(`[${LEAD_LISTING_ATTRIBUTE}]`)?.getAttribute(LEAD_LISTING_ATTRIBUTE);
  if (!control || !listingId) return null;
  const marked = control.getAttribute(LEAD_KIND_ATTRIBUTE);
  if (marked === 'share' || marked === 'whatsapp' || marked === 'phone') return { listingId, kind: marked };
  const href = control.getAttribute('href') ?? '';
  if (href.startsWith('https://wa.me/')) return { listingId, kind: 'whatsapp' };
  if (href.startsWith('tel:')) return { listingId, kind: 'phone' };
  return null;
}

/** One listener for the whole app: taps on listings' contact and share controls are counted. */
export function installLeadTracking(): void {
  document.addEventListener(
    'click',
    (event) => {
      const lead = leadOfClick(event.target);
      if (lead) sendLead(lead.listingId, lead.kind);
    },
    { capture: true, passive: true },
  );
}
