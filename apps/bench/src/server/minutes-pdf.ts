// The minutes as PDF, made by the bench's server from the record as stored with PDFKit, and ending
// with the record's signed tree head so a member can check them later. The words are the minute
// book's (../domain/minutes.ts), members' words and names in «guillemets» which no member text can
// close; a PDF has no markup a name could forge, and each entry's number alone stands at the
// margin, its words in a column beside it, so no member's words can start a line that looks like an entry. Set in
// DejaVu Sans, embedded (a subset), so names in most scripts print as written; a character the
// font lacks prints as its missing-glyph box, while the record and the Markdown keep it exactly.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { MinuteBookParts } from '../domain/minutes.ts';
import type { SignedRecord } from './meeting-book.ts';
import { oneLine } from './one-line.ts';
import { checkSteps, HEAD_HEADING, headFacts, headIntro } from './minutes-head.ts';

const fonts = createRequire(import.meta.url);
const REGULAR = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const MONO = fonts.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');

/** How far in an entry's words are set, beside its number. */
const ENTRY_COLUMN = 24;

export interface PdfOptions {
  /** Content streams left uncompressed (a test reads them); compressed by default. */
  readonly compress?: boolean;
}

export function minutesPdf(book: MinuteBookParts, record: SignedRecord, options: PdfOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    // The PDF is dated by the head it carries, so one head gives one document.
    info: {
      Title: book.title,
      Subject: `Record ${record.meeting}, ${record.signed.size} entries, signed head ${record.signed.root_hash}`,
      Creator: 'Warrant bench',
      CreationDate: new Date(record.signed.timestamp),
    },
    lang: 'en',
    displayTitle: true,
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.registerFont('mono', MONO);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  /** Starts a new page if not even one more line fits on this one. */
  const room = (): void => {
    if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const heading = (words: string, size = 13): void => {
    doc.moveDown(0.6);
    room();
    doc.font('bold').fontSize(size).text(words, left, doc.y, { width }).moveDown(0.3).font('regular').fontSize(10);
  };
  /** A paragraph set `indent` points in, every line of it: a member's words never reach the margin. */
  const paragraph = (words: string, indent = 0): void => {
    room();
    doc.text(oneLine(words), left + indent, doc.y, { width: width - indent, paragraphGap: 3 });
  };

  doc.font('bold').fontSize(16).text(book.title, left, doc.y, { width }).moveDown(0.5);
  doc.font('regular').fontSize(10);
  for (const line of book.preamble) paragraph(line);

  // An entry's number alone stands at the margin; its words are set in the column beside it.
  heading(`Entries of record ${record.meeting}`);
  if (book.entries.length === 0) paragraph('No entries yet.');
  for (const entry of book.entries) {
    room();
    const top = doc.y;
    doc
      .font('bold')
      .text(String(entry.seq), left, top, { width: ENTRY_COLUMN - 4 })
      .font('regular');
    doc.y = top;
    paragraph(`${entry.at} · ${entry.words}`, ENTRY_COLUMN);
  }

  heading('Where the meeting stands');
  for (const line of book.pending) paragraph(line.words.trim(), line.depth * ENTRY_COLUMN);
  for (const [index, line] of book.table.entries()) paragraph(line.trim(), index === 0 ? 0 : ENTRY_COLUMN);

  heading(HEAD_HEADING);
  paragraph(headIntro(record));
  doc.moveDown(0.3);
  for (const [label, value] of headFacts(record)) {
    doc.font('bold');
    paragraph(`${label}:`);
    // A signature's 88 characters fit one line at this size, so a member copies each fact whole.
    doc.font('mono').fontSize(8);
    paragraph(value, ENTRY_COLUMN);
    doc.font('regular').fontSize(10);
  }
  const check = checkSteps(record);
  doc.moveDown(0.5);
  paragraph(check.save);
  // Small enough that the command, with the key, is one line to copy.
  doc.font('mono').fontSize(7);
  paragraph(check.command, ENTRY_COLUMN);
  doc.font('regular').fontSize(10);
  paragraph(check.answers);
  doc.end();
  return done;
}
