// A message that claimed to be for the bridge and was not answered (another window's, another
// origin's, a malformed or forged envelope) becomes a ledger row: the agent's, on channel bridge,
// refused, event bridge_forged. Any frame can post to the desk, and a foreign page loaded in a
// partner frame may post over and over, so the ledger hears each source (its origin and window)
// once for each way its messages were refused (a wrong version and an unknown verb from one window
// tell different stories): that first message is a row, the later ones are counted. New sources are bounded too (so
// many a minute). The ledger is append-only, so a first row cannot be updated with a count: what
// was counted is said in one summary row at the end of the minute in which counting began (and
// when the page goes away). At most one row a minute for all the noise, however many sources
// repeat, and nothing written in a quiet minute: simpler than thresholds, and as bounded.
import { hopDetail } from '@warrant/broker';
import type { BridgeRejection } from '@warrant/webmcp';
import type { DeskRow } from '../desk-runtime.ts';

export const FORGED_ROWS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
// The ledger's token field: a verb the bridge read may still not be one (it may start with "_").
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,127}$/;

export function forgedRow(rejection: BridgeRejection): DeskRow {
  const verb = rejection.verb !== undefined && TOKEN.test(rejection.verb) ? rejection.verb : '';
  return {
    actor: 'agent',
    channel: 'bridge',
    event: 'bridge_forged',
    // The sender is known only by the origin the browser stated, which the detail carries.
    from: '',
    to: 'desk',
    verb,
    policy: 'not_applicable',
    status: 'refused',
    detail: hopDetail({
      code: rejection.code,
      origin: rejection.origin.slice(0, 200),
      id: rejection.id === undefined ? undefined : String(rejection.id),
      claimed_verb: rejection.verb !== undefined && verb === '' ? rejection.verb : undefined,
      reason: rejection.message,
    }),
  };
}

/** Where a message came from, as far as the page can tell: the window that posted it, when known. */
export type ForgedSource = object | null;

export interface ForgedRecorder {
  (rejection: BridgeRejection, source?: ForgedSource): void;
  dispose(): void;
}

/** How many sources are remembered; past it the memory starts again (a source then gets one more row). */
const SOURCES_REMEMBERED = 1000;

export function forgedRecorder(
  record: (row: DeskRow) => void,
  options: { readonly perMinute?: number; readonly now?: () => number } = {},
): ForgedRecorder {
  const limit = options.perMinute ?? FORGED_ROWS_PER_MINUTE;
  const now = options.now ?? Date.now;
  // A window has no name a page can read; each one seen gets a number, held weakly.
  const windowNumbers = new WeakMap<object, number>();
  let windowsSeen = 0;
  const sourceKey = ({ origin, code }: BridgeRejection, source: ForgedSource | undefined): string => {
    if (source === null || source === undefined) return `${code} ${origin} -`;
    let number = windowNumbers.get(source);
    if (number === undefined) {
      windowsSeen += 1;
      number = windowsSeen;
      windowNumbers.set(source, number);
    }
    return `${code} ${origin} ${number}`;
  };
  const recordedSources = new Set<string>();
  let windowStart = -Infinity;
  let recorded = 0;
  let repeats = 0;
  let newSources = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const summarise = (): void => {
    timer = null;
    const unrecorded = repeats + newSources;
    if (unrecorded === 0) return;
    record({
      actor: 'agent',
      channel: 'bridge',
      event: 'bridge_forged',
      to: 'desk',
      policy: 'not_applicable',
      status: 'refused',
      detail: hopDetail({
        unrecorded,
        repeats: repeats || undefined,
        new_sources: newSources || undefined,
        reason: `unanswered bridge messages counted, not recorded one by one: ${repeats} from sources already recorded, ${newSources} from new sources past ${limit} a minute`,
      }),
    });
    repeats = 0;
    newSources = 0;
  };
  const count = (at: number): void => {
    timer ??= setTimeout(summarise, Math.max(0, windowStart + MINUTE_MS - at));
  };
  const recorder = ((rejection: BridgeRejection, source?: ForgedSource): void => {
    const at = now();
    if (at - windowStart >= MINUTE_MS) {
      windowStart = at;
      recorded = 0;
    }
    const key = sourceKey(rejection, source);
    if (recordedSources.has(key)) {
      repeats += 1;
      count(at);
      return;
    }
    if (recorded < limit) {
      recorded += 1;
      if (recordedSources.size >= SOURCES_REMEMBERED) recordedSources.clear();
      recordedSources.add(key);
      record(forgedRow(rejection));
      return;
    }
    newSources += 1;
    count(at);
  }) as ForgedRecorder;
  recorder.dispose = () => {
    if (timer) clearTimeout(timer);
    summarise();
  };
  return recorder;
}
