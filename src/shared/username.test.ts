import { describe, expect, it } from 'vitest';
import { normaliseUsername } from './username';

describe('normaliseUsername', () => {
  it.each([
    ['amina', 'amina'],
    ['  Amina ', 'amina'],
    ['AMINA.YUSUF_2-x', 'amina.yusuf_2-x'],
    ['ｓｅｃｖｉｅｗｅｒ', 'secviewer'], // full-width letters fold to ASCII
    ['\u212Aamal', 'kamal'], // the Kelvin sign is a K
    ['a'.repeat(50), 'a'.repeat(50)],
  ])('%j → %j', (raw, normal) => {
    expect(normaliseUsername(raw)).toBe(normal);
  });

  it.each([
    ['secvİewer'], // İ lowercases to i + a combining dot
    ['secvıewer'], // dotless i
    ['nеw'], // Cyrillic е
    ['ab'],
    ['a'.repeat(51)],
    ['sec viewer'],
    ['sec\u0000viewer'],
    ['sec/viewer'],
    [''],
  ])('%j is not a username', (raw) => {
    expect(normaliseUsername(raw)).toBeNull();
  });
});
