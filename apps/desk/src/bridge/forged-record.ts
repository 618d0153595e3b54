// A message that claimed to be for the bridge and was not answered (another window's, another
// origin's, a malformed or forged envelope) becomes one ledger row: the agent's, on channel
// bridge, refused, event bridge_forged. Any frame can post to the desk, so the rows are bounded:
// past a number per minute the rest are counted, and one row at the minute's end says how many
// went unrecorded, one by one.
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

export interface ForgedRecorder {
  (rejection: BridgeRejection): void;
  dispose(): void;
}

export function forgedRecorder(record: (row: DeskRow) => void, options: { readonly perMinute?: number; readonly now?: () => number } = {}): ForgedRecorder {
  const limit = options.perMinute ?? FORGED_ROWS_PER_MINUTE;
  const now = options.now ?? Date.now;
  let windowStart = -Infinity;
  let recorded = 0;
  let unrecorded = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const summarise = (): void => {
    timer = null;
    if (unrecorded === 0) return;
    record({
      actor: 'agent',
      channel: 'bridge',
      event: 'bridge_forged',
      to: 'desk',
      policy: 'not_applicable',
      status: 'refused',
      detail: hopDetail({ unrecorded, reason: `more than ${limit} unanswered bridge messages in a minute; these were ignored and counted, not recorded one by one` }),
    });
    unrecorded = 0;
  };
  const recorder = ((rejection: BridgeRejection): void => {
    const at = now();
    if (at - windowStart >= MINUTE_MS) {
      windowStart = at;
      recorded = 0;
    }
    if (recorded < limit) {
      recorded += 1;
      record(forgedRow(rejection));
      return;
    }
    unrecorded += 1;
    timer ??= setTimeout(summarise, Math.max(0, windowStart + MINUTE_MS - at));
  }) as ForgedRecorder;
  recorder.dispose = () => {
    if (timer) clearTimeout(timer);
    summarise();
  };
  return recorder;
}
