// A line of the minutes stays one line in every file they are written to. The record's schemas
// refuse control characters, but a line or paragraph separator (U+2028, U+2029) is allowed in
// members' words, and a PDF's line breaking or a reader's renderer would start a new line there:
// one that could look like an entry of its own. Each is shown as its code point, as the minute
// book shows a guillemet a member wrote (wording.ts), so nothing is lost.
import { codePoint } from '../domain/wording.ts';

const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;

export const oneLine = (words: string): string => words.replace(LINE_BREAKING, codePoint);
