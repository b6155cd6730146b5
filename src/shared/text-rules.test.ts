import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from './text-rules';

describe('hasForbiddenCharacters', () => {
  it.each([
    ['plain text', 'Samsung Galaxy A54', false, false],
    ['Somali and other scripts', 'Ganacsi iib ah — جيد 👍🏾', false, false],
    ['NUL', 'a\u0000b', true, true],
    ['a C0 control', 'a\u0001b', true, true],
    ['escape', 'a\u001bb', true, true],
    ['DEL', 'a\u007fb', true, true],
    ['a C1 control (NEL)', 'a\u0085b', true, true],
    ['a lone high surrogate', 'a\ud800b', true, true],
    ['a lone low surrogate', 'a\udc00b', true, true],
    ['newline', 'one\ntwo', true, false],
    ['carriage return and newline', 'one\r\ntwo', true, false],
    ['tab', 'one\ttwo', true, false],
    ['vertical tab', 'one\u000btwo', true, true],
  ])('%s: single line %s, multi-line %s', (_name, value, singleLine, multiLine) => {
    expect(hasForbiddenCharacters(value)).toBe(singleLine);
    expect(hasForbiddenCharacters(value, { multiline: true })).toBe(multiLine);
  });
});
