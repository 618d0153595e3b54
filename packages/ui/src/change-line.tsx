import type { ChangeRecord } from '@warrant/surface';

interface Clause {
  readonly names: readonly string[];
  readonly one: string;
  readonly many: string;
}

/**
 * One reconcile in words: "2 tools became available: x, y; 1 left: z. 17 in order now." The first
 * clause names the noun, the rest lean on it, as a person would say it.
 */
export function describeChange(change: ChangeRecord): string {
  const clauses: Clause[] = [
    { names: change.added, one: 'became available', many: 'became available' },
    { names: change.removed, one: 'left', many: 'left' },
    { names: change.deferred, one: 'stays until its own call finishes', many: 'stay until their own calls finish' },
    { names: change.errors, one: 'was refused by the browser', many: 'were refused by the browser' },
  ].filter((clause) => clause.names.length > 0);
  const said = clauses.map((clause, index) => {
    const count = clause.names.length;
    const noun = index > 0 ? '' : count === 1 ? ' tool' : ' tools';
    return `${count}${noun} ${count === 1 ? clause.one : clause.many}: ${clause.names.join(', ')}`;
  });
  const total = `${change.total} ${change.total === 1 ? 'tool is' : 'tools are'} in order now.`;
  return said.length > 0 ? `${said.join('; ')}. ${total}` : `Nothing changed. ${total}`;
}

/**
 * The last change to the registered set, in words; the platform calls it took stay in data
 * attributes for tests and tools. A status region, so a screen reader hears each change.
 */
export function ChangeLine({
  change,
  count,
  id = 'change-line',
}: {
  change: ChangeRecord | null;
  count: number;
  id?: string;
}) {
  if (!change) {
    return (
      <p class="change-line" id={id} role="status">
        No tool has come or gone yet.
      </p>
    );
  }
  return (
    <p
      class="change-line"
      id={id}
      role="status"
      data-count={count}
      data-added={change.added.length}
      data-removed={change.removed.length}
      data-registered={change.ops.register}
      data-aborted={change.ops.abort}
      data-form-on={change.ops.formOn}
      data-form-off={change.ops.formOff}
    >
      <strong>Change {count}:</strong> {describeChange(change)}
    </p>
  );
}
