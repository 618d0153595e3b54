import { jsonLogFormat, type LogFormat } from '@warrant/ledger';
import { refusal } from '@warrant/surface';
import { CHAIR_ACT_TYPES } from './domain/chair-acts.ts';
import { MEMBER_ACT_TYPES } from './domain/member-acts.ts';
import { TOOL_NAMES } from './domain/rulebook.ts';
import { namedBylawsProblem } from './domain/bylaws/named.ts';
import { BYLAWS_FILES } from './domain/bylaws/registry.ts';
import type { MeetingEvent } from './domain/state.ts';

// How a meeting's entries are kept in the shared append-only log. Each entry is chained by the
// log (SHA-256 over the previous head and the entry's JSON); on top of that an entry is sealed
// only at the position it was decided for, directly after the entry it was decided on, so a tab
// that missed another tab's writes can never splice its entry onto a record it did not see.

/** What the meeting appends: the entry, and the chain head it was decided after (null: the first entries of a new record). */
export interface MeetingDraft {
  readonly event: MeetingEvent;
  readonly after: string | null;
}

const EVENT_TYPES: ReadonlySet<string> = new Set([
  ...TOOL_NAMES,
  ...CHAIR_ACT_TYPES,
  ...MEMBER_ACT_TYPES,
  'name_bylaws',
]);
/** No board the bench knows is larger: a count above it is no meeting's (the meeting's own board is checked as the act is judged). */
const LARGEST_BOARD = Math.max(...BYLAWS_FILES.map((file) => file.boardSize));
const ACTORS: ReadonlySet<string> = new Set(['agent', 'clerk', 'chair', 'member']);

/** Why a stored value is not a meeting entry, or null when it is one (in this browser's log and on the bench's server). */
export function entryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'it is not an entry';
  const event = value as Record<string, unknown>;
  if (!Number.isSafeInteger(event['seq'])) return 'it has no entry number';
  if (typeof event['at'] !== 'string') return 'it has no time';
  if (!ACTORS.has(event['actor'] as string)) return 'it names no one who may make an entry';
  if (!EVENT_TYPES.has(event['type'] as string)) return 'it is not an act the bench knows';
  const payload = event['payload'];
  if (typeof payload !== 'object' || payload === null) return 'it has no content';
  // Attendance decides what is in order: a count no board could have is not folded.
  if (event['type'] === 'set_members_present') {
    const present = (payload as { present?: unknown }).present;
    if (!Number.isSafeInteger(present) || (present as number) < 0 || (present as number) > LARGEST_BOARD)
      return `it counts ${String(present)} members present, more than any board the bench knows (${LARGEST_BOARD})`;
  }
  // The bylaws decide the quorum: named only by a meeting's first entry, and only as a file this
  // bench holds, unchanged.
  if (event['type'] === 'name_bylaws') {
    if (event['seq'] !== 1) return 'it names the bylaws after the meeting began';
    return namedBylawsProblem(payload);
  }
  return null;
}

export function meetingLogFormat(): LogFormat<MeetingDraft, MeetingEvent> {
  const json = jsonLogFormat<MeetingEvent>(entryProblem);
  return {
    seal(draft, at) {
      if (draft.event.seq !== at.seq || (draft.after !== null && draft.after !== at.prev)) {
        return refusal(
          'STALE_TAB',
          'The minute book was changed in another tab or window after this entry was decided. Nothing was recorded: catch up, decide again on what is now the record, then retry.',
          { seq: draft.event.seq, storedSeq: at.seq - 1 },
        );
      }
      return json.seal(draft.event, at);
    },
    read(value, at) {
      const seq = typeof value === 'object' && value !== null ? (value as { seq?: unknown }).seq : undefined;
      if (seq !== at.seq) return { ok: false, reason: `the entry stored at position ${at.seq} is not entry ${at.seq}` };
      return json.read(value, at);
    },
  };
}
