import { SITES } from '@warrant/config';
import type { BridgeRejection } from '@warrant/webmcp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskRow } from '../desk-runtime.ts';
import { FORGED_ROWS_PER_MINUTE, forgedRecorder, forgedRow } from './forged-record.ts';

const rejection = (fields: Partial<BridgeRejection> = {}): BridgeRejection => ({
  code: 'WRONG_VERSION',
  message: 'Only version 1 is understood.',
  origin: SITES.desk.origin,
  ...fields,
});

afterEach(() => vi.useRealTimers());

describe('a forged bridge message on the ledger', () => {
  it('is the agent’s, on channel bridge, refused, with what it claimed in the detail', () => {
    expect(forgedRow(rejection({ id: 'f1', verb: 'commit_plan' }))).toEqual({
      actor: 'agent',
      channel: 'bridge',
      event: 'bridge_forged',
      from: '',
      to: 'desk',
      verb: 'commit_plan',
      policy: 'not_applicable',
      status: 'refused',
      detail: `code=WRONG_VERSION origin=${SITES.desk.origin} id=f1 reason="Only version 1 is understood."`,
    });
  });

  it('keeps a verb that is no ledger token out of the token fields', () => {
    const row = forgedRow(rejection({ code: 'WRONG_SOURCE', origin: 'null', verb: '_hidden', id: 'a b' }));
    expect(row).toMatchObject({ verb: '' });
    expect(row.detail).toBe(
      'code=WRONG_SOURCE origin=null id="a b" claimed_verb=_hidden reason="Only version 1 is understood."',
    );
  });

  it('records the first message from a source, counts its repeats, and says how many in one row at the minute’s end', () => {
    vi.useFakeTimers();
    const rows: DeskRow[] = [];
    const record = forgedRecorder((row) => rows.push(row), { now: () => Date.now() });
    // A foreign page in a partner frame posting again and again, and a second window of the same origin.
    const frame = {};
    const other = {};
    for (let i = 0; i < 50; i += 1) record(rejection({ id: i, origin: 'http://foreign.test' }), frame);
    record(rejection({ id: 'o1', origin: 'http://foreign.test' }), other);
    record(rejection({ id: 'o2', origin: 'http://foreign.test' }), other);
    // Refused another way, the same window's message is a row of its own.
    record(rejection({ id: 'k1', origin: 'http://foreign.test', code: 'WRONG_KIND' }), frame);
    expect(rows.map((row) => /id=(\w+)/.exec(row.detail ?? '')?.[1])).toEqual(['0', 'o1', 'k1']);
    vi.advanceTimersByTime(60_000);
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)).toMatchObject({
      event: 'bridge_forged',
      status: 'refused',
      detail: expect.stringMatching(/^unrecorded=50 repeats=50 /),
    });
    // Nothing more came: no further summary.
    vi.advanceTimersByTime(120_000);
    expect(rows).toHaveLength(4);
    // The same source later is still counted, not recorded again.
    record(rejection({ id: 'again', origin: 'http://foreign.test' }), frame);
    expect(rows).toHaveLength(4);
    record.dispose();
    expect(rows.at(-1)?.detail).toMatch(/^unrecorded=1 repeats=1 /);
  });

  it('records so many new sources a minute one by one, then counts the rest and says how many at the minute’s end', () => {
    vi.useFakeTimers();
    const rows: DeskRow[] = [];
    const record = forgedRecorder((row) => rows.push(row), { now: () => Date.now() });
    for (let i = 0; i < FORGED_ROWS_PER_MINUTE + 5; i += 1)
      record(rejection({ id: i, origin: `http://site-${i}.test` }));
    expect(rows).toHaveLength(FORGED_ROWS_PER_MINUTE);
    vi.advanceTimersByTime(60_000);
    expect(rows).toHaveLength(FORGED_ROWS_PER_MINUTE + 1);
    expect(rows.at(-1)?.detail).toMatch(/^unrecorded=5 new_sources=5 /);
    // A new minute records a new source one by one again.
    record(rejection({ id: 'next', origin: 'http://next.test' }));
    expect(rows.at(-1)?.detail).toContain('id=next');
    record.dispose();
  });
});
