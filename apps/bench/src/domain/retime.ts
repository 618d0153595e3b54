// A seeded record replayed now reads in order: its entries keep their spacing, moved so that the
// last of them falls a minute before now, and whatever is entered next comes after them. Times
// are wall-clock 'HH:MM'; only the times change, never what was recorded.

import type { MeetingEvent } from './state.ts';

const minutesOf = (at: string): number => {
  const [hours, minutes] = at.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
const pad = (n: number): string => String(n).padStart(2, '0');
const clockOf = (total: number): string => {
  const day = ((total % 1440) + 1440) % 1440;
  return `${pad(Math.floor(day / 60))}:${pad(day % 60)}`;
};

export function retimed(events: readonly MeetingEvent[], now: Date): MeetingEvent[] {
  const last = events.at(-1);
  if (!last) return [];
  const shift = now.getHours() * 60 + now.getMinutes() - 1 - minutesOf(last.at);
  return events.map((event) => ({ ...event, at: clockOf(minutesOf(event.at) + shift) }));
}

/** The wall-clock time of `date` as an entry is timed, 'HH:MM'. */
export const clockAt = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
