// What can be done after a run that did not finish, in the words an agent reads on the run's last
// ledger row (plan_finished's `next`): the same choices the approval's card gives a person. A
// failed or undone run is tried again only by a person, from the card (a new approval of the same
// plan, decided with their passkey again); an agent can draft another plan.
import { SITES, type Site } from '@warrant/config';
import type { RunStatus } from '../domain/run.ts';

const titleOf = (partner: string): string =>
  (SITES as Readonly<Partial<Record<string, Site>>>)[partner]?.title ?? partner;

/** The `next` of a run's end, or undefined for a run that is done (nothing is left to do). */
export function runNext(approval: string, status: RunStatus, stoppedAt: string | null): string | undefined {
  if (status !== 'failed' && status !== 'undone') return undefined;
  const when = stoppedAt ? ` when ${titleOf(stoppedAt)} is back` : '';
  return (
    `A person can press Try again on ${approval}'s card at the desk${when}: a new approval of the same plan, ` +
    'approved with their passkey again. Or draft another plan for the request.'
  );
}
