/**
 * The weekly digest's schedule (docs/product.md#newsletter): off, or a day of the week and an
 * hour on the Nairobi clock (UTC+3 all year), set by admins in Site settings.
 */
export const DIGEST_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DigestDay = (typeof DIGEST_DAYS)[number];

export interface DigestSchedule {
  day: DigestDay | 'off';
  /** 0–23, Nairobi time. */
  hour: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

/**
 * The digest's slot to send at `now`: this Nairobi week's (Monday to Sunday) scheduled hour when
 * it has come, else null (also when the digest is off). A slot missed while the app was down
 * is still sent later the same week; last week's is not.
 */
export function dueDigestSlot(schedule: DigestSchedule, now: Date): Date | null {
  if (schedule.day === 'off') return null;
  const local = now.getTime() + NAIROBI_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  // getUTCDay on the shifted instant is the Nairobi weekday: 0 Sunday … 6 Saturday.
  const weekday = (new Date(local).getUTCDay() + 6) % 7;
  const weekStart = dayStart - weekday * DAY_MS;
  const slot = weekStart + DIGEST_DAYS.indexOf(schedule.day) * DAY_MS + schedule.hour * HOUR_MS - NAIROBI_OFFSET_MS;
  return slot <= now.getTime() ? new Date(slot) : null;
}
