// The minutes as the bench's server makes them, as files a member downloads: the Markdown parsed by
// a CommonMark parser, the PDF read back by PDF.js, each carrying the signed head over exactly the
// entries it was drafted from. No name or motion text can forge an entry or a heading in them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, type Node } from 'commonmark';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { newSigningKey } from '@warrant/authority';
import { GENESIS, MerkleTree, signTreeHead, verifyTreeHead, type SignedTreeHead } from '@warrant/ledger';
import { SITES } from '@warrant/config';
import type { Database } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { BENCH_API } from '../api/bench-api.ts';
import type { MeetingHead } from '../api/answers.ts';
import { codePoint, unescapeWords } from '../domain/wording.ts';
import { type TestPerson } from '../testing/bench-person.ts';
import { openBenchWithClerk, type BenchUnderTest } from '../testing/bench-under-test.ts';
import { markdownText } from './minutes-markdown.ts';
import { HEAD_HEADING } from './minutes-head.ts';

const ORIGIN = SITES.bench.origin;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const encoder = new TextEncoder();

/** Each node of a parsed Markdown document, in document order. */
function nodesOf(root: Node): Node[] {
  const nodes: Node[] = [];
  const walker = root.walker();
  for (let step = walker.next(); step; step = walker.next()) if (step.entering) nodes.push(step.node);
  return nodes;
}
const textOf = (node: Node): string =>
  nodesOf(node)
    .filter((child) => child.type === 'text' || child.type === 'code')
    .map((child) => child.literal ?? '')
    .join('');

/** The lines PDF.js reads from a PDF, in order: each line's text, and the first piece of it with how far in it starts. */
async function pdfLines(bytes: Uint8Array): Promise<{ x: number; first: string; text: string }[]> {
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false }).promise;
  const lines: { x: number; first: string; text: string }[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const rows = new Map<number, { x: number; str: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, str: item.str }]);
    }
    // PDF's y grows upwards: the page's lines top to bottom.
    for (const [, pieces] of [...rows].sort(([a], [b]) => b - a)) {
      pieces.sort((a, b) => a.x - b.x);
      const first = pieces.find((piece) => piece.str.trim() !== '');
      if (!first) continue;
      lines.push({
        x: first.x,
        first: first.str.trim(),
        text: pieces
          .map((piece) => piece.str)
          .join('')
          .trim(),
      });
    }
  }
  await pdf.destroy();
  return lines;
}
const pdfText = async (bytes: Uint8Array): Promise<string> =>
  (await pdfLines(bytes)).map((line) => line.text).join('\n');

describe('a line of the minutes as Markdown (markdownText)', () => {
  it('is read back by a CommonMark parser as exactly its words, one paragraph of one list item, whatever it holds', () => {
    const markdownish = fc.constantFrom(
      ...'\\`*_[]<>#|~&!-+=.)1 ():/\'"«»⟨\t\u2028'.split(''),
      '---',
      '1. ',
      '# ',
      '](x)',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), markdownish), { maxLength: 12 }), (parts) => {
        const words = parts.join('');
        const expected = words.trim().replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, codePoint);
        fc.pre(expected !== '');
        const doc = new Parser().parse(`- ${markdownText(words)}\n`);
        const blocks = nodesOf(doc)
          .filter((node) => node.isContainer)
          .map((node) => node.type);
        expect(blocks).toEqual(['document', 'list', 'item', 'paragraph']);
        expect(textOf(doc)).toBe(expected);
      }),
      { numRuns: 400, seed: 33 },
    );
  });
});

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the minutes the bench's server makes, on %s",
  (_engine, open, it) => {
    let bench: BenchUnderTest;
    let db: Database;
    let app: Hono;
    let clerk: TestPerson;

    beforeEach(async () => {
      bench = await openBenchWithClerk(await open());
      ({ db, app, clerk } = bench);
    });
    afterEach(() => bench.close());

    async function post(path: string, body: unknown): Promise<{ [key: string]: unknown }> {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: clerk.cookie },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { [key: string]: unknown };
    }
    const append = async (after: string, type: string, payload: object): Promise<string> => {
      const written = await post(BENCH_API.append.path, { after, type, by: 'agent', payload });
      expect(written).toMatchObject({ ok: true });
      return written['head'] as string;
    };
    const download = async (path: string) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      return response;
    };
    /** The bench's key, as its head route says. */
    const benchKey = async () => ((await (await app.request(BENCH_API.head.path)).json()) as MeetingHead).signed.key;
    /** The leaves of the record as stored: each entry's exact JSON text. */
    const storedRoot = async (): Promise<string> => {
      const rows = await db.query<{ entry: string }>('SELECT entry FROM bench_entries ORDER BY meeting_no, seq');
      const tree = new MerkleTree();
      for (const row of rows) tree.append(encoder.encode(row.entry));
      return Buffer.from(tree.root()).toString('hex');
    };
    const headIn = (markdown: string): SignedTreeHead => {
      const block = nodesOf(new Parser().parse(markdown)).find(
        (node) => node.type === 'code_block' && node.info === 'json',
      );
      return JSON.parse(block?.literal ?? 'null') as SignedTreeHead;
    };

    it('the Markdown minutes are the minute book of the record as stored, ending with the head the bench signed over exactly its entries', async () => {
      await post(BENCH_API.startOver.path, { point: 'tabled' });
      const response = await download(BENCH_API.minutesMarkdown.path);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="minutes-record-1-\d+-entries\.md"$/,
      );
      const markdown = await response.text();
      const doc = new Parser().parse(markdown);
      const headings = nodesOf(doc).filter((node) => node.type === 'heading');
      expect(headings.map(textOf)).toEqual([
        'MINUTES — Kestrel Valley Seed Library, Board of Trustees',
        'Entries of record 1',
        'Where the meeting stands',
        HEAD_HEADING,
      ]);
      const entries = (await (await app.request(BENCH_API.meeting.path)).json()) as { events: { seq: number }[] };
      const firstList = nodesOf(doc).find((node) => node.type === 'list')!;
      let items = 0;
      for (let item = firstList.firstChild; item; item = item.next) items += 1;
      expect(items).toBe(entries.events.length);
      expect(textOf(firstList)).toContain(
        '«Hollis Pemberton» moved (main motion, §10): «That the Seed Library purchase',
      );

      const head = headIn(markdown);
      const checked = verifyTreeHead(head, { key: await benchKey() });
      expect(checked.ok).toBe(true);
      expect(head.size).toBe(entries.events.length);
      expect(head.root_hash).toBe(await storedRoot());
      for (const fact of [head.root_hash, head.signature, head.key, head.timestamp])
        expect(textOf(doc)).toContain(fact);
    });

    it('the PDF minutes read back as the same minute book and carry the same signed head', async () => {
      await post(BENCH_API.startOver.path, { point: 'tabled' });
      const response = await download(BENCH_API.minutesPdf.path);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      const text = await pdfText(bytes);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('MINUTES — Kestrel Valley Seed Library');
      expect(flat).toContain('«Hollis Pemberton» moved (main motion, §10)');
      expect(flat).toContain(HEAD_HEADING);
      const { signed } = (await (await app.request(BENCH_API.head.path)).json()) as MeetingHead;
      // Each fact of the head is printed whole, on one line of its own, as a member copies it.
      const lines = text.split('\n').map((line) => line.trim());
      expect(lines).toContain(await storedRoot());
      expect(lines).toContain(signed.key);
      expect(lines).toContain(`npx warrant-ledger verify record.jsonl --head head.json --key ${signed.key}`);
      const signature = lines[lines.indexOf('Signature (Ed25519):') + 1]!;
      const signedAt = lines[lines.indexOf('Signed at:') + 1]!;
      const size = Number(lines[lines.indexOf('Size (entries covered):') + 1]);
      const events = ((await (await app.request(BENCH_API.meeting.path)).json()) as { events: unknown[] }).events;
      expect(size).toBe(events.length);
      expect(
        verifyTreeHead({ size, root_hash: await storedRoot(), timestamp: signedAt, key: signed.key, signature }),
      ).toMatchObject({ ok: true });
    });

    it('no name or motion text can forge an entry, a heading, a link or markup in the minutes', async () => {
      const forged = {
        chair: 'Okafor» called the meeting to order.\u2028## Resolved: the treasurer is removed «',
        mover: '# ADOPTED UNANIMOUSLY',
        text: '18  19:40 · The vote was taken: ayes 9 — ADOPTED. [minutes](https://example.invalid) <b>*carried*</b> | a | b | `x` ![i](y) &amp; \\',
      };
      let head = await append(GENESIS, 'set_members_present', { present: 7 });
      head = await append(head, 'call_meeting_to_order', { chair: forged.chair, at: '6:32' });
      await append(head, 'move_main_motion', { text: forged.text, mover: forged.mover });

      const markdown = await (await download(BENCH_API.minutesMarkdown.path)).text();
      const doc = new Parser().parse(markdown);
      const nodes = nodesOf(doc);
      expect(nodes.filter((node) => node.type === 'heading').map(textOf)).toEqual([
        'MINUTES — Kestrel Valley Seed Library, Board of Trustees',
        'Entries of record 1',
        'Where the meeting stands',
        HEAD_HEADING,
      ]);
      // Before the head's section (whose facts are the bench's own code spans), nothing is markup but the entries' numbers.
      const minutes = nodes.slice(
        0,
        nodes.findIndex((node) => node.type === 'heading' && textOf(node) === HEAD_HEADING),
      );
      for (const markup of [
        'link',
        'image',
        'html_inline',
        'html_block',
        'emph',
        'code',
        'code_block',
        'thematic_break',
      ])
        expect(minutes.filter((node) => node.type === markup).map(textOf)).toEqual([]);
      expect(minutes.filter((node) => node.type === 'strong').map(textOf)).toEqual(['1', '2', '3']);
      const entries = nodes.find((node) => node.type === 'list')!;
      const items: string[] = [];
      for (let item = entries.firstChild; item; item = item.next) items.push(textOf(item));
      expect(items).toHaveLength(3);
      // Each member's words are one quoted region, as written, inside their entry.
      const quoted = (line: string) => [...line.matchAll(/«([^«»]*)»/g)].map((match) => unescapeWords(match[1]!));
      expect(quoted(items[1]!)).toEqual([forged.chair, '6:32']);
      expect(quoted(items[2]!)).toEqual([forged.mover, forged.text]);

      // In the PDF, an entry's number alone stands at the margin: every other line of an entry starts in its column.
      const lines = await pdfLines(new Uint8Array(await (await download(BENCH_API.minutesPdf.path)).arrayBuffer()));
      const section = lines.slice(
        lines.findIndex((line) => line.text === 'Entries of record 1') + 1,
        lines.findIndex((line) => line.text === 'Where the meeting stands'),
      );
      const margin = Math.min(...section.map((line) => line.x));
      expect(section.filter((line) => line.x < margin + 12).map((line) => line.first)).toEqual(['1', '2', '3']);
      expect(section.map((line) => line.text).join(' ')).toContain(`«${forged.mover}» moved (main motion, §10):`);
      expect(section.map((line) => line.text).join(' ')).toContain('⟨U+2028⟩## Resolved');
    });

    it('the record a member saves verifies against the head the minutes carry, by the command they print; one edited entry, or a head from another key, fails saying so', async () => {
      await post(BENCH_API.startOver.path, { point: 'tabled' });
      const markdown = await (await download(BENCH_API.minutesMarkdown.path)).text();
      const saved = await download(BENCH_API.recordExport.path);
      expect(saved.headers.get('content-disposition')).toMatch(/^attachment; filename="record-1-\d+-entries\.jsonl"$/);
      const exported = await saved.text();
      const nodes = nodesOf(new Parser().parse(markdown));
      const command = nodes.find((node) => node.type === 'code_block' && node.info === 'sh')?.literal?.trim() ?? '';
      expect(command).toMatch(/^npx warrant-ledger verify record\.jsonl --head head\.json --key [A-Za-z0-9+/]{43}=$/);

      // As a member runs it, on the two files saved, from the repository where the command is installed.
      const folder = mkdtempSync(join(tmpdir(), 'bench-minutes-'));
      const run = (record: string, head: object) => {
        writeFileSync(join(folder, 'record.jsonl'), record);
        writeFileSync(join(folder, 'head.json'), JSON.stringify(head, null, 2));
        const [, ...args] = command
          .replace(/^npx /, 'npx --no-install ')
          .replace('record.jsonl', join(folder, 'record.jsonl'))
          .replace('head.json', join(folder, 'head.json'))
          .split(' ');
        return spawnSync('npx', args, { cwd: ROOT, encoding: 'utf8' });
      };
      try {
        const head = headIn(markdown);
        const good = run(exported, head);
        expect(good.stdout).toMatch(
          new RegExp(
            `^OK .*/record\\.jsonl: ${head.size} rows verify: the chain holds, and rows 1 to ${head.size} match the head`,
          ),
        );
        expect(good.status).toBe(0);

        const lines = exported.split('\n');
        // Entry 4: the seeded meeting's third, after the entry naming the meeting's bylaws.
        lines[4] = lines[4]!.replace('Hollis Pemberton', 'Hollis Pemberton-Smythe');
        const edited = run(lines.join('\n'), head);
        expect(edited.status).toBe(1);
        expect(edited.stderr).toMatch(
          /^FAIL .*\/record\.jsonl \(rewritten\): Rows 1 to \d+ do not hash to the root of the head/,
        );

        const stranger = signTreeHead(
          { size: head.size, root: Buffer.from(head.root_hash, 'hex'), timestamp: head.timestamp },
          newSigningKey().secretKey,
        );
        const otherKey = run(exported, stranger);
        expect(otherKey.status).toBe(1);
        expect(otherKey.stderr).toContain(
          '(head): The tree head does not verify: the head is signed with another key than the one trusted',
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  },
);
