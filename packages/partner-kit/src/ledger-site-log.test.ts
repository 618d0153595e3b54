import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { umbrellaStand } from './fixture/umbrella-stand.ts';
import { openLedgerSiteLog } from './ledger-site-log.ts';
import { isLogEntry } from './log-entry.ts';
import { openPartnerSite } from './partner-site.ts';
import { StaleLogError } from './site-log.ts';

// The site log as @warrant/ledger's append-only log in IndexedDB (fake-indexeddb here): what is
// written is there when the database is opened again, a tab that missed another's write is
// refused, a restart archives the book, and a stored value that is no entry is set aside.

let counter = 0;
const freshName = () => `partner-log-test-${(counter += 1)}`;
const seeded = { seq: 1, kind: 'seeded', at: 't', book: 'ABCD', firstDay: '2026-12-01', reason: 'test', domain: {} };
const staff = (seq: number) => ({
  seq,
  kind: 'staff',
  at: 't',
  act: 'restock',
  summary: 's',
  event: { type: 'restocked', count: 1 },
});

async function opened(name: string) {
  const log = await openLedgerSiteLog(name, isLogEntry);
  if (!log) throw new Error('no IndexedDB');
  return log;
}

describe('the ledger site log', () => {
  it('keeps what was appended across an open, and moves its position with each append', async () => {
    const name = freshName();
    const { log } = await opened(name);
    expect(await log.read()).toMatchObject({ entries: [] });
    const before = await log.position();
    const after = await log.append(seeded);
    expect(after).not.toBe(before);
    await log.append(staff(2));
    const { log: again, setAside } = await opened(name);
    expect(setAside).toBeNull();
    expect((await again.read()).entries).toEqual([seeded, staff(2)]);
    expect(await again.position()).toBe(await log.position());
  });

  it("refuses a tab's append when another tab wrote since it last looked, and takes it once it has caught up", async () => {
    const name = freshName();
    const { log: first } = await opened(name);
    const { log: second } = await opened(name);
    await first.append(seeded);
    await expect(second.append(staff(2))).rejects.toBeInstanceOf(StaleLogError);
    expect((await second.read()).entries).toEqual([seeded]);
    await second.append(staff(2));
    expect((await first.read()).entries).toEqual([seeded, staff(2)]);
  });

  it('restarts by archiving the whole book: the next read has only the new first entry', async () => {
    const { log } = await opened(freshName());
    await log.append(seeded);
    await log.append(staff(2));
    const reseeded = { ...seeded, book: 'EFGH' };
    await log.restart('reset by staff', reseeded);
    expect((await log.read()).entries).toEqual([reseeded]);
    expect(await log.closedBooks()).toBe(1);
  });

  it('refuses to store what is not a partner entry', async () => {
    const { log } = await opened(freshName());
    await expect(log.append({ seq: 1, kind: 'seeded' })).rejects.toThrow(/not an entry of a partner site/);
  });

  it('carries a partner site: reopened, the site is where it was; another tab sees a write without asking', async () => {
    const name = freshName();
    const now = () => new Date(2026, 11, 3, 12);
    const site = await openPartnerSite(umbrellaStand, { log: (await opened(name)).log, now });
    const lent = await site.write({
      tool: 'lend_umbrellas',
      input: { count: 2, borrower: 'Ada', request: 'REQ-1', idempotency_key: 'k-0001' },
      caller: 'agent',
      channel: 'webmcp',
      signal: new AbortController().signal,
    });
    expect(lent.ok).toBe(true);
    const reopened = await openPartnerSite(umbrellaStand, { log: (await opened(name)).log, now });
    expect(reopened.state.value.domain).toEqual(site.state.value.domain);
    expect(reopened.state.value.served).toEqual(site.state.value.served);
    await reopened.staff('restock', { count: 1 });
    await expect.poll(() => site.state.value.domain.umbrellas).toBe(5);
    await site.reset();
    await expect.poll(() => reopened.state.value.served.length).toBe(0);
    expect(reopened.closedBooks.value).toBe(1);
  });
});
