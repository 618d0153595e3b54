// What a model reads of each gated act registered with registerTool: its description (what it
// does, when it is in order, what comes back) and its input schema. Data, loaded with the record
// after first paint: no gated act is in order before the record is open, so nothing here is read
// before then. The two forms carry their words in rulebook.ts, on the form from first paint.

import type { JsonSchema } from '@warrant/surface';
import { countField, memberField, objectSchema, textField } from './input-fields.ts';
import type { GatedRow, ImperativeToolName } from './rulebook.ts';
import { AMEND_FORMS, DISPOSITIONS, RULINGS } from './rulebook.ts';

export interface Declaration {
  /** Written for a model: what it does, what comes back, when it is in order. */
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** The input whose allowed values are the ids on the table at the moment of registration. */
  readonly enumFromTable: string | null;
}

const RESULT = 'Returns the new situation and how many tools are in order.';

const amendmentInputs = (degree: string): JsonSchema =>
  objectSchema(
    {
      text: textField('words', `The ${degree} verbatim, e.g. 'strike "June" and insert "July"'.`),
      mover: memberField('moved it'),
      form: { type: 'string', enum: AMEND_FORMS, description: 'How it changes the text.' },
    },
    ['text', 'mover', 'form'],
  );

export const DECLARATIONS: Readonly<Record<ImperativeToolName, Declaration>> = {
  call_meeting_to_order: {
    enumFromTable: null,
    description: `Record that the chair called the meeting to order. In order once, before business, with a quorum present (record attendance first). The floor is then clear for a main motion. ${RESULT}`,
    inputSchema: objectSchema(
      {
        chair: textField('name', 'Name of the member presiding.'),
        at: textField('term', 'The time as the chair said it, e.g. "6:32"; recorded as spoken, not parsed.'),
      },
      ['chair', 'at'],
    ),
  },
  move_main_motion: {
    enumFromTable: null,
    description: `Record a main motion, which brings new business before the assembly. In order only while the floor is clear. It then awaits a second. ${RESULT}`,
    inputSchema: objectSchema(
      {
        text: textField('words', 'The motion verbatim, e.g. "That the board …".'),
        mover: memberField('made the motion'),
      },
      ['text', 'mover'],
    ),
  },
  second_pending_motion: {
    enumFromTable: null,
    description: `Record that a member seconded the motion just made. In order while a motion awaits a second. A debatable motion then opens for debate; an undebatable one (limit debate, previous question, lay on the table, adjourn, take from the table) awaits the chair's putting. ${RESULT}`,
    inputSchema: objectSchema({ seconder: memberField('seconded') }, ['seconder']),
  },
  move_to_amend: {
    enumFromTable: null,
    description: `Record a first-degree amendment to the pending question: in order while an amendable question is under debate and no first-degree amendment is pending; if adopted it becomes part of the question. ${RESULT}`,
    inputSchema: amendmentInputs('amendment'),
  },
  move_to_amend_the_amendment: {
    enumFromTable: null,
    description: `Record a second-degree amendment to the pending first-degree amendment. In order only while that amendment is immediately pending. There is no third degree. ${RESULT}`,
    inputSchema: amendmentInputs('amendment to the amendment'),
  },
  move_to_postpone_indefinitely: {
    enumFromTable: null,
    description: `Record a motion to postpone indefinitely: if adopted, the main motion is dropped for the session without a direct vote (how an assembly kills a motion). In order only while a main motion is pending with nothing on it. ${RESULT}`,
    inputSchema: objectSchema({ mover: memberField('moved it') }, ['mover']),
  },
  move_to_commit: {
    enumFromTable: null,
    description: `Record a motion to refer the pending question, with its amendments, to a committee. In order while debate is open on a question it outranks. If adopted, the question goes to the committee. ${RESULT}`,
    inputSchema: objectSchema(
      { committee: textField('term', 'The committee named in the motion.'), mover: memberField('moved it') },
      ['committee', 'mover'],
    ),
  },
  move_to_postpone_to_time: {
    enumFromTable: null,
    description: `Record a motion to put off the pending question to a stated time or meeting. In order while debate is open on a question it outranks. ${RESULT}`,
    inputSchema: objectSchema(
      {
        until: textField('term', 'As the mover said it, e.g. "the next regular meeting".'),
        mover: memberField('moved it'),
      },
      ['until', 'mover'],
    ),
  },
  move_to_limit_debate: {
    enumFromTable: null,
    description: `Record a motion to limit or extend debate on the pending question. In order while debate is open on a question it outranks. Undebatable; needs two-thirds; voted on once the chair puts it. ${RESULT}`,
    inputSchema: objectSchema(
      { limit: textField('term', 'As moved, e.g. "two minutes per speaker".'), mover: memberField('moved it') },
      ['limit', 'mover'],
    ),
  },
  move_previous_question: {
    enumFromTable: null,
    description: `Record a motion for the previous question ("call the question", "cut off debate"). If adopted by two-thirds, debate closes and the pending question goes to its vote once the chair puts it. In order while a debatable question is pending. ${RESULT}`,
    inputSchema: objectSchema({ mover: memberField('moved it') }, ['mover']),
  },
  move_to_lay_on_table: {
    enumFromTable: null,
    description: `Record a motion to lay the pending question on the table: it sets the question aside temporarily, with all adhering to it, and it survives there for move_to_take_from_table. It does not kill a motion (that is move_to_postpone_indefinitely). Undebatable; voted on once the chair puts it. ${RESULT}`,
    inputSchema: objectSchema({ mover: memberField('moved it') }, ['mover']),
  },
  move_to_take_from_table: {
    enumFromTable: 'motionId',
    description: `Record a motion to take a tabled question from the table and resume it as it was. In order while the floor is clear and something is on the table. Undebatable; voted on once the chair puts it. ${RESULT}`,
    inputSchema: objectSchema(
      { motionId: textField('term', 'The tabled question’s id (t1, t2, …).'), mover: memberField('moved it') },
      ['motionId', 'mover'],
    ),
  },
  move_to_reconsider: {
    enumFromTable: null,
    description: `Record a motion to reconsider the vote just taken, which brings its question back as it was before that vote. In order only for a member who voted on the prevailing side of a vote taken by the members' recorded votes, while the floor is clear. Needs a second; debatable if the question was; majority. ${RESULT}`,
    inputSchema: objectSchema({ mover: memberField('moved it') }, ['mover']),
  },
  move_to_adjourn: {
    enumFromTable: null,
    description: `Record a motion to adjourn. In order with or without a quorum while business is before the meeting, even while a question awaits its vote, but not once the chair has put a question. Undebatable; voted on once the chair puts it; if adopted the meeting ends, pending business unfinished. ${RESULT}`,
    inputSchema: objectSchema({ mover: memberField('moved it') }, ['mover']),
  },
  raise_point_of_order: {
    enumFromTable: null,
    description: `Record a point of order: a member's claim that the rules are being broken. Needs no second. Business pauses until the chair rules. ${RESULT}`,
    inputSchema: objectSchema(
      { concern: textField('words', 'The point, verbatim.'), raisedBy: memberField('raised the point') },
      ['concern', 'raisedBy'],
    ),
  },
  record_chair_ruling: {
    enumFromTable: null,
    description: `Propose the chair's ruling on a point of order. The call waits for the chair to confirm or reject it at the bench and answers with that decision; nothing is recorded otherwise.`,
    inputSchema: objectSchema(
      {
        ruling: { type: 'string', enum: RULINGS, description: 'well_taken upholds the point.' },
        disposition: { type: 'string', enum: DISPOSITIONS, description: 'Strike it, or not.' },
        rationale: textField('words', 'Reasons, verbatim.'),
      },
      ['ruling', 'disposition', 'rationale'],
    ),
  },
  correct_last_entry: {
    enumFromTable: null,
    description: `Append a correction to the minute book. The entry it corrects stays as first written and the correction follows it, as real minutes are corrected. Changes nothing pending. In order any time after the call to order. ${RESULT}`,
    inputSchema: objectSchema(
      {
        correction: textField('words', 'What the record should say, in full.'),
        actor: memberField('asked for the correction'),
      },
      ['correction', 'actor'],
    ),
  },
  set_members_present: {
    enumFromTable: null,
    description: `Record how many members are in the room. Below quorum only adjournment (with its second and vote), points of order, rulings, corrections and attendance stay in order, and a question already put lapses. In order until adjournment. ${RESULT}`,
    inputSchema: objectSchema(
      {
        present: countField(
          'Counted by the chair, at most the whole board; the bylaws set the board and its quorum (explain_current_state gives both).',
        ),
        note: textField('term', 'Who arrived or left.'),
      },
      ['present'],
    ),
  },
};

/** What a model reads of any gated act: its declaration, or a form's own words. */
export function wordsOf(row: GatedRow): Pick<Declaration, 'description' | 'inputSchema'> {
  return row.kind === 'declarative' ? row : DECLARATIONS[row.name as ImperativeToolName];
}
