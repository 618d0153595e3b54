// The minutes as Markdown, made by the bench's server from the record as stored, and ending with
// the record's signed tree head so a member can check them later. The words are the minute book's
// (../domain/minutes.ts): members' words and names in «guillemets», which no member text can
// close. Here they are also kept from being Markdown: every character Markdown could read as
// markup is written escaped, and the bench writes each line as one list item or paragraph of its
// own, so no name or motion text can make a heading, an entry, a link or a table. Only the lines
// the bench writes itself are headings.
import type { MinuteBookParts } from '../domain/minutes.ts';

import type { SignedRecord } from './meeting-book.ts';
import { oneLine } from './one-line.ts';
import { checkSteps, HEAD_HEADING, headFacts, headIntro } from './minutes-head.ts';

/** The characters CommonMark may read as markup inside a line, each written with a backslash. */
const MARKUP = /[\\`*_[\]<>#|~&!]/g;

/** What would open a block where a line starts: a list's bullet or number, a thematic break, a setext underline. */
const BLOCK_START = /^([-+=]|\d{1,9}(?=[.)]))/;

/** One line of the minute book as Markdown text: nothing in it is markup, wherever it stands. */
export const markdownText = (line: string): string =>
  oneLine(line.trim())
    .replace(MARKUP, (ch) => `\\${ch}`)
    .replace(BLOCK_START, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`));

const paragraph = (line: string): string[] => [markdownText(line), ''];

export function minutesMarkdown(book: MinuteBookParts, record: SignedRecord): string {
  const entries =
    book.entries.length > 0
      ? book.entries.map((entry) => `- **${entry.seq}** · ${markdownText(entry.at)} · ${markdownText(entry.words)}`)
      : ['No entries yet.'];
  // A question's depth on the stack is its depth in the list; the sentences around them are paragraphs.
  const pending = book.pending.flatMap((line) =>
    line.depth === 0 ? ['', ...paragraph(line.words)] : [`${'  '.repeat(line.depth - 1)}- ${markdownText(line.words)}`],
  );
  const [tableHeading = '', ...tabled] = book.table;
  const check = checkSteps(record);
  return [
    `# ${markdownText(book.title)}`,
    '',
    ...book.preamble.flatMap(paragraph),
    `## Entries of record ${record.meeting}`,
    '',
    ...entries,
    '',
    '## Where the meeting stands',
    ...pending,
    '',
    ...paragraph(tableHeading),
    ...tabled.map((line) => `- ${markdownText(line)}`),
    '',
    `## ${HEAD_HEADING}`,
    '',
    ...paragraph(headIntro(record)),
    ...headFacts(record).map(([label, value]) => `- ${markdownText(label)}: \`${value}\``),
    '',
    'The head as JSON:',
    '',
    '```json',
    JSON.stringify(record.signed, null, 2),
    '```',
    '',
    ...paragraph(check.save),
    '```sh',
    check.command,
    '```',
    '',
    ...paragraph(check.answers),
  ].join('\n');
}
