// A record kept as JSON entries (jsonLogFormat's chain, one entry's exact JSON a line) checks
// against a signed tree head as a TSV ledger does: the whole export verifies; an entry changed
// after the head was signed, an entry removed, an export cut short or a head from another key
// fails, saying what is wrong in words a person reads.
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENESIS } from './chain.ts';
import {
  isJsonEntriesExport,
  JSON_ENTRIES_HEADER,
  serialiseJsonEntries,
  verifyJsonEntries,
  verifyJsonEntriesExport,
} from './json-entries.ts';
import { jsonLogFormat } from './log-format.ts';
import { MerkleTree } from './merkle-tree.ts';
import { signTreeHead, type SignedTreeHead } from './tree-head.ts';
import { deskLedger } from './desk-ledger.ts';

const secret = ed25519.utils.randomSecretKey();
const stranger = ed25519.utils.randomSecretKey();
const encoder = new TextEncoder();
const publicKey = Buffer.from(ed25519.getPublicKey(secret)).toString('base64');

/** Entries as a log of JSON records stores them: each sealed after the one before, kept as its JSON text. */
function record(values: readonly object[]): { entries: string[]; chain: string } {
  const format = jsonLogFormat<object>(() => null);
  let chain = GENESIS;
  const entries = values.map((value, index) => {
    const sealed = format.seal(value, { seq: index + 1, prev: chain });
    if (!sealed.ok) throw new Error(sealed.message);
    chain = sealed.head;
    return JSON.stringify(value);
  });
  return { entries, chain };
}

function headOver(entries: readonly string[], size = entries.length, key = secret): SignedTreeHead {
  const tree = new MerkleTree();
  for (const entry of entries.slice(0, size)) tree.append(encoder.encode(entry));
  return signTreeHead({ size, root: tree.root(), timestamp: '2026-12-07T21:00:00.000Z' }, key);
}

const meeting = [
  { seq: 1, at: '18:31', actor: 'agent', type: 'set_members_present', payload: { present: 7 } },
  {
    seq: 2,
    at: '18:32',
    actor: 'agent',
    type: 'call_meeting_to_order',
    payload: { chair: 'Adaeze «Okafor»', at: '6:32' },
  },
  {
    seq: 3,
    at: '18:36',
    actor: 'agent',
    type: 'move_main_motion',
    payload: { text: 'That we buy a dryer.\tç 😀', mover: 'Hollis' },
  },
  { seq: 4, at: '18:37', actor: 'agent', type: 'second_pending_motion', payload: { seconder: 'Bettina Lund' } },
];

describe('a JSON-entries export', () => {
  it('is its header and each entry as chained, one a line, and walks to the chain the log sealed', () => {
    const { entries, chain } = record(meeting);
    const exported = serialiseJsonEntries(entries);
    expect(exported.split('\n')[0]).toBe(JSON_ENTRIES_HEADER);
    expect(exported.split('\n').slice(1, -1)).toEqual(entries);
    expect(isJsonEntriesExport(encoder.encode(exported))).toBe(true);
    expect(isJsonEntriesExport(encoder.encode(deskLedger.serialise([])))).toBe(false);
    expect(verifyJsonEntries(exported, { head: chain })).toEqual({ ok: true, rows: 4, head: chain });
  });

  it('verifies against the head signed over it, and over any first part of it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ words: fc.string({ unit: 'grapheme' }), n: fc.integer() }), {
          minLength: 1,
          maxLength: 9,
        }),
        fc.nat(),
        (bodies, cut) => {
          const { entries } = record(bodies.map((body, index) => ({ seq: index + 1, ...body })));
          const size = 1 + (cut % entries.length);
          const verified = verifyJsonEntriesExport(serialiseJsonEntries(entries), headOver(entries, size), {
            key: publicKey,
          });
          expect(verified).toMatchObject({ ok: true, rows: entries.length, covered: size });
        },
      ),
      { numRuns: 60, seed: 33 },
    );
  });

  it('fails for one entry changed after the head was signed, saying the signed entries were changed', () => {
    const { entries } = record(meeting);
    const head = headOver(entries);
    const edited = [...entries];
    edited[2] = JSON.stringify({ ...meeting[2], payload: { text: 'That we buy two dryers.', mover: 'Hollis' } });
    const result = verifyJsonEntriesExport(serialiseJsonEntries(edited), head, { key: publicKey });
    expect(result).toMatchObject({ ok: false, code: 'EXPORT_UNVERIFIED', reason: 'rewritten', row: null });
    expect(result.message).toMatch(
      /^Rows 1 to 4 do not hash to the root of the head of 4 rows signed at 2026-12-07T21:00:00.000Z: at least one of them was changed/,
    );
  });

  it('fails for a head from another key, when the bench’s key is given', () => {
    const { entries } = record(meeting);
    const result = verifyJsonEntriesExport(serialiseJsonEntries(entries), headOver(entries, 4, stranger), {
      key: publicKey,
    });
    expect(result).toMatchObject({ ok: false, reason: 'head' });
    expect(result.message).toMatch(/^The tree head does not verify: .*key/);
  });

  it('names the row for an entry removed, respaced or cut short, and the export cut before the head', () => {
    const { entries } = record(meeting);
    const head = headOver(entries);
    const check = (text: string) => verifyJsonEntriesExport(text, head, { key: publicKey });
    const removed = check(serialiseJsonEntries([entries[0]!, entries[2]!, entries[3]!]));
    expect(removed).toMatchObject({ ok: false, reason: 'removed', row: 2 });
    expect(removed.message).toBe('Row 2 holds entry 3 where entry 2 belongs: entry 2 was removed.');
    const respaced = serialiseJsonEntries(entries).replace('"type":"move_main_motion"', '"type": "move_main_motion"');
    expect(check(respaced)).toMatchObject({ ok: false, reason: 'malformed', row: 3 });
    expect(check(serialiseJsonEntries(entries).slice(0, -1))).toMatchObject({ ok: false, reason: 'malformed', row: 4 });
    const truncated = check(serialiseJsonEntries(entries.slice(0, 3)));
    expect(truncated).toMatchObject({ ok: false, reason: 'truncated', row: 4 });
    expect(truncated.message).toMatch(/^Row 4 is missing: the head of 4 rows signed at .* covers 4 rows/);
    expect(check(`${deskLedger.header}\n`)).toMatchObject({ ok: false, reason: 'malformed', row: 0 });
  });

  it('refuses to write an entry that is not the JSON it was chained as', () => {
    expect(() => serialiseJsonEntries(['{"a": 1}'])).toThrow(/Entry 1 cannot be exported/);
    expect(() => serialiseJsonEntries(['not json'])).toThrow(/it is not JSON/);
  });
});
