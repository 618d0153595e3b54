// What each answer the board gives means, in a few plain words, and how it reads: done (something
// happened as asked), kept (the human kept things as they were: no failure, and no success
// either), or refused (nothing happened). Data only: the screen shows these words, and the code
// only as small print (components/outcome.tsx).

export type Tone = 'done' | 'kept' | 'refused';

export interface OutcomeWords {
  readonly tone: Tone;
  readonly words: string;
}

export const OUTCOME_WORDS: Readonly<Record<string, OutcomeWords>> = {
  SCOPE_UPDATED: { tone: 'done', words: 'Frame changed' },
  EXPANSION_APPROVED: { tone: 'done', words: 'Frame expanded as the agent asked' },
  EXPANSION_DENIED: { tone: 'kept', words: 'Request declined: the frame is kept as it was' },
  EXPANSION_REQUESTED: { tone: 'done', words: 'Request recorded, waiting for the human' },
  REVIEW_SUBMITTED: { tone: 'done', words: 'Submitted for review' },
  REVIEW_ACCEPTED: { tone: 'done', words: 'Change set accepted' },
  REVIEW_RETURNED: { tone: 'kept', words: 'Returned to draft: the edits stay, nothing is accepted' },
  BOARD_RESET: { tone: 'done', words: 'Board reset to scope v0' },
  SCOPED_EDIT_APPLIED: { tone: 'done', words: 'Edit applied' },
  WAIT_NOTED: { tone: 'kept', words: 'The request stays open for the human' },
  OUT_OF_SCOPE: { tone: 'refused', words: 'Refused: outside the frame' },
  SCOPE_STALE: { tone: 'refused', words: 'Refused: the frame has changed since this was granted' },
  EDITOR_SIGN_IN_REQUIRED: { tone: 'refused', words: 'Not done: sign in as an editor first' },
  BOARD_NOT_LOADED: { tone: 'refused', words: 'Not decided: the board is still loading' },
  INVALID_INPUT: { tone: 'refused', words: 'Refused: the input does not fit the tool' },
  UNKNOWN_FIELD: { tone: 'refused', words: 'Refused: no such field' },
  INVALID_VALUE: { tone: 'refused', words: 'Refused: the field does not take that value' },
  EMPTY_VALUE: { tone: 'refused', words: 'Refused: a field cannot be empty' },
  VALUE_TOO_LONG: { tone: 'refused', words: 'Refused: too long for the field' },
  INVALID_DATE: { tone: 'refused', words: 'Refused: not a real date' },
  NO_UPDATES: { tone: 'refused', words: 'Refused: nothing to write' },
  NO_CHANGE: { tone: 'refused', words: 'Nothing to change: the values are already these' },
  NO_CHANGES: { tone: 'refused', words: 'Nothing to review yet' },
  NO_FIELDS: { tone: 'refused', words: 'Refused: no fields asked for' },
  ALREADY_SCOPED: { tone: 'refused', words: 'Refused: already framed' },
  REASON_REQUIRED: { tone: 'refused', words: 'Refused: say why' },
  EXPANSION_PENDING: { tone: 'refused', words: 'Refused: a request is already waiting' },
  HUMAN_DECISION_PENDING: { tone: 'refused', words: 'Refused: the human is still deciding a request' },
  HUMAN_DECISION_TIMEOUT: { tone: 'refused', words: 'No decision in time: nothing granted' },
  EXPANSION_WAIT_ABORTED: { tone: 'refused', words: 'Stopped waiting: nothing granted' },
  ABORTED: { tone: 'refused', words: 'Stopped: the call was cancelled, nothing granted' },
  NOT_REGISTERED: { tone: 'refused', words: 'Not in order: nothing to call' },
  EXPANSION_BRIDGE_DISPOSED: { tone: 'refused', words: 'The page closed: nothing granted' },
  BOARD_NOT_DRAFT: { tone: 'refused', words: 'Refused: the board is not in draft' },
  NOT_IN_ORDER: { tone: 'refused', words: 'Refused: not in order now' },
  SCOPE_UNCHANGED: { tone: 'refused', words: 'The frame already holds exactly these fields' },
  NO_PENDING_REQUEST: { tone: 'refused', words: 'No request is waiting' },
  NO_ACTIVE_REVIEW: { tone: 'refused', words: 'No review is waiting' },
  REVIEW_ID_REQUIRED: { tone: 'refused', words: 'Refused: the review was not named' },
  REVIEW_STALE: { tone: 'refused', words: 'Refused: that is not the review waiting now' },
  INVALID_DECISION: { tone: 'refused', words: 'Refused: not a decision' },
  TOOL_FAILED: { tone: 'refused', words: 'The tool failed: nothing changed' },
  BOARD_SERVER_UNREACHABLE: { tone: 'refused', words: "Not decided: the board's server cannot be reached" },
};
