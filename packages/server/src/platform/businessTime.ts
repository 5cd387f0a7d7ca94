/**
 * Business time is Asia/Shanghai (UTC+8, no daylight saving): the warehouse's day, the marketing counters' day, and
 * the dates printed on labels.
 */
export const BUSINESS_OFFSET_MS = 8 * 3600_000;

/** The moment the business day of `now` began (midnight Asia/Shanghai). */
export function businessDayStart(now: Date): Date {
  const local = now.getTime() + BUSINESS_OFFSET_MS;
  return new Date(local - (local % 86_400_000) - BUSINESS_OFFSET_MS);
}

/** y-m-d h:i:s in business time (SPEC §4's date format), as labels and manifests print it. */
export function businessDateTime(d: Date): string {
  return new Date(d.getTime() + BUSINESS_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
