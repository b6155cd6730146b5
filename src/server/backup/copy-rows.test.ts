import { describe, expect, it } from 'vitest';
import { BackupError } from './archive';
import { type CopyColumn, copyText } from './copy-rows';

const columns: CopyColumn[] = [
  { name: 'id', kind: 'scalar' },
  { name: 'title', kind: 'scalar' },
  { name: 'urls', kind: 'array' },
  { name: 'settings', kind: 'json' },
  { name: 'price', kind: 'scalar' },
];
const line = (row: Record<string, unknown>) => JSON.stringify(row);

describe('copyText', () => {
  it('writes tabs, new lines, carriage returns and backslashes as escapes, and NULL as \\N', () => {
    const text = copyText(
      [line({ id: 1, title: 'a\tb\nc\r\nd \\ e \\N', urls: null, settings: null, price: null })],
      columns,
      'entry',
    );
    expect(text).toBe('1\ta\\tb\\nc\\r\\nd \\\\ e \\\\N\t\\N\t\\N\t\\N\n');
  });

  it('keeps numbers and json text exactly as written, spaces and digits included', () => {
    const raw = '{"id": 12345678901234567890.123456789, "settings": {"a": [1.10, "x\\ty"],  "b": null}, "price":1e-20}';
    expect(copyText([raw], columns, 'entry')).toBe(
      '12345678901234567890.123456789\t\\N\t\\N\t{"a": [1.10, "x\\\\ty"],  "b": null}\t1e-20\n',
    );
  });

  it('writes arrays as PostgreSQL array literals, every element quoted', () => {
    const urls = ['', 'NULL', 'a,b', '{c}', 'say "hi"', 'back\\slash', 'tab\there', null];
    expect(copyText([line({ urls })], columns, 'entry')).toBe(
      '\\N\t\\N\t{"","NULL","a,b","{c}","say \\\\"hi\\\\"","back\\\\\\\\slash","tab\\there",NULL}\t\\N\t\\N\n',
    );
    expect(copyText([line({ urls: [] })], columns, 'entry')).toBe('\\N\t\\N\t{}\t\\N\t\\N\n');
  });

  it('leaves out keys of no column and writes NULL for a missing one; escaped keys are read', () => {
    expect(copyText(['{"unknown":"x","ti\\u0074le":"\\u00fc \\"q\\""}'], columns, 'entry')).toBe(
      '\\N\tü "q"\t\\N\t\\N\t\\N\n',
    );
  });

  it.each([
    ['not an object', '[1,2]'],
    ['cut off', '{"id": 1, "title": "abc'],
    ['unbalanced', '{"settings": {"a": [1}}'],
    ['a bare word', '{"id": nope}'],
    ['text after it', '{"id": 1} {"id": 2}'],
    ['an array that is not JSON', '{"urls": [1,]}'],
  ])('refuses a line that is %s', (_name, raw) => {
    expect(() => copyText([raw], columns, 'database/listings/000001.ndjson')).toThrow(
      new BackupError('database/listings/000001.ndjson in the archive is damaged.'),
    );
  });
});
