// Who is at the desk. Approving a plan takes a dispatcher's passkey. A person enrols once, only
// with a one-time link opened in this browser (the setup link `npm start` prints for the first
// dispatcher, or an invitation from a dispatcher: `#enrol=<code>`, a fragment no server sees),
// and is then signed in by their passkey. A browser with no passkey support is told plainly
// what works. Signing in or out here opens the page again as what it now is: the verbs an agent
// finds in a page are those of the dispatcher signed in there, or, with no one, none that acts.
import { useEffect, useState } from 'preact/hooks';
import type { DeskView } from '../desk-view.ts';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import { askDeskSession, openPageAgain, type DeskSession } from '../desk-session.ts';
import { PeoplePanel } from './people-panel.tsx';

/** The one-time link's code this page was opened with, if any. */
function linkCode(): string | null {
  return /^#enrol=([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1] ?? null;
}

const PASSKEYS_ELSEWHERE =
  'A security key, a phone, or a browser with a password manager that keeps passkeys can sign in and approve.';
const NO_WEBAUTHN = `This browser cannot use passkeys here, so no one can sign in on this page: it shows the desk's record and acts on nothing. ${PASSKEYS_ELSEWHERE}`;
const NO_WEBAUTHN_SIGNED_IN = `This browser cannot use passkeys here, so it cannot approve plans; everything else works. ${PASSKEYS_ELSEWHERE}`;

export function DispatcherBar({ view }: { view: DeskView }) {
  const [session, setSession] = useState<DeskSession | null>(view.session);
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(linkCode);
  const supported = typeof window.PublicKeyCredential === 'function' && window.isSecureContext;

  const refresh = async (): Promise<void> => {
    const got = await askDeskSession();
    setSession(got.ok ? got : null);
    if (!got.ok) setAnswer(got.message);
  };
  useEffect(() => {
    if (!view.session) void refresh();
  }, []);
  useEffect(() => {
    const opened = (): void => setLink(linkCode());
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);

  const enrol = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    const { startRegistration } = await import('@simplewebauthn/browser');
    const options = await askDesk(DESK_API.enrolmentOptions, { body: { name, link } });
    if (!options.ok) {
      setAnswer(options.message);
      setBusy(false);
      return;
    }
    try {
      const response = await startRegistration({ optionsJSON: options.options });
      const enrolled = await askDesk(DESK_API.enrol, { body: { response } });
      if (enrolled.ok) {
        // The link is spent (the desk's server recorded the enrolment): it leaves the address bar.
        history.replaceState(null, '', window.location.pathname + window.location.search);
        openPageAgain();
        return;
      }
      setAnswer(enrolled.message);
    } catch (error) {
      setAnswer(`No passkey was made (${error instanceof Error ? error.message : String(error)}). ${NO_WEBAUTHN}`);
    }
    setBusy(false);
    await refresh();
  };

  const signIn = async (): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const options = await askDesk(DESK_API.signInOptions);
    if (options.ok) {
      try {
        const signed = await askDesk(DESK_API.signIn, {
          body: { response: await startAuthentication({ optionsJSON: options.options }) },
        });
        if (signed.ok) {
          openPageAgain();
          return;
        }
        setAnswer(signed.message);
      } catch (error) {
        setAnswer(`No passkey answered (${error instanceof Error ? error.message : String(error)}).`);
      }
    } else setAnswer(options.message);
    setBusy(false);
    await refresh();
  };

  const signOut = async (): Promise<void> => {
    const ended = await askDesk(DESK_API.signOut);
    if (ended.ok) openPageAgain();
    else setAnswer(ended.message);
  };

  return (
    <section class="dispatcher-bar" id="dispatcher" aria-label="Who is at the desk">
      {session?.dispatcher ? (
        <>
          <p>
            Signed in as <strong id="dispatcher-name">{session.dispatcher.name}</strong>{' '}
            <small class="fine-print">({session.dispatcher.id})</small>{' '}
            <button type="button" class="link" onClick={() => void signOut()}>
              Sign out
            </button>
          </p>
          {supported ? (
            <PeoplePanel me={session.dispatcher} />
          ) : (
            <p class="muted" id="no-passkeys">
              {NO_WEBAUTHN_SIGNED_IN}
            </p>
          )}
        </>
      ) : !supported ? (
        <p class="muted" id="no-passkeys">
          {NO_WEBAUTHN}
        </p>
      ) : !link ? (
        <p class="sign-in">
          {session && session.dispatchers > 0 ? (
            <button type="button" disabled={busy} onClick={() => void signIn()} id="sign-in">
              Sign in with a passkey
            </button>
          ) : (
            <span id="no-dispatcher">
              This desk has no dispatcher yet. The person who started it has a one-time setup link on the server&rsquo;s
              console (<code>npm start</code> prints it); open it in this browser to enrol.
            </span>
          )}{' '}
          <small class="fine-print">
            New here? A dispatcher invites you with a link. Approving a plan takes your passkey; clicking alone approves
            nothing.
          </small>
        </p>
      ) : (
        <form class="enrol" onSubmit={(event) => void enrol(event)}>
          <label for="dispatcher-name-input">Your name</label>
          <input
            id="dispatcher-name-input"
            value={name}
            maxLength={60}
            required
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
            autocomplete="name"
          />
          <button type="submit" class="primary" disabled={busy} id="enrol">
            Enrol with a passkey
          </button>
          {session && session.dispatchers > 0 ? (
            <button type="button" disabled={busy} onClick={() => void signIn()} id="sign-in">
              Sign in with a passkey
            </button>
          ) : null}
          <small class="fine-print">Approving a plan takes your passkey; clicking alone approves nothing.</small>
        </form>
      )}
      {answer ? (
        <p class="act-answer" role="alert" id="dispatcher-answer">
          {answer}
        </p>
      ) : null}
    </section>
  );
}
