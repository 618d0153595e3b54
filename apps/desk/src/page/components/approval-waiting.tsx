// The top of the page says when an approval waits for a person, with a link to its card, for as
// long as one waits: after a halt, and after a reload at the halt. When a new approval is raised
// while this page acts, its card is brought to the dispatcher (scrolled into view, its heading
// focused), unless they are typing: then focus stays where it is and this polite live region,
// present from the start so it is announced, says it.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { InertText } from '@warrant/ui';
import type { Approval } from '@warrant/broker';
import type { DeskView } from '../desk-view.ts';
import { bringApproval, cardId, someoneIsTyping } from './bring-to-view.ts';

type Brought = { readonly approval: string; readonly how: 'focused' | 'announced' };

/** The approvals waiting for a person, oldest first. */
export function waitingApprovals(view: DeskView): readonly Approval[] {
  return view.desk.state.value.approvals.filter(
    (approval) => approval.status === 'pending' && mayDecide(view, approval),
  );
}

/** Whether this page's dispatcher decides `approval`: not one of a request another dispatcher holds. */
const mayDecide = (view: DeskView, approval: Approval): boolean =>
  (view.desk.heldElsewhere?.(approval.request) ?? null) === null;

/** A link to an approval's card that brings it into view and focuses its heading. */
export function ApprovalLink({
  approval,
  id,
  children,
}: {
  approval: string;
  id?: string;
  children: ComponentChildren;
}) {
  return (
    <a
      href={`#${cardId(approval)}`}
      id={id}
      class="approval-link"
      onClick={(event) => {
        if (bringApproval(approval)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

export function ApprovalWaiting({ view }: { view: DeskView }) {
  const approvals = view.desk.state.value.approvals;
  const waiting = waitingApprovals(view);
  // The approvals already there when the page was drawn are not news: a reload brings nothing.
  const seen = useRef<Set<string> | null>(null);
  if (seen.current === null) seen.current = new Set(approvals.map((approval) => approval.id));
  const [brought, setBrought] = useState<Brought | null>(null);

  useEffect(() => {
    const known = seen.current as Set<string>;
    const fresh = approvals.filter((approval) => !known.has(approval.id));
    for (const approval of fresh) known.add(approval.id);
    // Another dispatcher's approval is theirs to decide: it does not take this person's focus.
    const newest = fresh.filter((approval) => approval.status === 'pending' && mayDecide(view, approval)).at(-1);
    if (!newest) return;
    const how = view.readOnly === null && !someoneIsTyping() && bringApproval(newest.id) ? 'focused' : 'announced';
    setBrought({ approval: newest.id, how });
  }, [approvals, view.readOnly]);

  const first = waiting[0];
  return (
    <div
      class="approval-waiting"
      id="approval-waiting"
      role="status"
      data-brought={brought?.how ?? ''}
      data-approval={brought?.approval ?? ''}
    >
      {first ? (
        <p class="banner attention">
          <strong>
            {waiting.length === 1
              ? `Approval ${first.id} waits for a person`
              : `${waiting.length} approvals wait for a person`}
          </strong>
          : nothing {waiting.length === 1 ? 'of it' : 'of them'} has run at any partner.{' '}
          <ApprovalLink approval={first.id} id="top-approval-link">
            Go to approval {first.id}: <InertText text={first.label} />
          </ApprovalLink>
          {view.readOnly ? ' (read-only here: sign in to decide it)' : ''}
        </p>
      ) : null}
    </div>
  );
}
