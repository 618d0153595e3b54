import type { ComponentChildren } from 'preact';

/**
 * A table that scrolls sideways on a narrow screen rather than overflowing it. The region takes
 * focus, so a keyboard can scroll it too, and is named for a screen reader.
 */
export function TableRegion({ label, children }: { readonly label: string; readonly children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" tabIndex={0} aria-label={label}>
      {children}
    </div>
  );
}
