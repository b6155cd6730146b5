import type { z } from 'zod';

/**
 * What a person can type into a text field. Control characters (NUL, escape, the C1 block)
 * never come from a keyboard, PostgreSQL refuses NUL outright, and lone UTF-16 surrogates
 * are not text at all; multi-line fields also take newline, carriage return and tab.
 */
// Cc: the C0 and C1 controls and DEL; Cs: a surrogate standing alone (a pair reads as one code point).
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export const INVALID_CHARACTERS_MESSAGE = 'common.errors.invalidCharacters';

/** Whether a value a person typed holds a character no keyboard makes. */
export function hasForbiddenCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** A single-line text field's string schema, refusing control characters (after its own checks, so after trim). */
export function singleLine<T extends z.ZodString>(schema: T): T {
  return schema.refine((v) => !hasForbiddenCharacters(v), INVALID_CHARACTERS_MESSAGE);
}

/** The same for a field that may span lines (descriptions, messages): newline and tab are text there. */
export function multiLine<T extends z.ZodString>(schema: T): T {
  return schema.refine((v) => !hasForbiddenCharacters(v, { multiline: true }), INVALID_CHARACTERS_MESSAGE);
}
