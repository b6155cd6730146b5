import { BackupError } from './archive';
import type { ColumnKind } from './catalog';

export interface CopyColumn {
  name: string;
  kind: ColumnKind;
}

/**
 * Rows as the archive holds them (`row_to_json` lines) in COPY's text format, for the
 * columns given: a row's missing key is NULL and keys of no column are left out, as
 * `json_populate_recordset` did. Numbers keep their exact digits, json values their exact
 * text: each value is cut from the line as written rather than parsed and printed again.
 */
export function copyText(lines: readonly string[], columns: readonly CopyColumn[], entry: string): string {
  const index = new Map(columns.map((column, i) => [column.name, i]));
  const out: string[] = [];
  const fields: string[] = new Array(columns.length);
  for (const line of lines) {
    fields.fill(NULL_FIELD);
    try {
      eachTopLevelValue(line, (key, raw) => {
        const at = index.get(key);
        if (at !== undefined) fields[at] = copyField(raw, (columns[at] as CopyColumn).kind);
      });
    } catch (error) {
      if (error instanceof SyntaxError) throw new BackupError(`${entry} in the archive is damaged.`);
      throw error;
    }
    out.push(fields.join('\t'));
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

const NULL_FIELD = '\\N';

/** COPY text format: backslash, newline, carriage return and tab are written as escapes. */
const NEEDS_COPY_ESCAPE = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
export function copyEscape(text: string): string {
  return NEEDS_COPY_ESCAPE.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] as string) : text;
}

/** One JSON value (its text as in the line) as a COPY field for a column of that kind. */
function copyField(raw: string, kind: ColumnKind): string {
  if (raw === 'null') return NULL_FIELD;
  if (kind === 'json') return copyEscape(raw);
  const first = raw.charCodeAt(0);
  if (first === QUOTE) return copyEscape(jsonString(raw));
  if (first === OPEN_BRACKET && kind === 'array') return copyEscape(arrayLiteral(JSON.parse(raw) as unknown[]));
  // Numbers, true and false as written; an object or array for another type as its JSON text.
  return copyEscape(raw);
}

/** A JSON array as a PostgreSQL array literal: every element quoted, so any text survives. */
function arrayLiteral(items: unknown[]): string {
  const parts = items.map((item) => {
    if (item === null) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = typeof item === 'string' ? item : JSON.stringify(item);
    return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  });
  return `{${parts.join(',')}}`;
}

/** A JSON string's value; most need no decoding beyond dropping the quotes. */
function jsonString(raw: string): string {
  return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
}

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Calls `each` with every key of a JSON object and the text of its value; SyntaxError when it is not one. */
function eachTopLevelValue(line: string, each: (key: string, raw: string) => void): void {
  let i = skipSpace(line, 0);
  if (line.charCodeAt(i) !== OPEN_BRACE) throw new SyntaxError('not an object');
  i = skipSpace(line, i + 1);
  if (line.charCodeAt(i) === CLOSE_BRACE) {
    expectEnd(line, i + 1);
    return;
  }
  for (;;) {
    if (line.charCodeAt(i) !== QUOTE) throw new SyntaxError('a key is not a string');
    const keyEnd = stringEnd(line, i);
    const key = jsonString(line.slice(i, keyEnd));
    i = skipSpace(line, keyEnd);
    if (line.charCodeAt(i) !== COLON) throw new SyntaxError('no colon after a key');
    const start = skipSpace(line, i + 1);
    const end = valueEnd(line, start);
    each(key, line.slice(start, end));
    i = skipSpace(line, end);
    const next = line.charCodeAt(i);
    if (next === CLOSE_BRACE) {
      expectEnd(line, i + 1);
      return;
    }
    if (next !== COMMA) throw new SyntaxError('no comma between values');
    i = skipSpace(line, i + 1);
  }
}

function expectEnd(line: string, i: number): void {
  if (skipSpace(line, i) !== line.length) throw new SyntaxError('text after the object');
}

function skipSpace(line: string, i: number): number {
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  return i;
}

/** Where the string starting at `start` (its opening quote) ends: just past its closing quote. */
function stringEnd(line: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = line.indexOf('"', i);
    if (quote < 0) throw new SyntaxError('unterminated string');
    let backslashes = 0;
    while (line.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Where the value starting at `start` ends. Checked strictly where it matters: strings and nesting. */
function valueEnd(line: string, start: number): number {
  const first = line.charCodeAt(start);
  if (first === QUOTE) return stringEnd(line, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    const closers: number[] = [];
    let i = start;
    while (i < line.length) {
      const c = line.charCodeAt(i);
      if (c === QUOTE) {
        i = stringEnd(line, i);
        continue;
      }
      if (c === OPEN_BRACE) closers.push(CLOSE_BRACE);
      else if (c === OPEN_BRACKET) closers.push(CLOSE_BRACKET);
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (closers.pop() !== c) throw new SyntaxError('unbalanced brackets');
        if (closers.length === 0) return i + 1;
      }
      i++;
    }
    throw new SyntaxError('unterminated value');
  }
  // A number, true, false or null: up to the next comma, brace or space.
  let i = start;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || isSpace(c)) break;
    i++;
  }
  const literal = line.slice(start, i);
  if (!/^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/.test(literal)) {
    throw new SyntaxError('not a JSON value');
  }
  return i;
}
