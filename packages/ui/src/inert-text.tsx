// Text that came from a person or a partner is shown as text, never as markup, and anything a
// human cannot see (bidi overrides, zero-width and tag characters, which can make what a human
// reads differ from what a model receives) is made visible rather than silently passed on.

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu;

export function revealInvisible(text: string): { text: string; hidden: number } {
  let hidden = 0;
  const shown = text.replace(INVISIBLE, (ch) => {
    hidden += 1;
    return `⟦U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟧`;
  });
  return { text: shown, hidden };
}

export function InertText({ text, class: className }: { text: string; class?: string }) {
  const { text: shown, hidden } = revealInvisible(text);
  return (
    <span class={className} data-inert="true" title={hidden > 0 ? `${hidden} invisible character(s) shown as ⟦U+…⟧` : undefined}>
      {shown}
    </span>
  );
}
