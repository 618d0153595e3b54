import type { BannedPhrase } from './register.ts';

// The register bans phrasing the project may not use about itself ("unhackable", "guarantees
// safety", ...). Every document and every string a person reads is scanned for it, so loosening
// a claim means editing the register, where the labels live.

export interface Overclaim {
  readonly file: string;
  readonly line: number;
  readonly phrase: string;
  readonly why: string;
}

export function scanText(file: string, text: string, banned: readonly BannedPhrase[]): Overclaim[] {
  const patterns = banned.map((phrase) => ({ phrase, pattern: new RegExp(phrase.pattern, 'iu') }));
  const found: Overclaim[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { phrase, pattern } of patterns) {
      const match = pattern.exec(line);
      if (match) found.push({ file, line: index + 1, phrase: match[0], why: phrase.why });
    }
  });
  return found;
}
