// The record's files, made by the bench's server from the record as stored (never from a page's
// copy): the minutes as Markdown and PDF, each ending with the signed tree head over exactly the
// entries they were drafted from; and the record itself, its entries as JSON entries
// (@warrant/ledger's json-entries format), which `warrant-ledger verify` checks against that head.
// Open to every page, as reading the record is.
import type { Context, Hono } from 'hono';
import { serialiseJsonEntries } from '@warrant/ledger';
import { refused } from '@warrant/site-api/serve';
import { BENCH_API } from '../api/bench-api.ts';
import { minuteBook } from '../domain/minutes.ts';
import { replay } from '../domain/reduce.ts';
import type { MeetingBook, SignedRecord } from './meeting-book.ts';
import { minutesMarkdown } from './minutes-markdown.ts';
import { minutesPdf } from './minutes-pdf.ts';

/** A file to save, named for its record and its size, never cached: each download is signed anew. */
const file = (
  c: Context,
  body: string | Uint8Array,
  type: string,
  name: string,
  record: SignedRecord,
  extension: string,
) =>
  c.body(typeof body === 'string' ? body : new Uint8Array(body), 200, {
    'content-type': type,
    'content-disposition': `attachment; filename="${name}-${record.meeting}-${record.signed.size}-entries.${extension}"`,
    'cache-control': 'no-store',
  });

export function recordFileRoutes(app: Hono, book: MeetingBook): void {
  const minutesOf = (record: SignedRecord) => minuteBook(record.events, replay(record.events));

  app.get(BENCH_API.minutesMarkdown.path, async (c) => {
    const record = await book.signedRecord();
    if ('ok' in record) return refused(c, record, 409);
    const markdown = minutesMarkdown(minutesOf(record), record);
    return file(c, markdown, 'text/markdown; charset=utf-8', 'minutes-record', record, 'md');
  });

  app.get(BENCH_API.minutesPdf.path, async (c) => {
    const record = await book.signedRecord();
    if ('ok' in record) return refused(c, record, 409);
    return file(c, await minutesPdf(minutesOf(record), record), 'application/pdf', 'minutes-record', record, 'pdf');
  });

  app.get(BENCH_API.recordExport.path, async (c) => {
    const record = await book.signedRecord();
    if ('ok' in record) return refused(c, record, 409);
    return file(c, serialiseJsonEntries(record.entries), 'application/jsonl; charset=utf-8', 'record', record, 'jsonl');
  });
}
