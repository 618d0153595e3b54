import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A read-only value whose text belongs to the canonical store. The element's content is written
 * here and nowhere else; if anything else changes it (a hand edit in DevTools, a script setting
 * textContent), the store's text is put straight back. Nothing ever reads a value from the DOM,
 * so such an edit could change nothing anyway; putting it back keeps the screen honest.
 */
export function CanonicalOutput({
  id,
  text,
  class: className,
  label,
  onRestore,
}: {
  id: string;
  text: string;
  class?: string;
  label: string;
  onRestore?: () => void;
}) {
  const ref = useRef<HTMLOutputElement>(null);
  const restore = useRef(onRestore);
  restore.current = onRestore;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.textContent !== text) element.textContent = text;
    const observer = new MutationObserver(() => {
      if (element.textContent === text) return;
      element.textContent = text;
      restore.current?.();
    });
    observer.observe(element, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [text]);
  return <output ref={ref} id={id} class={className} aria-label={label} />;
}
