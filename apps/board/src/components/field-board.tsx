import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import type { BoardApp } from '../board-app.ts';
import { FIELDS, type FieldId } from '../domain/fields.ts';
import type { ActivityEntry } from '../domain/state.ts';
import { isFieldId } from '../domain/validate.ts';
import { boxBetween, extended, marqueed, toggled, type Box } from '../selection.ts';
import { FieldCard, type FieldAccess } from './field-card.tsx';
import { FrameBar } from './frame-bar.tsx';

/** The entries after which a field's earlier refusals no longer apply: the frame was drawn again. */
const FRAME_DRAWN = new Set(['SCOPE_CHANGED', 'EXPANSION_APPROVED', 'BOARD_RESET']);

/** Fields the agent tried to write outside the frame since the frame was last drawn. */
function refusedUnderThisFrame(activity: readonly ActivityEntry[]): Set<FieldId> {
  const refused = new Set<FieldId>();
  for (let index = activity.length - 1; index >= 0; index -= 1) {
    const entry = activity[index] as ActivityEntry;
    if (FRAME_DRAWN.has(entry.type)) break;
    const fields = entry.details['fields'];
    if (entry.type === 'AGENT_REFUSED' && Array.isArray(fields))
      for (const id of fields) if (isFieldId(id)) refused.add(id);
  }
  return refused;
}

/** How far the pointer must travel before a press becomes a marquee rather than a click. */
const DRAG_THRESHOLD = 5;

interface Press {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  readonly field: FieldId | null;
  dragging: boolean;
}

/**
 * The six fields, where the human chooses what to frame: click toggles a field, shift-click adds
 * the run from the last field clicked, and a drag draws a marquee that selects every field it
 * touches (with shift, alongside the current selection). Choosing changes nothing until the frame
 * bar commits it.
 */
export function FieldBoard({ app }: { app: BoardApp }) {
  const state = app.store.state.value;
  const interactive = state.phase === 'DRAFT';
  const selected = app.selection.value ?? state.scope;
  const grid = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const marquee = useSignal<Box | null>(null);

  const choose = (next: FieldId[], anchor: FieldId | null) => {
    app.selection.value = next;
    app.anchor.value = anchor;
  };
  const pick = (id: FieldId, shift: boolean) => {
    const current = app.selection.peek() ?? app.store.read().scope;
    if (shift) choose(extended(current, app.anchor.peek(), id), app.anchor.peek() ?? id);
    else choose(toggled(current, id), id);
  };

  const relative = (clientX: number, clientY: number): [number, number] => {
    const rect = grid.current?.getBoundingClientRect();
    return rect ? [clientX - rect.left, clientY - rect.top] : [clientX, clientY];
  };

  const onPointerDown = (event: PointerEvent) => {
    if (!interactive || event.button !== 0 || !grid.current) return;
    const card = (event.target as Element).closest('[data-field]');
    const field = card?.getAttribute('data-field') ?? null;
    press.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      field: isFieldId(field) ? field : null,
      dragging: false,
    };
    grid.current.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.dragging && Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD) return;
    current.dragging = true;
    event.preventDefault();
    const [x0, y0] = relative(current.x, current.y);
    const [x1, y1] = relative(event.clientX, event.clientY);
    marquee.value = boxBetween(x0, y0, x1, y1);
  };

  const onPointerUp = (event: PointerEvent) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (current.dragging && grid.current) {
      const area = boxBetween(current.x, current.y, event.clientX, event.clientY);
      const cards = [...grid.current.querySelectorAll<HTMLElement>('[data-field]')].flatMap((element) => {
        const id = element.dataset['field'];
        const rect = element.getBoundingClientRect();
        return isFieldId(id)
          ? [{ id, box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom } }]
          : [];
      });
      const base = app.selection.peek() ?? app.store.read().scope;
      const next = marqueed(base, area, cards, event.shiftKey);
      choose(next, next.at(-1) ?? null);
      marquee.value = null;
      return;
    }
    if (current.field) pick(current.field, event.shiftKey);
  };

  const onPointerCancel = () => {
    press.current = null;
    marquee.value = null;
  };

  const box = marquee.value;
  const requested = new Set(state.pendingExpansion?.fields ?? []);
  const refused = refusedUnderThisFrame(state.activity);
  const access = (id: FieldId): FieldAccess => (!state.scope.includes(id) ? 'read' : interactive ? 'write' : 'framed');
  const restoredField = app.restoredField.value;

  return (
    <section class="panel board" aria-labelledby="board-title">
      <div class="section-head">
        <h2 id="board-title">Launch fields</h2>
        <p class="hint">
          {interactive
            ? 'Select the fields the agent may write: click one, shift-click for a range, or drag across several. Then frame them.'
            : 'Values are read-only here; the agent changes them only through its framed tools.'}
        </p>
      </div>
      <FrameBar app={app} selected={selected} />
      <div
        ref={grid}
        class={`field-grid${interactive ? ' is-interactive' : ''}`}
        role="listbox"
        aria-multiselectable="true"
        aria-label="Board fields"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        {FIELDS.map((field) => (
          <FieldCard
            key={field.id}
            field={field}
            value={state.fields[field.id]}
            baseline={state.baselineFields[field.id]}
            access={access(field.id)}
            selected={interactive && selected.includes(field.id)}
            pending={
              !interactive
                ? null
                : selected.includes(field.id)
                  ? state.scope.includes(field.id)
                    ? null
                    : 'add'
                  : state.scope.includes(field.id)
                    ? 'drop'
                    : null
            }
            requested={requested.has(field.id)}
            refused={refused.has(field.id)}
            interactive={interactive}
            onKey={(event) => {
              if (!interactive || (event.key !== ' ' && event.key !== 'Enter')) return;
              event.preventDefault();
              pick(field.id, event.shiftKey);
            }}
            onRestore={() => (app.restoredField.value = field.id)}
          />
        ))}
        {box ? (
          <div
            class="marquee"
            aria-hidden="true"
            style={{
              left: `${box.left}px`,
              top: `${box.top}px`,
              width: `${box.right - box.left}px`,
              height: `${box.bottom - box.top}px`,
            }}
          />
        ) : null}
      </div>
      {restoredField ? (
        <p class="restored-note" role="status">
          A change to {FIELDS.find((field) => field.id === restoredField)?.label ?? restoredField} made outside the
          board was discarded: only the board's own store holds its values.
        </p>
      ) : null}
    </section>
  );
}
