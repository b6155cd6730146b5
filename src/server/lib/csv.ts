/** A cell a spreadsheet could run as a formula: it starts with = + - @ (or a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number or a plain number ('+254 712 345 678', '-5'): digits, spaces and ( ) . -
 * after an optional sign. It cannot call a function or reach another cell, so it is left as
 * it is rather than shown with an apostrophe.
 */
const PHONE_OR_NUMBER = /^[+-]?\d[\d\s().-]*$/;

/** One CSV cell: quoted when needed, and a formula-like start defused so a spreadsheet never runs it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join(' ') : String(value);
  if (FORMULA_START.test(text) && !PHONE_OR_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
