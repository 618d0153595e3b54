import type { BoardState } from '../domain/state.ts';
import { FIELDS } from '../domain/fields.ts';

function titleFor(state: BoardState): { title: string; note: string } {
  if (state.phase === 'REVIEW')
    return {
      title: 'Agent access · closed for review',
      note: 'The frame stands, but every write tool is closed until you return the change set to draft.',
    };
  if (state.phase === 'ACCEPTED')
    return {
      title: 'Agent access · accepted, read only',
      note: 'The board is accepted. The agent can read it and nothing more.',
    };
  if (state.scope.length === 0)
    return {
      title: 'Agent access · nothing framed',
      note: 'The agent can read every field and write none. Frame fields to let it write them.',
    };
  return {
    title: `Agent access · scope v${state.scopeVersion}`,
    note: `The agent writes framed fields only, through tools bound to scope v${state.scopeVersion}.`,
  };
}

const mark = (on: boolean) => <span class={on ? 'yes' : 'no'}>{on ? '●' : '○'}</span>;

/** What the agent may do with each field right now: read, framed, write. */
export function AccessRail({ state }: { state: BoardState }) {
  const { title, note } = titleFor(state);
  return (
    <section class="panel rail" aria-labelledby="rail-title">
      <h2 id="rail-title">{title}</h2>
      <p class="muted small">{note}</p>
      <table class="rail-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Read</th>
            <th scope="col">Framed</th>
            <th scope="col">Write</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map((field) => {
            const framed = state.scope.includes(field.id);
            const write = framed && state.phase === 'DRAFT';
            return (
              <tr key={field.id} data-field={field.id} data-access={write ? 'write' : framed ? 'framed' : 'read'}>
                <th scope="row">{field.label}</th>
                <td aria-label="read: yes">{mark(true)}</td>
                <td aria-label={`framed: ${framed ? 'yes' : 'no'}`}>{mark(framed)}</td>
                <td aria-label={`write: ${write ? 'yes' : 'no'}`}>{mark(write)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
