// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIEW_COUNTED_META } from '#shared/lead-kinds';
import { leadOfClick, recordListingView } from './lead-beacon';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('which click is a lead', () => {
  it.each([
    [
      `<article data-lead-listing="${ID}"><a id="t" href="https://wa.me/254712345678"><span>Chat</span></a></article>`,
      'whatsapp',
    ],
    [`<article data-lead-listing="${ID}"><a id="t" href="tel:+254712345678">Call</a></article>`, 'phone'],
    [`<article data-lead-listing="${ID}"><button id="t" data-lead="share">Share</button></article>`, 'share'],
    [`<article data-lead-listing="${ID}"><a id="t" href="/marketplace">Back</a></article>`, null],
    ['<footer><a id="t" href="https://wa.me/254712345678">Office</a></footer>', null],
  ])('%s → %s', (html, kind) => {
    document.body.innerHTML = html;
    const target = document.getElementById('t')?.firstElementChild ?? document.getElementById('t');
    const lead = leadOfClick(target as EventTarget);
    expect(lead).toEqual(kind ? { listingId: ID, kind } : null);
  });
});

describe('a listing page view', () => {
  const beacon = () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    return sendBeacon;
  };

  it('is not sent again when the server counted it while rendering the page, but later views are', () => {
    const sendBeacon = beacon();
    document.head.innerHTML = `<meta name="${VIEW_COUNTED_META}" content="${ID}">`;
    recordListingView(ID);
    expect(sendBeacon).not.toHaveBeenCalled();
    recordListingView(ID);
    expect(sendBeacon).toHaveBeenCalledWith('/api/leads', JSON.stringify({ listingId: ID, kind: 'view' }));
  });

  it('is sent for a listing reached after a server-rendered page of another', () => {
    const sendBeacon = beacon();
    document.head.innerHTML = `<meta name="${VIEW_COUNTED_META}" content="another">`;
    recordListingView(ID);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
