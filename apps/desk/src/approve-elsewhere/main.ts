// The approval page on another device (approve.html, filled in by the desk's server: see
// server/approval-page.ts). Everything a person reads here was written by the server; this script
// only runs the two acts: Approve is the passkey ceremony over the approval's own challenge, its
// assertion posted to the grant route the desk's card uses, and the server decides; Reject asks the
// server to reject. It reads nothing of the plan and writes none of it.
import '@warrant/ui/tokens.css';
import '../page/styles.css';
import './approve-elsewhere.css';
import { startAuthentication } from '@simplewebauthn/browser';
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

const NO_PASSKEY =
  'Approving needs your passkey on this device: a security key, this phone, or the passkey your browser or password manager keeps.';

const approval = document.querySelector<HTMLElement>('#approval[data-challenge]');
const answer = approval?.querySelector<HTMLElement>('[role="status"]');
const buttons = [...(approval?.querySelectorAll<HTMLButtonElement>('.actions button') ?? [])];

function say(words: string, refused: boolean): void {
  if (!answer) return;
  answer.textContent = words;
  answer.classList.toggle('refused', refused);
}

/** Once decided, there is nothing left to press. */
function decided(words: string): void {
  approval?.querySelector('.actions')?.remove();
  say(words, false);
}

async function approve(challenge: string): Promise<void> {
  const options = await askDesk(DESK_API.approvalOptions, { params: { challenge } });
  if (!options.ok) return say(options.message, true);
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options.options });
  } catch (error) {
    const cancelled = error instanceof Error && error.name === 'NotAllowedError';
    return say(
      `${cancelled ? 'No passkey answered (cancelled, or none here). ' : ''}${NO_PASSKEY} Nothing was approved.`,
      true,
    );
  }
  const granted = await askDesk(DESK_API.grant, { params: { challenge }, body: { response } });
  if (!granted.ok) return say(granted.message, true);
  decided(`Approved by ${granted.dispatcher.name}. The desk runs the plan now; you can close this page.`);
}

async function reject(challenge: string): Promise<void> {
  const rejected = await askDesk(DESK_API.reject, { params: { challenge } });
  if (!rejected.ok) return say(rejected.message, true);
  decided(`Rejected ${rejected.rejected}. Nothing of it will run.`);
}

const challenge = approval?.dataset['challenge'];
if (challenge) {
  const act = (work: (challenge: string) => Promise<void>) => async (): Promise<void> => {
    for (const button of buttons) button.disabled = true;
    say('Asking the desk…', false);
    await work(challenge);
    for (const button of buttons) button.disabled = false;
  };
  approval?.querySelector('button.approve')?.addEventListener('click', () => void act(approve)());
  approval?.querySelector('button.reject')?.addEventListener('click', () => void act(reject)());
  // The buttons come disabled until this script can run them.
  for (const button of buttons) button.disabled = false;
}
