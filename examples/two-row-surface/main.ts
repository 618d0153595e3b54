// A turnstile with two tools. An agent can call only what is in order: insert_coin while the gate
// is shut, open_gate once two coins are in. A person shuts the gate again with the button.
import { createSurface, defineRow, type ToolResult } from '@warrant/surface';
import { connect } from '@warrant/webmcp';

interface Gate {
  readonly coins: number;
  readonly open: boolean;
}
let state: Gate = { coins: 0, open: false };
const noInput = () => ({ type: 'object', properties: {}, additionalProperties: false });
const become = (next: Gate): ToolResult => ((state = next), surface.update(), { ok: true, ...next });

const rows = [
  defineRow<Gate>({
    name: 'insert_coin',
    title: 'Insert a coin',
    description: () => 'Puts one coin in the box. In order while the gate is shut.',
    verdict: (s) => (s.open ? { legal: false, reason: 'the gate is open' } : { legal: true }),
    inputSchema: noInput,
    run: (s) => become({ ...s, coins: s.coins + 1 }),
  }),
  defineRow<Gate>({
    name: 'open_gate',
    title: 'Open the gate',
    description: () => 'Opens the gate and takes the coins. In order once two coins are in.',
    verdict: (s) =>
      s.open
        ? { legal: false, reason: 'the gate is open' }
        : s.coins < 2
          ? { legal: false, reason: `the fare is 2 coins; ${s.coins} in` }
          : { legal: true },
    inputSchema: noInput,
    run: () => become({ coins: 0, open: true }),
  }),
];

const connection = await connect();
const surface = createSurface({ rows, state: () => state, webmcp: connection.webmcp, onChange: () => void show() });
const byId = (id: string) => document.getElementById(id) as HTMLElement;
const fill = (id: string, lines: string[]) =>
  byId(id).replaceChildren(...lines.map((line) => Object.assign(document.createElement('li'), { textContent: line })));

let shown = 0; // a later reconcile's reading wins over an earlier one that answers late
async function show(): Promise<void> {
  const ticket = ++shown;
  const listed = ((await connection.webmcp?.getTools()) ?? []).map((tool) => tool.name).sort();
  if (ticket !== shown) return;
  byId('mode').textContent = connection.mode;
  byId('gate').textContent = state.open ? 'open' : `shut, ${state.coins} coin(s) in`;
  fill('in-order', listed); // the browser's own answer
  fill(
    'out-of-order',
    surface
      .explain(state)
      .filter((row) => !row.verdict.legal)
      .map((row) => `${row.name}: ${row.verdict.reason}`),
  );
}
byId('shut').addEventListener('click', () => become({ coins: 0, open: false }));
await surface.reconcile();
