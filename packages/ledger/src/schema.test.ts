import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { GENESIS } from './chain.ts';
import { ledgerCodec } from './codec.ts';
import { deskLedger, serialiseLedger, type LedgerRow } from './desk-ledger.ts';
import { openLedgerStore } from './ledger-store.ts';
import { defineLedgerSchema, type ChainedOf, type FieldDeclaration } from './schema.ts';

// The codec knows no ledger's fields: the desk's is one schema, and another schema gets the same
// byte-stable TSV, chain, verification and store. The desk's bytes are the ones it wrote before
// its fields were a schema passed in (the expected text below was written by that code).

describe("the desk's ledger, as a schema", () => {
  it('serialises to the same bytes as before, escapes and chains included', () => {
    const bodies = [
      {
        at: '2026-12-01T09:30:00.000Z',
        actor: 'human',
        channel: 'ui',
        event: 'verb_called',
        from: '',
        to: '',
        verb: 'intake_request',
        request: 'R-1',
        lease: '',
        plan: '',
        approval: '',
        digest: '',
        policy: 'allow',
        status: 'ok',
        detail: 'a request for 40 tins',
      },
      {
        at: '2026-12-01T09:31:02.123Z',
        actor: 'agent',
        channel: 'webmcp',
        event: 'tool_invoked',
        from: 'desk',
        to: 'pantry',
        verb: 'find_capacity',
        request: 'R-1',
        lease: 'L-7',
        plan: '',
        approval: '',
        digest: '',
        policy: 'allow',
        status: 'ok',
        detail: 'tool=list_parcel_stock shape=object\tnote="tab, line\nand back\\slash, \r, 😀 é"',
      },
      {
        at: '2026-12-01T09:40:59.999Z',
        actor: 'system',
        channel: 'scenario',
        event: 'plan_finished',
        from: 'desk',
        to: '',
        verb: '',
        request: 'R-1',
        lease: '',
        plan: 'P-3',
        approval: 'A-2',
        digest: 'ab'.repeat(32),
        policy: 'not_applicable',
        status: 'halted',
        detail: '',
      },
    ] as const;
    let prev = GENESIS;
    const rows: LedgerRow[] = bodies.map((body, index) => {
      const row = deskLedger.sealRow(prev, { seq: index + 1, ...body });
      prev = row.chain;
      return row;
    });
    expect(serialiseLedger(rows)).toBe(
      'seq\tat\tactor\tchannel\tevent\tfrom\tto\tverb\trequest\tlease\tplan\tapproval\tdigest\tpolicy\tstatus\tdetail\tchain\n' +
        '1\t2026-12-01T09:30:00.000Z\thuman\tui\tverb_called\t\t\tintake_request\tR-1\t\t\t\t\tallow\tok\ta request for 40 tins\t818b7af877aeed2ce514ec70041336862f17edd58927a656affef1d008ad4c56\n' +
        '2\t2026-12-01T09:31:02.123Z\tagent\twebmcp\ttool_invoked\tdesk\tpantry\tfind_capacity\tR-1\tL-7\t\t\t\tallow\tok\ttool=list_parcel_stock shape=object\\tnote="tab, line\\nand back\\\\slash, \\r, 😀 é"\t8292a50c0463361c6d9cacb795e326266edf8810a67bdc51318e9ad1c76b216d\n' +
        '3\t2026-12-01T09:40:59.999Z\tsystem\tscenario\tplan_finished\tdesk\t\t\tR-1\t\tP-3\tA-2\tabababababababababababababababababababababababababababababababab\tnot_applicable\thalted\t\t170b1c50de9d610cf60da5bddfcae129154ae3140ca24dfa511c53dbaf454852\n',
    );
  });
});

// A ledger of another kind: a cold room's readings, with its own vocabulary and free text.
const READINGS = defineLedgerSchema('cold-room', [
  { name: 'seq', kind: 'seq', given: 'sealed' },
  { name: 'at', kind: 'timestamp', given: 'optional' },
  { name: 'unit', kind: 'token', given: 'required' },
  { name: 'state', kind: 'enum', given: 'required', values: ['in_range', 'too_warm', 'door.open'] },
  { name: 'note', kind: 'text', given: 'optional' },
  { name: 'chain', kind: 'chain', given: 'sealed' },
]);
const readings = ledgerCodec(READINGS);

describe('a ledger of another schema', () => {
  const body = (
    seq: number,
    state: 'in_range' | 'too_warm' | 'door.open',
    note: string,
  ): ChainedOf<typeof READINGS> => ({ seq, at: `2026-12-01T0${seq}:00:00.000Z`, unit: 'CU-1', state, note });
  const rows = [
    body(1, 'in_range', ''),
    body(2, 'too_warm', '7.5 °C\tdoor left open\nby the night shift'),
    body(3, 'door.open', '\\'),
  ].reduce<ReturnType<typeof readings.sealRow>[]>(
    (sealed, next) => [...sealed, readings.sealRow(sealed.at(-1)?.chain ?? GENESIS, next)],
    [],
  );

  it('writes its own header and reads its own rows back, byte for byte', () => {
    const tsv = readings.serialise(rows);
    expect(tsv.split('\n')[0]).toBe('seq\tat\tunit\tstate\tnote\tchain');
    const parsed = readings.parse(tsv);
    expect(parsed).toEqual({ ok: true, rows });
    expect(readings.serialise(parsed.ok ? parsed.rows : [])).toBe(tsv);
    expect(readings.verify(tsv)).toEqual({ ok: true, rows: 3, head: rows[2]?.chain });
  });

  it('refuses what its schema does not name, and finds an edited row', () => {
    const tsv = readings.serialise(rows);
    // An enum value is matched whole: "door.open" is no pattern that also admits "doorXopen".
    expect(readings.parse(tsv.replace('door.open', 'doorXopen'))).toMatchObject({
      ok: false,
      code: 'MALFORMED_LEDGER',
      details: { row: 3, field: 'state' },
    });
    expect(readings.verify(tsv.replace('7.5 °C', '2.5 °C'))).toMatchObject({ ok: false, reason: 'edited', row: 2 });
    // Not the desk's: its header and its rows are not this ledger's.
    expect(deskLedger.parse(tsv)).toMatchObject({ ok: false, details: { row: 0 } });
    expect(readings.draftProblem({ unit: 'CU-1', state: 'frozen' })).toEqual({
      field: 'state',
      reason: 'expected one of in_range, too_warm, door.open, got "frozen"',
    });
  });

  it('is kept by the same append-only store, under its own name', async () => {
    const indexedDB = new IDBFactory();
    const opened = await openLedgerStore(readings, { indexedDB, clock: () => new Date(Date.UTC(2026, 11, 1, 9)) });
    if (!opened.ok) throw new Error(opened.message);
    const appended = await opened.ledger.append({ unit: 'CU-2', state: 'too_warm' });
    expect(appended).toMatchObject({
      ok: true,
      row: { seq: 1, at: '2026-12-01T09:00:00.000Z', unit: 'CU-2', state: 'too_warm', note: '' },
    });
    expect(await opened.ledger.append({ unit: 'CU-2', state: 'warm' } as never)).toMatchObject({
      ok: false,
      code: 'INVALID_ROW',
      details: { field: 'state' },
    });
    expect(readings.verify(opened.ledger.exportTsv())).toMatchObject({ ok: true, rows: 1 });
    opened.ledger.close();
    expect(await indexedDB.databases()).toEqual([expect.objectContaining({ name: 'warrant-cold-room-ledger' })]);
  });
});

describe('defineLedgerSchema', () => {
  const seq: FieldDeclaration = { name: 'seq', kind: 'seq', given: 'sealed' };
  const chain: FieldDeclaration = { name: 'chain', kind: 'chain', given: 'sealed' };
  const note: FieldDeclaration = { name: 'note', kind: 'text', given: 'optional' };

  it.each([
    ['no seq first', [note, chain], /first field must be seq/],
    ['no chain last', [seq, note], /last chain/],
    ['a field twice', [seq, note, note, chain], /note is declared twice/],
    ['a second seq', [seq, { ...seq, name: 'again' }, chain], /only the first field is a seq/],
    ['a sealed field between', [seq, { ...note, given: 'sealed' }, chain], /only seq and chain are sealed/],
    [
      'an optional enum',
      [seq, { name: 'state', kind: 'enum', given: 'optional', values: ['a'] }, chain],
      /must be required/,
    ],
    [
      'an enum value with a TAB',
      [seq, { name: 'state', kind: 'enum', given: 'required', values: ['a\tb'] }, chain],
      /values written bare/,
    ],
    ['a name with a space', [seq, { ...note, name: 'the note' }, chain], /cannot be written bare/],
  ] as const)('refuses a schema with %s', (_what, fields, message) => {
    expect(() => defineLedgerSchema('bad', fields)).toThrow(message);
  });
});
