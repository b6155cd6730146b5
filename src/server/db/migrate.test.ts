import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate';

describe('splitStatements', () => {
  it('splits on semicolons outside strings, comments and dollar quotes', () => {
    const sql = `-- a comment; not a split
CREATE TABLE a (x text DEFAULT 'semi;colon');
CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;
SELECT 'it''s; fine'`;
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (x text DEFAULT 'semi;colon')",
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql',
      "SELECT 'it''s; fine'",
    ]);
  });
});
