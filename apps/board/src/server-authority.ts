// The board's server as the page's authority: the page reads the board from it, asks it for every
// act (it decides on the board its record holds, and answers the board as the act left it; a grant
// to the agent goes with the editor's passkey over the statement the server wrote), and
// hears over server-sent events whenever any page's act moves the board on, so every page of
// every editor shows the one board. This page's asks and catch-ups go one at a time, so the board
// it shows only ever moves forward in the record.
import type { ToolRefusal } from '@warrant/surface';
import { confirmWithPasskey } from '@warrant/ui';
import {
  BOARD_API,
  isAfter,
  positionFrom,
  type ActDecided,
  type BoardAnswer,
  type BoardStanding,
  type Position,
} from './api/board-api.ts';
import type { BoardAuthority } from './board-authority.ts';
import type { ActName, ActOf, AnswerOfAct } from './domain/board-acts.ts';
import { grantKind } from './domain/grants.ts';
import type { BoardState } from './domain/state.ts';
import { postJson } from './post-json.ts';
import { refused, type Step } from './domain/step.ts';

export type OpenedBoard =
  | { readonly kind: 'kept'; readonly state: BoardState; readonly authority: BoardAuthority }
  | { readonly kind: 'unavailable'; readonly reason: string };

async function readBoard(): Promise<BoardStanding> {
  const response = await fetch(BOARD_API.board.path, { cache: 'no-store' });
  const answer = (await response.json()) as BoardAnswer<BoardStanding>;
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

/** Asks the server for an act; a grant goes with the editor's passkey over its exact statement. */
const askServer = async <K extends ActName>(asked: ActOf<K>): Promise<BoardAnswer<ActDecided<K>>> =>
  (grantKind(asked)
    ? await confirmWithPasskey(postJson, BOARD_API.grant.path, { ...asked })
    : await postJson(BOARD_API.act.path, asked)) as BoardAnswer<ActDecided<K>>;

export async function openBoardServer(): Promise<OpenedBoard> {
  let standing: BoardStanding;
  try {
    standing = await readBoard();
  } catch (error) {
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
  let known: Position = standing.position;
  const listeners = new Set<(state: BoardState) => void>();
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const moveTo = (next: BoardStanding): boolean => {
    if (!isAfter(next.position, known)) return false;
    known = next.position;
    return true;
  };
  const catchUp = (heard: Position) =>
    inTurn(async () => {
      if (!isAfter(heard, known)) return;
      const next = await readBoard();
      if (moveTo(next)) for (const listener of [...listeners]) listener(next.state);
    }).catch(() => undefined);

  // EventSource reconnects by itself; the server names the record's position first on every
  // connection, so a page that missed a change while cut off catches up.
  const events = new EventSource(BOARD_API.events.path);
  events.addEventListener('changed', (event) => {
    const heard = positionFrom(String((event as MessageEvent<unknown>).data));
    if (heard) void catchUp(heard);
  });
  addEventListener('pagehide', () => events.close());

  const authority: BoardAuthority = {
    keeps: true,
    decide: <K extends ActName>(asked: ActOf<K>, seen: BoardState) =>
      inTurn(async (): Promise<Step<AnswerOfAct<K>>> => {
        const answer = await askServer(asked);
        if (!answer.ok) return refused(seen, answer as ToolRefusal);
        moveTo(answer);
        return { state: answer.state, result: answer.result };
      }),
    onElsewhere(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return { kind: 'kept', state: standing.state, authority };
}
