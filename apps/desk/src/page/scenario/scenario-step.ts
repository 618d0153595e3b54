// The shape of a declared scenario: the verbs to call, in order, with their inputs. An input may
// name a value an earlier step returned (`$ref`: "<step id>.<path>") or a local calendar date
// (`$date`), so a data file can say "the request just taken" or "tonight".
import type { VerbName } from '../../domain/verbs.ts';

export interface ScenarioRef {
  /** `<step id>.<path in its result>`, e.g. "intake.request.id". */
  readonly $ref: string;
}

export interface ScenarioDate {
  /** Today's local date, plus this many days. */
  readonly $date: number;
  /** Move on past these weekdays (0 Sunday … 6 Saturday), e.g. a site closed on Sundays. */
  readonly skipWeekdays?: readonly number[];
  /** A local time of day, HH:MM, to give a date and time. */
  readonly at?: string;
}

export type ScenarioValue =
  | string
  | number
  | boolean
  | null
  | ScenarioRef
  | ScenarioDate
  | readonly ScenarioValue[]
  | { readonly [key: string]: ScenarioValue };

export interface ScenarioStep {
  readonly id: string;
  readonly verb: VerbName;
  /** What the step does, for the person watching. */
  readonly says: string;
  readonly input: { readonly [key: string]: ScenarioValue };
  /** Steps after the halt run once a person has decided the approval the halt raised. */
  readonly after: 'start' | 'decision';
  /**
   * Called at once with the step before it rather than after it has answered (two leases opened
   * side by side, say): it may not name a value that step, or another called with it, returns.
   */
  readonly together?: true;
}

export interface Scenario {
  readonly name: string;
  readonly title: string;
  readonly steps: readonly ScenarioStep[];
}
