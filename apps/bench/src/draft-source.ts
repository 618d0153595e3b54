import { computed, signal, type ReadonlySignal } from '@preact/signals';

// Who wrote the words standing in a form. A person types: the browser fires trusted InputEvents.
// Anything else that fills a field (the browser on an agent's behalf fires plain Events; the
// polyfill fires untrusted ones) leaves words that are not the person's, and they stay the
// agent's even after its call has ended (cancelled, timed out), until the person retypes them or
// the form is cleared. A person who then states the question records the agent's words, and the
// record must say whose they are.

export interface DraftSource {
  /** True while any filled field holds words an agent put there. */
  readonly filledByAgent: ReadonlySignal<boolean>;
}

export function followDraft(doc: Document, formId: string): DraftSource {
  const filled = signal<ReadonlySet<string>>(new Set());
  const mark = (name: string, byAgent: boolean): void => {
    const next = new Set(filled.peek());
    if (byAgent) next.add(name);
    else next.delete(name);
    filled.value = next;
  };
  doc.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (
        !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) ||
        field.form?.id !== formId ||
        !field.name
      )
        return;
      const typed = event.isTrusted && event instanceof InputEvent;
      mark(field.name, !typed && field.value !== '');
    },
    true,
  );
  doc.addEventListener(
    'reset',
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.id === formId) filled.value = new Set();
    },
    true,
  );
  return { filledByAgent: computed(() => filled.value.size > 0) };
}
