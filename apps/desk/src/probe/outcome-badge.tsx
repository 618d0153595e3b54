import type { Outcome } from './probe-report.ts';

// The outcome in words (never colour alone), with the colour as a second signal.
const WORDS: Record<Outcome | 'waiting', string> = {
  pass: 'pass',
  fail: 'fail',
  unsupported: 'unsupported',
  incomplete: 'incomplete',
  waiting: 'not run yet',
};

export function OutcomeBadge({ outcome }: { readonly outcome: Outcome | 'waiting' }) {
  return (
    <span class={`outcome outcome-${outcome}`} data-outcome={outcome}>
      {WORDS[outcome]}
    </span>
  );
}
