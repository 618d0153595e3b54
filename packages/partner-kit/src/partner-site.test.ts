import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openPartnerSite, type PartnerSite } from './partner-site.ts';
import { memoryLogStore, memorySiteLog } from './memory-site-log.ts';
import type { SiteLog } from './site-log.ts';
import { free, STAND_SIZE, umbrellaStand, type Stand } from './fixture/umbrella-stand.ts';

// The write pipeline every partner shares, over the umbrella stand and an in-memory log. Calls go
// straight to site.write here (the rows and the kernel in front of it are tested in rows.test.ts).

const NOON = () => new Date(2026, 11, 3, 12, 0, 0);
const never = new AbortController().signal;

type Answer = {
  ok: boolean;
  code?: string;
  result?: Record<string, unknown>;
  receipt?: { id: string; tool: string; request: string; digest: string };
  replayed?: boolean;
};

async function open(log: SiteLog = memorySiteLog()): Promise<{ site: PartnerSite<Stand>; log: SiteLog }> {
  return { site: await openPartnerSite(umbrellaStand, { log, now: NOON }), log };
}

/** Entries in the log's current book (the seeded entry is the first). */
const recorded = async (log: SiteLog): Promise<number> => (await log.read()).entries.length;

const lend = (site: PartnerSite<Stand>, key: string, count = 1, signal = never, borrower = 'Ada') =>
  site.write({
    tool: 'lend_umbrellas',
    input: { count, borrower, request: 'REQ-1', idempotency_key: key },
    caller: 'agent',
    channel: 'webmcp',
    signal,
  }) as Promise<Answer>;

/** SHA-256 of the RFC 8785 JSON, computed here without the kit or the broker. */
const independentDigest = (value: unknown): string =>
  createHash('sha256')
    .update(canonicalize(value) as string, 'utf8')
    .digest('hex');

describe('a partner site', () => {
  it('seeds a book on first open: the seeded week, nothing served', async () => {
    const { site, log } = await open();
    expect(await recorded(log)).toBe(1);
    expect(site.state.value.week.days[0]).toBe('2026-12-03');
    expect(site.state.value.week.days).toHaveLength(7);
    expect(free(site.state.value.domain)).toBe(STAND_SIZE);
    expect(site.state.value.served).toEqual([]);
  });

  it('answers a write with its result and a receipt whose digest is the SHA-256 of { tool, args, result }', async () => {
    const { site, log } = await open();
    const args = { count: 2, borrower: 'Ada', request: 'REQ-1', idempotency_key: 'A-1:step-0' };
    const answer = (await site.write({
      tool: 'lend_umbrellas',
      input: args,
      caller: 'agent',
      channel: 'webmcp',
      signal: never,
    })) as Answer;
    expect(answer.ok).toBe(true);
    expect(answer.replayed).toBeUndefined();
    const loan = answer.result?.['loan'];
    expect(loan).toMatch(/^UL-[A-Z2-9]{4}-2$/);
    expect(answer.result).toEqual({ loan, count: 2 });
    expect(answer.receipt).toMatchObject({ tool: 'lend_umbrellas', request: 'REQ-1' });
    expect(answer.receipt?.digest).toBe(independentDigest({ tool: 'lend_umbrellas', args, result: answer.result }));
    expect(await recorded(log)).toBe(2);
    expect(free(site.state.value.domain)).toBe(STAND_SIZE - 2);
    expect(site.state.value.served.map((w) => w.receipt)).toEqual([answer.receipt]);
  });

  it('answers a repeated key with the first answer, marked replayed, and changes nothing', async () => {
    const { site, log } = await open();
    const first = await lend(site, 'key-0001', 2);
    const state = site.state.value;
    const again = await lend(site, 'key-0001', 2);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await recorded(log)).toBe(2);
    expect(site.state.value).toBe(state);
  });

  it('refuses a key reused with other arguments, and changes nothing', async () => {
    const { site, log } = await open();
    const first = await lend(site, 'key-0001', 1);
    const state = site.state.value;
    const reused = await lend(site, 'key-0001', 2);
    expect(reused).toMatchObject({
      ok: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: { first_receipt: first.receipt?.id },
    });
    const otherTool = await site.write({
      tool: 'return_umbrellas',
      input: { loan: first.result?.['loan'] as string, request: 'REQ-1', idempotency_key: 'key-0001' },
      caller: 'agent',
      channel: 'webmcp',
      signal: never,
    });
    expect(otherTool).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await recorded(log)).toBe(2);
    expect(site.state.value).toBe(state);
  });

  it('checks the execution signal before it commits: an aborted call records nothing', async () => {
    const { site, log } = await open();
    const aborted = new AbortController();
    aborted.abort('the lease ended');
    expect(await lend(site, 'key-0001', 1, aborted.signal)).toMatchObject({ ok: false, code: 'ABORTED' });
    expect(await recorded(log)).toBe(1);
    expect(site.state.value.served).toEqual([]);
    // Aborted while it waited behind another write: still nothing.
    const later = new AbortController();
    const ahead = lend(site, 'key-0002', 1);
    const behind = lend(site, 'key-0003', 1, later.signal);
    later.abort('revoked');
    expect((await ahead).ok).toBe(true);
    expect(await behind).toMatchObject({ ok: false, code: 'ABORTED' });
    expect(await recorded(log)).toBe(2);
    // The key of an aborted call was never used: it can be sent again.
    expect((await lend(site, 'key-0003', 1)).ok).toBe(true);
  });

  it('leaves state and log unchanged on a refusal, and follows legality through the verdict', async () => {
    const { site, log } = await open();
    expect(await lend(site, 'key-0001', 3)).toMatchObject({ ok: true });
    const state = site.state.value;
    expect(await lend(site, 'key-0002', 2)).toMatchObject({
      ok: false,
      code: 'NOT_ENOUGH_UMBRELLAS',
      details: { free: 1 },
    });
    expect(site.state.value).toBe(state);
    expect(await lend(site, 'key-0003', 1)).toMatchObject({ ok: true });
    expect(await lend(site, 'key-0004', 1)).toMatchObject({ ok: false, code: 'NONE_FREE' });
    expect(await recorded(log)).toBe(3);
  });

  it('serves parallel writes one at a time, so two cannot both take the last umbrella', async () => {
    const { site } = await open();
    const answers = await Promise.all(['k-001', 'k-002', 'k-003', 'k-004', 'k-005'].map((key) => lend(site, key, 1)));
    expect(answers.filter((a) => a.ok)).toHaveLength(STAND_SIZE);
    expect(free(site.state.value.domain)).toBe(0);
    expect(site.state.value.served.map((w) => w.seq)).toEqual([2, 3, 4, 5]);
  });

  it('keeps everything across a reopen of the same log, including the first answer under each key', async () => {
    const store = memoryLogStore();
    const { site } = await open(memorySiteLog(store));
    const first = await lend(site, 'key-0001', 2);
    await site.staff('restock', { count: 3 });
    const { site: reopened } = await open(memorySiteLog(store));
    expect(reopened.state.value.domain).toEqual(site.state.value.domain);
    expect(reopened.state.value.served).toEqual(site.state.value.served);
    expect(await lend(reopened, 'key-0001', 2)).toEqual({ ...first, replayed: true });
  });

  it('resets by opening a new book: seeded data back, keys forgotten, the old book kept in the archive', async () => {
    const store = memoryLogStore();
    const { site, log } = await open(memorySiteLog(store));
    const first = await lend(site, 'key-0001', 2);
    const book = site.state.value.book;
    await site.reset();
    expect(await recorded(log)).toBe(1);
    expect(site.closedBooks.value).toBe(1);
    expect(store.books[0]).toHaveLength(2);
    expect(site.state.value.book).not.toBe(book);
    expect(free(site.state.value.domain)).toBe(STAND_SIZE);
    expect(site.state.value.served).toEqual([]);
    const again = await lend(site, 'key-0001', 2);
    expect(again.ok).toBe(true);
    expect(again.replayed).toBeUndefined();
    expect(again.receipt?.id).not.toBe(first.receipt?.id);
  });

  it('sets an unreadable record aside: it stays in the archive, a new week is seeded, and staff are told', async () => {
    const store = memoryLogStore();
    const log = memorySiteLog(store);
    await log.append({
      seq: 1,
      kind: 'seeded',
      book: 'ABCD',
      firstDay: '2026-12-01',
      at: 'x',
      reason: 'test',
      domain: { umbrellas: 1, loans: [], notes: [] },
    } as never);
    await log.append({ seq: 2, kind: 'write', tool: 'lend_umbrellas' } as never);
    const { site } = await open(memorySiteLog(store));
    expect(site.notice.value).toContain('could not be read');
    expect(site.closedBooks.value).toBe(1);
    expect(store.books[0]).toHaveLength(2);
    expect(site.state.value.seq).toBe(1);
    expect(site.state.value.book).not.toBe('ABCD');
  });

  // Every entry in it is well formed, so only the sequence shows that something is missing: a
  // book that skips a seq has lost a write (and its receipt), and folding the rest as whole would
  // serve from a record the partner cannot stand behind.
  it('sets a record with a gap in its sequence aside, rather than folding what is left as whole', async () => {
    const store = memoryLogStore();
    const { site } = await open(memorySiteLog(store));
    await lend(site, 'key-0001', 1);
    await lend(site, 'key-0002', 2);
    const book = site.state.value.book;
    // The intact book folds whole in another tab: seq 1 (seeded), 2 and 3.
    expect((await open(memorySiteLog(store))).site.state.value.served.map((w) => w.seq)).toEqual([2, 3]);
    store.books[0]?.splice(1, 1);
    expect(store.books[0]?.map((entry) => entry.seq)).toEqual([1, 3]);
    const { site: reopened } = await open(memorySiteLog(store));
    expect(reopened.state.value.served).toEqual([]);
    expect(reopened.state.value.seq).toBe(1);
    expect(free(reopened.state.value.domain)).toBe(STAND_SIZE);
    expect(reopened.state.value.book).not.toBe(book);
    expect(reopened.closedBooks.value).toBe(1);
    expect(store.books[0]).toHaveLength(2);
    expect(reopened.notice.value).toContain('could not be read');
  });

  it('answers NOT_RECORDED when storage refuses the append, and nothing changes', async () => {
    const inner = memorySiteLog();
    let refuse = false;
    const log: SiteLog = {
      ...inner,
      append: (entry) => (refuse ? Promise.reject(new Error('QuotaExceededError')) : inner.append(entry)),
    };
    const { site } = await open(log);
    refuse = true;
    expect(await lend(site, 'key-0001', 1)).toMatchObject({ ok: false, code: 'NOT_RECORDED' });
    expect(site.state.value.served).toEqual([]);
    refuse = false;
    expect(await lend(site, 'key-0001', 1)).toMatchObject({ ok: true });
  });

  it('catches up when another tab of the site writes to the same log', async () => {
    const store = memoryLogStore();
    const { site } = await open(memorySiteLog(store));
    const { site: otherTab } = await open(memorySiteLog(store));
    await lend(otherTab, 'key-0001', 1);
    await expect.poll(() => site.state.value.served.length).toBe(1);
    // And a write in this tab sees the other tab's write first: the key is taken.
    expect(await lend(site, 'key-0001', 1)).toMatchObject({ ok: true, replayed: true });
  });

  it('over any run of writes, repeats and aborts: the log replays to the same state, and a repeat never writes', async () => {
    const op = fc.oneof(
      fc.record({
        type: fc.constant('lend' as const),
        key: fc.constantFrom('a-01', 'a-02', 'a-03', 'a-04', 'a-05'),
        count: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ type: fc.constant('return' as const), key: fc.constantFrom('r-01', 'r-02', 'r-03') }),
      fc.record({ type: fc.constant('aborted' as const), key: fc.constantFrom('x-01', 'x-02') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const store = memoryLogStore();
        const { site, log } = await open(memorySiteLog(store));
        let total = 0;
        for (const step of ops) {
          const before = await recorded(log);
          let answer: Answer;
          if (step.type === 'lend') answer = await lend(site, step.key, step.count);
          else if (step.type === 'aborted') {
            const controller = new AbortController();
            controller.abort();
            answer = await lend(site, step.key, 1, controller.signal);
          } else {
            const loan = site.state.value.domain.loans.find((l) => l.open)?.id ?? `UL-${site.state.value.book}-99`;
            answer = (await site.write({
              tool: 'return_umbrellas',
              input: { loan, request: 'REQ-1', idempotency_key: step.key },
              caller: 'agent',
              channel: 'webmcp',
              signal: never,
            })) as Answer;
          }
          const wrote = (await recorded(log)) - before;
          expect(wrote).toBe(answer.ok && !answer.replayed ? 1 : 0);
          total += wrote;
          expect(free(site.state.value.domain)).toBeGreaterThanOrEqual(0);
        }
        const { site: replayed } = await open(memorySiteLog(store));
        expect(replayed.state.value.domain).toEqual(site.state.value.domain);
        expect(replayed.state.value.served).toHaveLength(total);
      }),
      { numRuns: 60 },
    );
  });
});
