// An entry of the board's ledger (board-ledger.ts): what the server writes down for each act it
// records and for each editor enrolled, invited or removed. The server writes it: its number and
// time are the server's, who made the act is the signed-in editor whose page asked (the agent's
// acts on that editor's behalf), never a name a page sent. What the act did is the board's own
// words for it (its activity), so the exported record reads without the app.
import type { PeopleEvent } from '@warrant/people';
import type { Position } from '../api/position.ts';
import type { ActName, BoardAct } from '../domain/board-acts.ts';
import type { ActivityEntry } from '../domain/state.ts';

/** Acts the agent makes (through its tools, on an editor's page); every other act is the editor's own. */
const AGENT_ACTS: ReadonlySet<ActName> = new Set([
  'edit_scoped_fields',
  'request_scope_expansion',
  'submit_changes_for_review',
  'note_wait_ended',
  'note_refused',
]);

export interface EditorOnRecord {
  readonly id: string;
  readonly name: string;
}

interface EntryBase {
  readonly seq: number;
  readonly at: string;
}

/** An act the board decided and recorded at `place` in its book. */
export interface ActEntry extends EntryBase {
  readonly kind: 'act';
  readonly act: ActName;
  readonly actor: 'editor' | 'agent';
  readonly editor: EditorOnRecord;
  readonly asked: BoardAct;
  readonly place: Position;
  readonly activity: readonly Pick<ActivityEntry, 'actor' | 'type' | 'message'>[];
}

/** An editor enrolled, invited or removed (by: the editor who invited or removed; null for the operator's setup link). */
export interface EditorsEntry extends EntryBase {
  readonly kind: 'editors';
  readonly act: PeopleEvent['act'];
  readonly by: EditorOnRecord | null;
  readonly editor: { readonly id: string | null; readonly name: string };
}

export type BoardEntry = ActEntry | EditorsEntry;
/** An entry before the ledger numbers it. */
export type EntryDraft = Omit<ActEntry, 'seq'> | Omit<EditorsEntry, 'seq'>;

const onRecord = ({ id, name }: EditorOnRecord): EditorOnRecord => ({ id, name });

export function actEntry(
  asked: BoardAct,
  editor: EditorOnRecord,
  place: Position,
  added: readonly ActivityEntry[],
  at: string,
): EntryDraft {
  return {
    at,
    kind: 'act',
    act: asked.act,
    actor: AGENT_ACTS.has(asked.act) ? 'agent' : 'editor',
    editor: onRecord(editor),
    asked,
    place,
    activity: added.map(({ actor, type, message }) => ({ actor, type, message })),
  };
}

/** The entry of `event`; `inviter`: who invited an editor who enrolled (null: the operator's setup link). */
export function editorsEntry(event: PeopleEvent, inviter: EditorOnRecord | null, at: string): EntryDraft {
  switch (event.act) {
    case 'enrolled':
      return {
        at,
        kind: 'editors',
        act: 'enrolled',
        by: inviter && onRecord(inviter),
        editor: onRecord(event.person),
      };
    case 'invited':
      return { at, kind: 'editors', act: 'invited', by: onRecord(event.by), editor: { id: null, name: event.name } };
    case 'removed':
      return { at, kind: 'editors', act: 'removed', by: onRecord(event.by), editor: onRecord(event.person) };
  }
}

/** Why `value` is not an entry of the board's ledger, or null. */
export function entryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'an entry is a JSON object';
  const entry = value as Partial<BoardEntry>;
  if (typeof entry.seq !== 'number' || !Number.isInteger(entry.seq) || entry.seq < 1)
    return 'an entry has its number, from 1';
  if (typeof entry.at !== 'string') return 'an entry has its time';
  if (entry.kind !== 'act' && entry.kind !== 'editors') return 'an entry is an act or a change of editors';
  return null;
}
