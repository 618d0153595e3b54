// A plan in a dispatcher's words: each step as one sentence that says which partner, what, how many
// and when ("Hold 1 family room for tonight at the shelter"). Written once, for two readers: the
// approval page on another device, which the desk's server renders from the plan it holds (never
// from a page), and the approval card on the desk's own page. A tool the desk has no sentence for
// is still said, plainly, with every argument it carries, so nothing of a step can hide behind a
// sentence.
import type { PlanStep, PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';

type Step = PlanSubstance['steps'][number];
type Args = Readonly<Record<string, unknown>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "5 parcels", "1 parcel": the count as given, the noun plural unless it is 1. */
function howMany(count: unknown, one: string, many: string): string {
  return `${text(count)} ${count === 1 ? one : many}`;
}

/** A kind as words: family_room is "family room". */
function kind(value: unknown): string {
  return text(value).replaceAll('_', ' ');
}

/** A calendar day (YYYY-MM-DD) against the server's own today: "today", "tomorrow", or "Monday 7 December". */
function day(value: unknown, today: Date): { readonly offset: number | null; readonly words: string } {
  if (typeof value !== 'string' || !DAY.test(value)) return { offset: null, words: text(value) };
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  const then = new Date(year, month - 1, date);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const offset = Math.round((then.getTime() - start.getTime()) / 86_400_000);
  if (offset === 0) return { offset, words: 'today' };
  if (offset === 1) return { offset, words: 'tomorrow' };
  return { offset, words: then.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' }) };
}

function night(value: unknown, today: Date): string {
  const when = day(value, today);
  if (when.offset === 0) return 'tonight';
  if (when.offset === 1) return 'tomorrow night';
  return `the night of ${when.words}`;
}

/** The sentence for each write tool a partner of this desk offers, by tool name. */
const SENTENCES: Readonly<Record<string, (args: Args, at: string, today: Date) => string>> = {
  reserve_parcels: (args, at, today) =>
    `Reserve ${howMany(args['count'], `${kind(args['kind'])} parcel`, `${kind(args['kind'])} parcels`)}${
      args['dietary'] === undefined ? '' : ` (${kind(args['dietary'])})`
    } at ${at}, to be picked up by ${day(args['pickup_by'], today).words}`,
  hold_beds: (args, at, today) =>
    `Hold ${howMany(args['count'], kind(args['kind']), `${kind(args['kind'])}s`)} for ${night(args['night'], today)} at ${at}`,
  book_ride: (args, at) =>
    `Book ${howMany(args['seats'], 'seat', 'seats')} from ${text(args['from'])} to ${text(args['to'])} in the ${text(args['window'])} window with ${at}`,
  reserve_cold_slot: (args, at, today) =>
    `Keep ${text(args['quantity'])} of ${text(args['item'])} cold in unit ${text(args['unit'])} until ${day(args['until'], today).words} at ${at}`,
  book_wash_slot: (args, at, today) =>
    `Book ${howMany(args['loads'], 'wash load', 'wash loads')} ${day(args['day'], today).words}, ${text(args['window'])}, at ${at}`,
};

/** The partner a step goes to, as a sentence names it: "the shelter". */
function partnerAt(origin: string): string {
  const site = Object.values(SITES).find((candidate) => candidate.origin === origin);
  return site ? `the ${site.title.toLowerCase()}` : origin;
}

/** The same, for a step that names its partner (the page's plan) rather than its origin (the digested substance). */
function partnerNamed(partner: string): string {
  const site = (SITES as Readonly<Partial<Record<string, { readonly title: string }>>>)[partner];
  return site ? `the ${site.title.toLowerCase()}` : partner;
}

/** Every argument of a step, as words, for a tool the desk has no sentence for. */
function plainly(step: Pick<Step, 'tool' | 'args'>, at: string): string {
  const args = Object.entries(step.args)
    .map(([name, value]) => `${name.replaceAll('_', ' ')} ${text(value)}`)
    .join(', ');
  return `${step.tool.replaceAll('_', ' ')} at ${at}${args ? ` (${args})` : ''}`;
}

/** Whether a sentence says every argument the step carries; otherwise the plain form is used. */
const SAID: Readonly<Record<string, readonly string[]>> = {
  reserve_parcels: ['kind', 'count', 'dietary', 'pickup_by'],
  hold_beds: ['kind', 'count', 'night'],
  book_ride: ['window', 'seats', 'from', 'to'],
  reserve_cold_slot: ['unit', 'item', 'quantity', 'until'],
  book_wash_slot: ['day', 'window', 'loads'],
};

function inWords(step: Pick<Step, 'tool' | 'args'>, at: string, today: Date): string {
  const sentence = SENTENCES[step.tool];
  const said = SAID[step.tool] ?? [];
  const unsaid = Object.keys(step.args).some((name) => !said.includes(name));
  return sentence && !unsaid ? sentence(step.args, at, today) : plainly(step, at);
}

/** A step of the digested substance (its partner by origin), as the approval page on another device says it. */
export function stepInWords(step: Step, today: Date = new Date()): string {
  return inWords(step, partnerAt(step.origin), today);
}

/** A step of the page's plan (its partner by name), as the approval card says it: the same sentence. */
export function planStepInWords(step: PlanStep, today: Date = new Date()): string {
  return inWords(step, partnerNamed(step.partner), today);
}

export function planInWords(plan: PlanSubstance, today: Date = new Date()): string[] {
  return plan.steps.map((step) => stepInWords(step, today));
}
