import { describe, expect, it } from 'vitest';
import { fitWithin } from './resize-image';

describe('fitWithin 1200 × 800', () => {
  it.each([
    [4000, 3000, 1067, 800],
    [3000, 1000, 1200, 400],
    [800, 600, 800, 600],
    [1200, 800, 1200, 800],
    [10000, 10, 1200, 1],
  ])('%i × %i → %i × %i', (w, h, ew, eh) => {
    expect(fitWithin(w, h)).toEqual({ width: ew, height: eh });
  });
});
