import type { ChangeRecord } from '@warrant/surface';

/** One line per reconcile: +N −M, the names, and how many tools stand after it. */
export function ChangeLine({ change, count }: { change: ChangeRecord | null; count: number }) {
  if (!change) return <p class="change-line">No change yet.</p>;
  return (
    <p
      class="change-line"
      id="change-line"
      data-added={change.added.length}
      data-removed={change.removed.length}
      data-registered={change.ops.register}
      data-aborted={change.ops.abort}
      data-form-on={change.ops.formOn}
      data-form-off={change.ops.formOff}
    >
      <strong>toolchange #{count}</strong> · <span class="plus">+{change.added.length}</span> <span class="minus">−{change.removed.length}</span> ·{' '}
      {change.total} in order · {change.ops.register} registered, {change.ops.abort} aborted
      {change.ops.formOn + change.ops.formOff > 0 ? `, ${change.ops.formOn + change.ops.formOff} form toolname change(s)` : ''}
      {change.added.length > 0 ? <span class="names plus"> + {change.added.join(', ')}</span> : null}
      {change.removed.length > 0 ? <span class="names minus"> − {change.removed.join(', ')}</span> : null}
    </p>
  );
}
