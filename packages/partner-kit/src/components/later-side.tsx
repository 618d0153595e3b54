import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PartnerSideProps } from './partner-side.tsx';

/**
 * The side column loads after first paint: the site's own panels come first. The tools are
 * registered either way; this only shows them, with the receipts, notes and reset.
 */
export function LaterSide<D, E>(props: PartnerSideProps<D, E>) {
  const [Side, setSide] = useState<ComponentType<PartnerSideProps<D, E>> | null>(null);
  useEffect(() => {
    void import('./partner-side.tsx').then((module) =>
      setSide(() => module.PartnerSide as ComponentType<PartnerSideProps<D, E>>),
    );
  }, []);
  return Side ? <Side {...props} /> : <p class="muted">Opening the receipts and notes…</p>;
}
