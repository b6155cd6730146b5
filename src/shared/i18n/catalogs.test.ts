import { describe, expect, it } from 'vitest';
import { createTranslator, type Messages } from '#shared/i18n';
import { en } from './en';
import { enPublic } from './en/public';
import { enStaff } from './en/staff';
import { ENGLISH_ONLY_NAMESPACES, readsTheSameInBothLanguages } from './same-in-both-languages';
import { so } from './so';
import { soPublic } from './so/public';
import { soStaff } from './so/staff';

/** Every leaf of a catalog as [dotted key, value]. */
function flatten(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join();

/** What is wrong with a catalog, measured against the English one. */
function catalogProblems(reference: unknown, catalog: unknown) {
  const english = new Map(flatten(reference));
  const entries = flatten(catalog);
  const keys = new Set(entries.map(([key]) => key));
  return {
    missing: [...english.keys()].filter((key) => !keys.has(key)),
    extra: [...keys].filter((key) => !english.has(key)),
    empty: entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key),
    placeholders: entries
      .filter(([key, value]) => english.has(key) && placeholders(value) !== placeholders(english.get(key)))
      .map(([key]) => key),
  };
}

const NO_PROBLEMS = { missing: [], extra: [], empty: [], placeholders: [] };

describe('the catalogs', () => {
  it.each([['en', en] as const, ['so', so] as const])(
    '%s has exactly the English keys, each with a text',
    (_, catalog) => {
      expect(catalogProblems(en, catalog)).toEqual(NO_PROBLEMS);
    },
  );

  it.each([['en', enPublic, enStaff] as const, ['so', soPublic, soStaff] as const])(
    '%s keeps its public and staff namespaces apart, every namespace in one of them',
    (_, publicPart, staffPart) => {
      const staff = Object.keys(staffPart);
      expect(Object.keys(publicPart).filter((namespace) => staff.includes(namespace))).toEqual([]);
      expect([...Object.keys(publicPart), ...staff].sort()).toEqual(Object.keys(en).sort());
    },
  );

  it('Somali translates every text, except the ones that read the same in both languages', () => {
    const english = new Map(flatten(en));
    const untranslated = flatten(so)
      .filter(([key]) => !ENGLISH_ONLY_NAMESPACES.includes(key.split('.')[0] ?? ''))
      .filter(([key, value]) => value === english.get(key) && !readsTheSameInBothLanguages(String(value)))
      .map(([key, value]) => `${key}: ${String(value)}`);
    expect(untranslated).toEqual([]);
  });

  it('the comparison catches a missing key, an extra key, an empty text and a lost placeholder', () => {
    const reference = { a: { one: 'One', two: 'Two {n}' }, b: 'Bee', c: 'Sea' };
    const broken = { a: { one: '  ', two: 'Laba' }, b: 'Shinni', d: 'Extra' };
    expect(catalogProblems(reference, broken)).toEqual({
      missing: ['c'],
      extra: ['d'],
      empty: ['a.one'],
      placeholders: ['a.two'],
    });
  });
});

describe('readsTheSameInBothLanguages', () => {
  it.each([
    ['KSH 50K-200K', true],
    ['10,000-25,000', true],
    ['4+', true],
    ['WhatsApp', true],
    ['Over KSH 5M', false],
    ['1+ years', false],
    ['Any', false],
  ])('%s → %s', (text, expected) => {
    expect(readsTheSameInBothLanguages(text)).toBe(expected);
  });
});

describe('createTranslator', () => {
  it('answers in Somali, fills placeholders and falls back to the key when nothing matches', () => {
    const catalog: Messages = so;
    expect(createTranslator('so')('common.states.tryAgain')).toBe(catalog.common.states.tryAgain);
    expect(createTranslator('en')('common.states.tryAgain')).toBe('Try Again');
    expect(createTranslator('so')('common.nope' as never)).toBe('common.nope');
  });
});
