import { describe, expect, it } from 'vitest';
import { changedFields } from './audit';

describe('changedFields', () => {
  it('names each field that differs, before and after; null when none does', () => {
    const before: { title: string; price: number; image_urls: string[]; location: string | null } = {
      title: 'Phone',
      price: 100,
      image_urls: ['/a.webp'],
      location: null,
    };
    const after = { title: 'Phone', price: 120, image_urls: ['/a.webp', '/b.webp'], location: 'Eastleigh' };
    expect(changedFields(before, after)).toEqual({
      price: { from: 100, to: 120 },
      image_urls: { from: ['/a.webp'], to: ['/a.webp', '/b.webp'] },
      location: { from: null, to: 'Eastleigh' },
    });
    expect(changedFields(before, after, ['title', 'price'])).toEqual({ price: { from: 100, to: 120 } });
    expect(changedFields(before, { ...before })).toBeNull();
  });
});
