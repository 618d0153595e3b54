// One call at the desk, as it is passed down every path the call takes: who made it, how it came
// in, the verb, and the ids it works under. Made once where a call enters (a verb row, a person's
// act, an approved plan's run) and handed explicitly to the broker and to every row the call
// records, so a hop is written on its own caller's channel however many calls are under way.
import type { RunContext } from '@warrant/surface';
import type { VerbName } from '../domain/verbs.ts';
import { whoCalled, type Who } from './who.ts';

export interface DeskCall extends Who {
  /** The desk verb the call is, or '' for an act that is no verb (a person's approval, a run). */
  readonly verb: VerbName | '';
  readonly request?: string;
  readonly lease?: string;
  readonly plan?: string;
  readonly approval?: string;
  /** The plan digest the approval is bound to. */
  readonly digest?: string;
  /** The caller's signal: the caller gave up, or the page is going away. */
  readonly signal?: AbortSignal;
}

/** The context of a verb's call, from what the kernel knows of its caller. */
export function verbCall(verb: VerbName, ctx: Pick<RunContext, 'caller' | 'channel' | 'signal'>): DeskCall {
  return { ...whoCalled(ctx.caller, ctx.channel), verb, signal: ctx.signal };
}

/** A person at the page's own controls: approving, rejecting, revoking. */
export const PERSON_AT_THE_PAGE: DeskCall = { actor: 'human', channel: 'ui', verb: '' };

/** The desk's own machinery, acting on no caller's behalf (an approval's time running out). */
export const THE_DESK_ITSELF: DeskCall = { actor: 'system', channel: 'ui', verb: '' };
