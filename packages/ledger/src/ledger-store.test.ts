import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deskLedger,
  LEDGER_HEADER,
  verifyLedger,
  type DeskLedgerSchema,
  type LedgerDraft,
  type LedgerRow,
} from './desk-ledger.ts';
import { openLedgerStore, type LedgerStore, type OpenedLedger } from './ledger-store.ts';
import type { ToolRefusal } from '@warrant/base';
import { leasedReadDraft } from './testing.ts';

let factory: IDBFactory;
const open: LedgerStore<DeskLedgerSchema>[] = [];
let tick = 0;

beforeEach(() => {
  factory = new IDBFactory();
  tick = 0;
});
afterEach(() => {
  for (const ledger of open.splice(0)) ledger.close();
});

async function desk(): Promise<OpenedLedger<DeskLedgerSchema>> {
  const opened = await openLedgerStore(deskLedger, {
    indexedDB: factory,
    clock: () => new Date(Date.UTC(2026, 11, 1, 9, 0, (tick += 1))),
  });
  if (!opened.ok) throw new Error(opened.message);
  open.push(opened.ledger);
  return opened;
}

/** A leased read's row with no time of its own: the store stamps it with the test's clock. */
const hop = (detail: string, extra: Partial<LedgerDraft> = {}): LedgerDraft => {
  const { at: _unstamped, ...draft } = leasedReadDraft(detail);
  return { ...draft, ...extra };
};

async function appended(ledger: LedgerStore<DeskLedgerSchema>, draft: LedgerDraft): Promise<LedgerRow> {
  const result = await ledger.append(draft);
  if (!result.ok) throw new Error(result.message);
  return result.row;
}

async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the desk ledger store', () => {
  it('gives each row its seq, time and chain, keeps the fields in order, and leaves absent ones empty', async () => {
    const { ledger } = await desk();
    const first = await appended(ledger, hop('shape=object'));
    const second = await appended(ledger, {
      actor: 'human',
      channel: 'ui',
      event: 'lease_revoked',
      policy: 'not_applicable',
      status: 'ok',
      at: '2026-12-01T10:00:00.000Z',
    });
    expect(Object.keys(first)).toEqual(LEDGER_HEADER.split('\t'));
    expect(first).toMatchObject({
      seq: 1,
      at: '2026-12-01T09:00:01.000Z',
      request: '',
      plan: '',
      digest: '',
      detail: 'shape=object',
    });
    expect(second).toMatchObject({ seq: 2, at: '2026-12-01T10:00:00.000Z', from: '', detail: '' });
    // The chain as the spec defines it, from the exported text, with Node's own SHA-256.
    const lines = ledger.exportTsv().slice(0, -1).split('\n').slice(1);
    let prev = '0'.repeat(64);
    for (const [index, line] of lines.entries()) {
      prev = createHash('sha256')
        .update(`${prev}\t${line.slice(0, line.lastIndexOf('\t'))}`)
        .digest('hex');
      expect(ledger.rows()[index]?.chain).toBe(prev);
    }
  });

  it('keeps every row across a reload', async () => {
    const { ledger } = await desk();
    for (let n = 0; n < 5; n += 1) await appended(ledger, hop(`call ${n}\twith a tab`));
    const tsv = ledger.exportTsv();
    ledger.close();
    const again = await desk();
    expect(again.ledger.rows()).toEqual(ledger.rows());
    expect(again.ledger.exportTsv()).toBe(tsv);
    expect(again.setAside).toBeNull();
  });

  it('refuses a row it could not write back, naming the field, and records nothing', async () => {
    const { ledger } = await desk();
    expect(await ledger.append(hop('lone \ud800 surrogate'))).toMatchObject({
      ok: false,
      isError: true,
      code: 'INVALID_ROW',
      details: { field: 'detail' },
    });
    expect(await ledger.append({ ...hop('x'), actor: 'robot' } as unknown as LedgerDraft)).toMatchObject({
      code: 'INVALID_ROW',
      details: { field: 'actor' },
    });
    expect(await ledger.append({ ...hop('x'), seq: 9 } as unknown as LedgerDraft)).toMatchObject({
      code: 'INVALID_ROW',
      details: { field: 'seq' },
    });
    expect(await ledger.append({ ...hop('x'), to: 'pantry\nforged row' })).toMatchObject({
      code: 'INVALID_ROW',
      details: { field: 'to' },
    });
    const batch = await ledger.appendAll([hop('fine'), hop('bad \udc00')]);
    expect(batch).toMatchObject({ ok: false, code: 'INVALID_ROW', details: { index: 1, field: 'detail' } });
    expect(ledger.rows()).toEqual([]);
    expect((await desk()).ledger.rows()).toEqual([]);
  });

  it('refuses a stale tab with the rows it missed; once caught up it appends after them', async () => {
    const a = await desk();
    const b = await desk();
    await appended(a.ledger, hop('from a'));
    const refused = (await b.ledger.append(hop('from b'))) as ToolRefusal;
    expect(refused).toMatchObject({ ok: false, code: 'STALE_TAB' });
    expect(refused.details['missed']).toEqual(a.ledger.rows());
    expect(await b.ledger.sync()).toMatchObject({ ok: true, restarted: false, rows: [{ seq: 1, detail: 'from a' }] });
    const row = await appended(b.ledger, hop('from b'));
    expect(row.seq).toBe(2);
    expect(verifyLedger(b.ledger.rows())).toMatchObject({ ok: true, rows: 2 });
  });

  it('keeps one chain across two tabs appending at once, and a subscribing tab holds every row', async () => {
    const a = await desk();
    const b = await desk();
    const heard: LedgerRow[] = [];
    a.ledger.subscribe((change) => heard.push(...change.rows));
    b.ledger.subscribe(() => undefined);
    const write = async (ledger: LedgerStore<DeskLedgerSchema>, who: string) => {
      for (let n = 0; n < 15; n += 1) {
        while (!(await ledger.append(hop(`${who} ${n}`))).ok) await ledger.sync();
      }
    };
    await Promise.all([write(a.ledger, 'a'), write(b.ledger, 'b')]);
    await settle();
    const reopened = await desk();
    const tsv = reopened.ledger.exportTsv();
    expect(verifyLedger(tsv)).toMatchObject({ ok: true, rows: 30 });
    expect(reopened.ledger.rows().map((row) => row.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(a.ledger.rows()).toEqual(reopened.ledger.rows());
    expect(heard.every((row) => row.detail.startsWith('b '))).toBe(true);
    expect(heard).toHaveLength(15);
  });

  it('hands out rows since a seq, as a fragment that verifies from the row before it', async () => {
    const { ledger } = await desk();
    for (let n = 0; n < 6; n += 1) await appended(ledger, hop(`call ${n}`));
    expect(ledger.since(4).map((row) => row.seq)).toEqual([5, 6]);
    expect(ledger.since(6)).toEqual([]);
    const fragment = ledger.exportTsv(4);
    const fourth = ledger.rows()[3] as LedgerRow;
    expect(verifyLedger(fragment, { after: { seq: 4, chain: fourth.chain } })).toMatchObject({ ok: true, rows: 2 });
  });

  it('verifies a dropped-in export, says how it stands to this ledger, and names the row an edit breaks', async () => {
    const a = await desk();
    for (let n = 0; n < 4; n += 1) await appended(a.ledger, hop(`call ${n}`));
    const early = a.ledger.exportTsv();
    await appended(a.ledger, hop('call 4'));
    const full = a.ledger.exportTsv();
    expect(a.ledger.verifyTsv(full)).toMatchObject({ ok: true, rows: 5, relation: 'same', common: 5 });
    expect(a.ledger.verifyTsv(early)).toMatchObject({ ok: true, rows: 4, relation: 'earlier', common: 4 });
    const other = await openLedgerStore(deskLedger, {
      name: 'another-desk',
      indexedDB: factory,
      clock: () => new Date(Date.UTC(2026, 0, 1)),
    });
    if (!other.ok) throw new Error(other.message);
    open.push(other.ledger);
    expect(other.ledger.verifyTsv(full)).toMatchObject({ ok: true, relation: 'later', common: 0 });
    await appended(other.ledger, hop('elsewhere'));
    expect(other.ledger.verifyTsv(full)).toMatchObject({ ok: true, relation: 'different', common: 0 });

    const bytes = new TextEncoder().encode(full);
    const edited = bytes.slice();
    const inThird = full.indexOf('call 2');
    edited[inThird + 5] = '9'.charCodeAt(0);
    expect(a.ledger.verifyTsv(edited)).toMatchObject({ ok: false, row: 3, reason: 'edited' });
  });

  it('sets aside a row edited on disk, with every row after it, and reports it', async () => {
    const { ledger } = await desk();
    for (let n = 0; n < 4; n += 1) await appended(ledger, hop(`call ${n}`));
    ledger.close();
    open.splice(0);
    const row = ledger.rows()[1] as LedgerRow;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('warrant-desk-ledger');
      request.onsuccess = () => resolve(request.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('records', 'readwrite');
      tx.objectStore('records').put({ seq: 2, head: row.chain, record: { ...row, status: 'refused' }, writer: 'x' });
      tx.oncomplete = () => resolve();
    });
    db.close();
    const again = await desk();
    expect(again.ledger.rows().map((r) => r.seq)).toEqual([1]);
    expect(again.setAside).toMatchObject({
      reason: 'record 2 cannot be read: its chain does not match its fields and the row before it',
      archive: { from: 2, count: 3 },
    });
  });
});
