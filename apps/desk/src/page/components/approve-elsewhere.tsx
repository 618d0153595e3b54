// "Approve on another device": what this card says comes from this page, which an agent holding the
// browser can rewrite. So the card offers a link, and its QR code, to a page the desk's SERVER
// writes from the plan it holds (server/approval-page.ts), where a person reads the plan and
// approves or rejects it with their passkey. The link approves nothing by itself.
//
// Offering it first finds the approval the server raised under this card's statement (as approving
// here does), so that the link names what the server holds. Then this page watches the server's
// decision: once the person approved there, the card follows the run the server carries out; once
// they rejected it, the card says so.
import { useEffect, useState } from 'preact/hooks';
import type { Approval } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { DESK_API } from '../../api/desk-api.ts';
import { pathTo } from '../../api/route.ts';
import type { DeskView } from '../desk-view.ts';

/** How often the card asks the server whether the other device decided. */
const WATCH_MS = 1000;

export function ApproveElsewhere({ view, approval }: { view: DeskView; approval: Approval }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = approval.status === 'pending';

  useEffect(() => {
    if (challenge === null || !pending) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = async (): Promise<void> => {
      const { decisionOf, consentGivenElsewhere } = await import('../consent/consent-given-elsewhere.ts');
      const decision = await decisionOf(approval);
      if (stopped) return;
      if (decision.ok && decision.status === 'granted') {
        // Refused for now (this page is approving it itself, or no dispatcher is signed in here):
        // said on the card, and asked again while the card still waits.
        const answer = await view.acts.approve(approval.id, consentGivenElsewhere);
        if (answer.ok || stopped) return;
        if (answer.code !== 'APPROVAL_BEING_DECIDED') setProblem(answer.message);
      }
      if (decision.ok && decision.status === 'rejected') {
        const answer = await view.acts.reject(approval.id, 'Rejected on another device.');
        if (!answer.ok) setProblem(answer.message);
        return;
      }
      timer = setTimeout(() => void watch(), WATCH_MS);
    };
    void watch();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [challenge, pending]);

  // Rejected on the card, the approval was rejected on the desk's server first (human-acts.ts), and
  // made void there when its plan's steps changed: the link, offered or not, can no longer approve it.

  if (!pending) return null;
  const offer = async (): Promise<void> => {
    const { heldApproval } = await import('../consent/held-approval.ts');
    const held = await heldApproval(approval);
    setProblem(held.ok ? null : held.message);
    if (held.ok) setChallenge(held.challenge);
  };
  const offered =
    challenge === null
      ? null
      : {
          link: `${SITES.desk.origin}${pathTo(DESK_API.approvalPage, { challenge })}`,
          qr: pathTo(DESK_API.approvalQr, { challenge }),
        };
  return (
    <div class="approve-elsewhere">
      {offered === null ? (
        <button type="button" class="elsewhere" disabled={view.readOnly !== null} onClick={() => void offer()}>
          Approve on another device
        </button>
      ) : (
        <>
          <p class="small">
            Open this on your phone or another computer. It shows the plan as the desk's server holds it, written by the
            server, not by this page; approve or reject it there with your passkey. The link approves nothing by itself.
          </p>
          <div class="approve-elsewhere-offer">
            <img
              class="approve-elsewhere-qr"
              src={offered.qr}
              width={148}
              height={148}
              alt="QR code of the link to approve this plan on another device"
            />
            <a class="approve-elsewhere-link" href={offered.link} target="_blank" rel="noopener noreferrer">
              Approve on another device: <span class="approve-elsewhere-address">{offered.link}</span>
            </a>
          </div>
        </>
      )}
      {problem ? (
        <p class="act-answer" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
