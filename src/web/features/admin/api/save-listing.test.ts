import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newFormKey } from './save-listing';

describe('newFormKey', () => {
  it('makes a new UUID each time, one the server takes as a form key', () => {
    const keys = Array.from({ length: 100 }, newFormKey);
    for (const key of keys) expect(z.uuid().safeParse(key).success, key).toBe(true);
    expect(new Set(keys).size).toBe(100);
  });
});
