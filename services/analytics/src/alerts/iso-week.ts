const DAY = 86_400_000;

/** An ISO 8601 week (Monday 00:00 UTC to the next Monday), named like 2026-W47. */
export interface IsoWeek {
  id: string;
  start: Date;
  end: Date;
}

/** The ISO week that contains `at`. */
export function isoWeekOf(at: Date): IsoWeek {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = day - weekday * DAY;
  // The week belongs to the year of its Thursday.
  const thursday = new Date(start + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return { id: `${year}-W${String(week).padStart(2, '0')}`, start: new Date(start), end: new Date(start + 7 * DAY) };
}

/** The last whole ISO week before `now`'s: the week a mail sent at `now` reports. */
export function previousIsoWeek(now: Date): IsoWeek {
  return isoWeekOf(new Date(isoWeekOf(now).start.getTime() - DAY));
}
