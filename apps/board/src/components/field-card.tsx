import { revealInvisible } from '@warrant/ui';
import type { FieldDef } from '../domain/fields.ts';
import { CanonicalOutput } from './canonical-output.tsx';

export type FieldAccess = 'read' | 'framed' | 'write';

const ACCESS_LABEL: Record<FieldAccess, string> = {
  read: 'Agent may read',
  framed: 'Framed · writes closed',
  write: 'Framed · agent may write',
};

export interface FieldCardProps {
  readonly field: FieldDef;
  readonly value: string;
  readonly baseline: string;
  readonly access: FieldAccess;
  readonly selected: boolean;
  /** What committing the selection would do to this field's frame. */
  readonly pending: 'add' | 'drop' | null;
  readonly requested: boolean;
  /** The agent tried to write it outside the frame, and the board refused, since the frame was drawn. */
  readonly refused: boolean;
  readonly interactive: boolean;
  readonly onKey: (event: KeyboardEvent) => void;
  readonly onRestore: () => void;
}

/** One field of the board: its canonical value, read-only, and who may write it. */
export function FieldCard({
  field,
  value,
  baseline,
  access,
  selected,
  pending,
  requested,
  refused,
  interactive,
  onKey,
  onRestore,
}: FieldCardProps) {
  const shown = revealInvisible(value);
  const length = [...value].length;
  const changed = value !== baseline;
  return (
    <div
      class={`field-card kind-${field.kind}${access !== 'read' ? ' is-framed' : ''}${pending ? ` will-${pending}` : ''}`}
      data-field={field.id}
      data-access={access}
      role="option"
      aria-selected={selected}
      aria-disabled={!interactive}
      tabIndex={interactive ? 0 : -1}
      onKeyDown={onKey}
    >
      <div class="field-head">
        <span class="field-label">{field.label}</span>
        <span class="field-tags">
          {pending === 'add' ? (
            <span class="tag tag-add">Will be framed</span>
          ) : pending === 'drop' ? (
            <span class="tag tag-drop">Will leave the frame</span>
          ) : null}
          {requested ? <span class="tag tag-requested">Requested by agent</span> : null}
          {refused ? (
            <span
              class="tag tag-refused"
              title="The agent tried to write this field outside the frame; the board refused it and changed nothing."
            >
              Agent's write refused
            </span>
          ) : null}
          {changed ? <span class="tag tag-changed">Changed</span> : null}
          <span class={`tag tag-${access}`}>{ACCESS_LABEL[access]}</span>
        </span>
      </div>
      <CanonicalOutput
        id={`value-${field.id}`}
        class="field-value"
        text={shown.text}
        label={field.label}
        onRestore={onRestore}
      />
      <div class="field-foot">
        <span class="field-help">{field.help}</span>
        <span class={`field-count${length > field.maxLength ? ' is-over' : ''}`}>
          {length}/{field.maxLength}
        </span>
      </div>
      {changed ? (
        <p class="field-was">
          was <span class="was-text">{revealInvisible(baseline).text}</span>
        </p>
      ) : null}
      {shown.hidden > 0 ? <p class="field-warn">{shown.hidden} invisible character(s) shown as ⟦U+…⟧</p> : null}
    </div>
  );
}
