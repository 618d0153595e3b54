// The board's server as the page's authority: the page reads the board from it, asks it for every
// act (it decides on the board its record holds, and answers the board as the act left it; a grant
// to the agent goes with the editor's passkey over the statement the server wrote), and
// hears over server-sent events whenever any page's act moves the board on, so every page of
// every editor shows the one board. This page's asks and catch-ups go one at a time, so the board
// it shows only ever moves forward in the record.
import type { ToolRefusal } from '@warrant/surface';
import { answerWithPasskey } from '@warrant/ui';
import type { ActDecided, BoardStanding } from './api/answers.ts';
import { askBoard } from './api/ask-board.ts';
import { BOARD_API } from './api/board-api.ts';
import { isAfter, positionFrom, type Position } from './api/position.ts';
import type { BoardAuthority } from './board-authority.ts';
import type { ActName, ActOf, AnswerOfAct } from './domain/board-acts.ts';
import { grantKind } from './domain/grants.ts';
import type { BoardState } from './domain/state.ts';
import { refused, type Step } from './domain/step.ts';

export type OpenedBoard =
  | { readonly kind: 'kept'; readonly state: BoardState; readonly authority: BoardAuthority }
  | { readonly kind: 'unavailable'; readonly reason: string };

async function readBoard(): Promise<BoardStanding> {
  const answer = await askBoard(BOARD_API.board);
  if (!answer.ok) throw new Error(answer.message);
  return answer;
}

/** Asks the server for an act; a grant goes with the editor's passkey over its exact statement. */
async function askServer<K extends ActName>(asked: ActOf<K>): Promise<ActDecided<K> | ToolRefusal> {
  const answer = grantKind(asked)
    ? await answerWithPasskey(askBoard(BOARD_API.grantOptions, { body: asked }), (response) =>
        askBoard(BOARD_API.grant, { body: { ...asked, response } }),
      )
    : await askBoard(BOARD_API.act, { body: asked });
  // The route answers the act it was asked for, so its result is that act's answer.
  return answer as ActDecided<K> | ToolRefusal;
}

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
        if (!answer.ok) return refused(seen, answer);
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
