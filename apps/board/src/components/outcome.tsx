import { OUTCOME_WORDS, type OutcomeWords } from '../domain/outcome-words.ts';

/** The words for an answer; one the table does not know reads as plainly done or refused. */
export function wordsFor(answer: { readonly ok: boolean; readonly code?: unknown }): OutcomeWords {
  const known = typeof answer.code === 'string' ? OUTCOME_WORDS[answer.code] : undefined;
  return (
    known ?? (answer.ok ? { tone: 'done', words: 'Done' } : { tone: 'refused', words: 'Refused: nothing changed' })
  );
}

const TONE_CLASS = { done: 'is-ok', kept: 'is-kept', refused: 'is-refused' } as const;

/**
 * An answer as a person reads it: what it means in words, then what it says, and its code as small
 * print. A success reads green, a kept frame neutral, a refusal red; a refusal is announced.
 */
export function Outcome({
  answer,
  class: extra,
  id,
}: {
  answer: { readonly ok: boolean; readonly code?: unknown; readonly message?: unknown };
  class?: string;
  id?: string;
}) {
  const { tone, words } = wordsFor(answer);
  const message = typeof answer.message === 'string' ? answer.message : '';
  const code = typeof answer.code === 'string' ? answer.code : null;
  return (
    <p
      class={`outcome ${TONE_CLASS[tone]}${extra ? ` ${extra}` : ''}`}
      id={id}
      role={tone === 'refused' ? 'alert' : 'status'}
      data-code={code ?? undefined}
      data-tone={tone}
    >
      <strong class="outcome-words">{words}.</strong> {message} {code ? <small class="fine-print">{code}</small> : null}
    </p>
  );
}
