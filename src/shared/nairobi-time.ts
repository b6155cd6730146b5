/**
 * Times as the Nairobi office reads and types them. East Africa Time is UTC+3 all year
 * (Kenya keeps no daylight saving), so a date and a time typed there name one instant.
 */
export const NAIROBI_UTC_OFFSET = '+03:00';
const OFFSET_MS = 3 * 60 * 60 * 1000;

/** The day an instant falls on in Nairobi, month from 1 (the calendar dates on public pages). */
export function nairobiCalendarDay(instant: Date): { year: number; month: number; day: number } {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** '2026-12-01' and '09:30' typed in Nairobi → the ISO instant '2026-12-01T06:30:00.000Z'; null if not a real time. */
export function nairobiInputToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}:00${NAIROBI_UTC_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date rolls 31 February over into March: a date that is not on the calendar is refused.
  return nairobiInputOf(instant.toISOString()).date === date ? instant.toISOString() : null;
}

/** An instant as Nairobi's date and time inputs show it: { date: '2026-12-01', time: '09:30' }. */
export function nairobiInputOf(iso: string): { date: string; time: string } {
  const local = new Date(new Date(iso).getTime() + OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** '1 Dec 2026, 09:30' on the Nairobi clock, as the staff area writes times. */
export function formatNairobiDateTime(iso: string): string {
  const { date, time } = nairobiInputOf(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day.format(new Date(`${date}T00:00:00Z`))}, ${time}`;
}
