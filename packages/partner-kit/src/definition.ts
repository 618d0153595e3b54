// A partner site, declared: its seeded week, how an event changes its data, its notes, and its
// tools. Reads answer from state; a write decides (apply) and says what happened (an event and a
// result), and the kit does the rest the same way for every site: the idempotency key, the
// receipt, the execution signal checked before commit, the append to the log. Each site is this
// declaration and its panels; nothing else.
import type { Compensation } from '@warrant/broker';
import type { SiteName } from '@warrant/config';
import type { JsonSchema, ToolRefusal, ToolResult, Verdict } from '@warrant/surface';
import type { JsonObject } from './log-entry.ts';
import type { PartnerState } from './partner-state.ts';
import type { SeedCalendar } from './week.ts';

/** A free-text note written by a person: shown inert, returned to agents as untrusted content. */
export interface Note {
  readonly id: string;
  readonly author: string;
  readonly day: string;
  readonly text: string;
}

/** A note as a site seeds it: `day` counts from the day the site was seeded (0 = that day). */
export interface SeedNote extends Omit<Note, 'day'> {
  readonly day: number;
}

/** What every write takes besides its own arguments. */
export interface WriteEnvelope {
  readonly request: string;
  readonly idempotency_key: string;
}

/** A write's decision: the event to record, the result the caller gets (and the receipt digests). */
export interface Applied<E> {
  readonly ok: true;
  readonly event: E;
  readonly result: JsonObject;
  /** What happened, for a model and a person, including how to undo it. */
  readonly message: string;
}

export function applied<E>(event: E, result: JsonObject, message: string): Applied<E> {
  return { ok: true, event, result, message };
}

export interface ReadSpec<D, I> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** Returns text people wrote: registered with untrustedContentHint. */
  readonly untrusted?: boolean;
  inputSchema(state: PartnerState<D>): JsonSchema;
  answer(state: PartnerState<D>, input: I): ToolResult;
}

export interface WriteSpec<D, E, I> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The write's own arguments; the kit adds `request` and `idempotency_key`. */
  inputSchema(state: PartnerState<D>): JsonSchema;
  /**
   * The write of this site that undoes this one, and where its arguments come from (a field of
   * this write's `result`, or of its arguments). Published in the site's manifest: the desk undoes
   * a step of a failed plan through it, and this site accepts that undo only as exactly it.
   */
  readonly compensation?: Compensation;
  /** In order or not, from state alone: out of order, the tool is not registered at all. */
  verdict(state: PartnerState<D>): Verdict;
  /** Decides on validated input. A refusal changes nothing. */
  apply(state: PartnerState<D>, input: I & WriteEnvelope): Applied<E> | ToolRefusal;
}

/** A change the site's own staff make from its page. Not a tool: no agent can reach it. */
export interface StaffAct<D, E, I> {
  readonly name: string;
  readonly title: string;
  /**
   * It changes the week's stock (what the site can offer: parcels on the shelves, beds or windows
   * in service): a staff session is not enough, it takes the staff member's fresh passkey
   * assertion over the change (the server's statement of it). Every other staff act takes a
   * signed-in staff member.
   */
  readonly changesStock?: boolean;
  apply(
    state: PartnerState<D>,
    input: I,
  ): { readonly ok: true; readonly event: E; readonly summary: string } | ToolRefusal;
}

export interface PartnerDefinition<D, E> {
  /** The site's name in @warrant/config's registry (a partner). */
  readonly site: SiteName;
  /** The organisation that runs the site, as its staff name it. */
  readonly organisation: string;
  /** One line under the name: what the organisation offers. */
  readonly tagline: string;
  /**
   * The week's data as the site is seeded. Called only to open a new book (its result is kept in
   * the log), so a site may load its seed data here, on demand; the calendar names its days.
   */
  seed(calendar: SeedCalendar): D | Promise<D>;
  /** The one way data changes: an event from a write or a staff act. Pure. */
  reduce(domain: D, event: E): D;
  notes(domain: D): readonly Note[];
  // `never` as the input lets rows with different inputs share one list; each is handed only
  // input that passed its own schema.
  readonly reads: readonly ReadSpec<D, never>[];
  readonly writes: readonly WriteSpec<D, E, never>[];
  readonly staff: readonly StaffAct<D, E, never>[];
}

export function defineRead<D, I = Record<string, never>>(spec: ReadSpec<D, I>): ReadSpec<D, I> {
  return spec;
}

export function defineWrite<D, E, I>(spec: WriteSpec<D, E, I>): WriteSpec<D, E, I> {
  return spec;
}

export function defineStaffAct<D, E, I>(act: StaffAct<D, E, I>): StaffAct<D, E, I> {
  return act;
}

export function definePartner<D, E>(definition: PartnerDefinition<D, E>): PartnerDefinition<D, E> {
  return definition;
}
