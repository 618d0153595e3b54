// A partner's data covers one week: seven calendar days from the day the site was seeded. Days
// are local calendar dates written YYYY-MM-DD, so "tonight" means tonight where the staff are.

/** Seven consecutive days, the first being the day the site was seeded. */
export interface Week {
  readonly days: readonly string[];
}

const DAYS_IN_WEEK = 7;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The local calendar date of an instant. */
export function isoDay(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

function parse(day: string): Date {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${day}`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function addDays(day: string, count: number): string {
  const date = parse(day);
  date.setDate(date.getDate() + count);
  return isoDay(date);
}

export function weekFrom(first: string): Week {
  return { days: Array.from({ length: DAYS_IN_WEEK }, (_, offset) => addDays(first, offset)) };
}

/** A week as a site's seed sees it: its days, and any day counted from the first (before it, too). */
export interface SeedCalendar extends Week {
  day(offset: number): string;
}

export function seedCalendar(first: string): SeedCalendar {
  return { ...weekFrom(first), day: (offset) => addDays(first, offset) };
}

/** 0 for Sunday to 6 for Saturday, as Date.getDay counts. */
export function weekdayOf(day: string): number {
  return parse(day).getDay();
}

// One formatter, made once: toLocaleDateString makes one per call, which a server answering a
// write in a few milliseconds can feel (a write's message names its day, sometimes twice).
const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

/** "Wed 3 Dec": how a day reads on a panel or in a message. */
export function dayLabel(day: string): string {
  return DAY_LABEL.format(parse(day));
}
