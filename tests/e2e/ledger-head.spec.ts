import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import {
  leafHash,
  ledgerLeaf,
  parseLedger,
  readProofJson,
  sealRow,
  serialiseLedger,
  verifyInclusion,
  verifyTreeHead,
  type LedgerRow,
} from '@warrant/ledger';
import { agentFor, laneOf } from './agent.ts';
import { exportedLedgerText, openDesk, openDeskAsDispatcher } from './desk-page.ts';
import { POLYFILL } from './lanes.ts';

// The desk's signed record head beside its ledger, as a person sees it and an agent fetches it:
// the head follows the rows as they land, and an export dropped back in is checked against it, so
// a file cut short or rewritten with its chain recomputed (which the chain alone lets through) is
// caught and its first wrong row named. Checked from outside with the ledger package and the key
// the desk publishes. Rows deleted from the desk's database behind its server: the desk signs no
// smaller head, and the page says so beside the ledger. The desk's rows are recorded only through
// a signed-in dispatcher's page, so each test enrols one.

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const FAMILY = {
  people: 4,
  needs: ['food', 'bed'],
  place: 'Harbour Street community hall',
  note: 'Two adults and two children.',
  deadline: `${today()}T21:00`,
};

async function rowCount(page: Page): Promise<number> {
  return Number(await page.locator('#ledger-count').textContent());
}

/** Rows land: an agent takes in a request, and the page shows the row of its call. */
async function moreRows(page: Page, agent: ReturnType<typeof agentFor>): Promise<number> {
  const before = await rowCount(page);
  expect(await agent.call('intake_request', FAMILY)).toMatchObject({ ok: true });
  await expect.poll(() => rowCount(page)).toBeGreaterThan(before);
  return rowCount(page);
}

async function dropIn(page: Page, text: string): Promise<Locator> {
  const results = page.locator('#import-results');
  const before = Number((await results.getAttribute('data-checked')) ?? '0');
  await page.setInputFiles('#import-ledger', {
    name: 'desk-ledger.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(text, 'utf8'),
  });
  await expect(results).toHaveAttribute('data-checked', String(before + 1));
  return page.locator('#import-head-result');
}

const deskKey = async (page: Page): Promise<string> =>
  ((await (await page.request.get(`${SITES.desk.origin}/.well-known/warrant-desk.json`)).json()) as { key: string })
    .key;

test('the desk shows its signed record head, checked against its key, and the head follows the rows as they land; an agent fetches a proof against it', async ({
  page,
}, testInfo) => {
  const agent = agentFor(page, laneOf(testInfo));
  await openDeskAsDispatcher(page);
  const head = page.locator('#ledger-head');
  await expect(head).toHaveAttribute('data-ok', 'true');
  await expect(head).toHaveAttribute('data-size', String(await rowCount(page)));
  await expect(head).toContainText('Signed record head:');
  await expect(head).toContainText("Its signature checks against the desk's key.");

  const size = await moreRows(page, agent);
  await expect(head).toHaveAttribute('data-size', String(size));
  const grown = await moreRows(page, agent);
  await expect(head).toHaveAttribute('data-size', String(grown));
  await expect(head.locator('#ledger-head-size')).toHaveText(String(grown));

  // What the page shows is the head the desk serves, signed with the key it publishes.
  const served = await (await page.request.get(`${SITES.desk.origin}/api/ledger/head?size=${grown}`)).json();
  const checked = verifyTreeHead(served, { key: await deskKey(page) });
  expect(checked).toMatchObject({ ok: true });
  await expect(head).toHaveAttribute('data-root', (served as { root_hash: string }).root_hash);
  await expect(head).toContainText(`root ${(served as { root_hash: string }).root_hash.slice(0, 4)}…`);

  // An agent asks for the inclusion proof of row 1 and checks it against the head that comes with it.
  const answer = (await agent.call('read_ledger', { proof: { inclusion: { seq: 1 } } })) as {
    ok: boolean;
    head: unknown;
    proof: unknown;
  };
  expect(answer).toMatchObject({ ok: true, proof: { seq: 1 } });
  const against = verifyTreeHead(answer.head, { key: await deskKey(page) });
  if (!against.ok) throw new Error(against.reason);
  const proof = readProofJson(answer.proof);
  if (!proof.ok || proof.kind !== 'inclusion') throw new Error('not an inclusion proof');
  const parsed = parseLedger(await exportedLedgerText(page));
  if (!parsed.ok) throw new Error(parsed.message);
  expect(verifyInclusion(0, against.head.size, leafHash(ledgerLeaf(parsed.rows[0]!)), proof.path, against.root)).toBe(
    true,
  );
  expect(await agent.call('read_ledger', { proof: { inclusion: { seq: 10_000 } } })).toMatchObject({
    ok: false,
    isError: true,
    code: 'NO_SUCH_TREE',
  });
});

test('an export cut short, or rewritten with its chain recomputed, dropped back in fails against the signed head and names its first wrong row', async ({
  page,
}, testInfo) => {
  const agent = agentFor(page, laneOf(testInfo));
  await openDeskAsDispatcher(page);
  await moreRows(page, agent);
  await moreRows(page, agent);
  const size = await moreRows(page, agent);
  await expect(page.locator('#ledger-head')).toHaveAttribute('data-size', String(size));
  const text = await exportedLedgerText(page);

  let result = await dropIn(page, text);
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText(`matches the desk's signed head of ${size} rows`);

  // Cut short by two rows: the chain still holds (what the desk could not tell before), the head does not.
  const lines = text.split('\n');
  const cut = `${lines.slice(0, -3).join('\n')}\n`;
  result = await dropIn(page, cut);
  await expect(page.locator('#import-result')).toHaveClass(/ok/);
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toHaveAttribute('data-reason', 'truncated');
  await expect(result).toHaveAttribute('data-row', String(size - 1));
  await expect(result).toHaveText(
    new RegExp(
      `^The file desk-ledger\\.tsv fails against the desk's signed head of ${size} rows .*\\. Row ${size - 1} is missing: `,
    ),
  );

  // Row 2 rewritten, every chain after it recomputed: the chain holds, the head names row 2.
  const parsed = parseLedger(text);
  if (!parsed.ok) throw new Error(parsed.message);
  const rewritten: LedgerRow[] = [];
  for (const row of parsed.rows) {
    const { chain: _chain, ...fields } = row.seq === 2 ? { ...row, detail: 'nothing happened here' } : row;
    rewritten.push(row.seq < 2 ? row : sealRow(rewritten.at(-1)!.chain, fields));
  }
  result = await dropIn(page, serialiseLedger(rewritten));
  await expect(page.locator('#import-result')).toHaveClass(/ok/);
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toHaveAttribute('data-reason', 'rewritten');
  await expect(result).toHaveAttribute('data-row', '2');
  await expect(result).toContainText('Row 2 is not the row the desk signed');
});

test(
  "rows deleted from the desk's database behind its server: the desk signs no smaller head, and the page says so in plain words beside the ledger",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = agentFor(page, laneOf(testInfo));
    await openDeskAsDispatcher(page);
    await moreRows(page, agent);
    const size = await moreRows(page, agent);
    const head = page.locator('#ledger-head');
    await expect(head).toHaveAttribute('data-size', String(size));

    // Someone holding the desk's database deletes its last two rows (the test-only route does just that).
    const deleted = await page.request.post(`${SITES.desk.origin}/api/test/delete-last-ledger-rows`, {
      data: { count: 2 },
    });
    expect(await deleted.json()).toMatchObject({ ok: true, deleted: 2 });
    await openDesk(page);
    await expect(page.locator('#ledger-count')).toHaveText(String(size - 2));
    await expect(head).toHaveAttribute('data-ok', 'false');
    await expect(head).toHaveAttribute('data-code', 'LEDGER_SHORTER_THAN_SIGNED');
    await expect(head).toContainText(
      `The desk's record has ${size - 2} ${size - 2 === 1 ? 'row' : 'rows'}, but the desk signed a head of ${size} rows: 2 rows it signed are gone from its database.`,
    );
    await expect(head).not.toContainText('Signed record head:');
    const served = await page.request.get(`${SITES.desk.origin}/api/ledger/head`);
    expect(served.status()).toBe(409);
    expect(await served.json()).toMatchObject({ ok: false, code: 'LEDGER_SHORTER_THAN_SIGNED' });
  },
);
