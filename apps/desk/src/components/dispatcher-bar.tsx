// Who is at the desk. Approving a plan takes a dispatcher's passkey, so a person enrols once (a
// name and a passkey; on this desk anyone may add themself, and the ledger says so) and is then
// signed in by it. A browser with no passkey support is told plainly what works.
import { useEffect, useState } from 'preact/hooks';
import type { DeskView } from '../desk-view.ts';
import { askDeskServer } from '../consent/desk-server.ts';

interface Session {
  readonly dispatcher: { readonly id: string; readonly name: string } | null;
  readonly enrolment: 'open' | 'invite';
  readonly dispatchers: number;
}

const NO_WEBAUTHN =
  'This browser cannot use passkeys here, so it cannot approve plans. Everything else on the desk works. A security key, a phone, or a browser with a password manager that keeps passkeys can approve.';

export function DispatcherBar({ view }: { view: DeskView }) {
  const [session, setSession] = useState<Session | null>(null);
  const [name, setName] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = typeof window.PublicKeyCredential === 'function' && window.isSecureContext;

  const refresh = async (): Promise<void> => {
    const got = await askDeskServer<Session>('/api/session');
    setSession(got.ok ? got : null);
    if (!got.ok) setAnswer(got.message);
  };
  useEffect(() => void refresh(), []);

  const enrol = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    const { startRegistration } = await import('@simplewebauthn/browser');
    const options = await askDeskServer<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
      '/api/dispatchers/options',
      { name },
    );
    if (!options.ok) {
      setAnswer(options.message);
      setBusy(false);
      return;
    }
    try {
      const response = await startRegistration({ optionsJSON: options.options });
      const enrolled = await askDeskServer<{ dispatcher: { id: string; name: string } }>('/api/dispatchers', {
        response,
      });
      if (enrolled.ok) {
        view.desk.record({
          actor: 'human',
          channel: 'ui',
          event: 'dispatcher_enrolled',
          from: 'desk',
          to: 'desk',
          policy: 'not_applicable',
          status: 'ok',
          detail: `dispatcher=${enrolled.dispatcher.id}`,
        });
        setName('');
      } else setAnswer(enrolled.message);
    } catch (error) {
      setAnswer(`No passkey was made (${error instanceof Error ? error.message : String(error)}). ${NO_WEBAUTHN}`);
    }
    setBusy(false);
    await refresh();
    // A cut-off run waits for a signed-in dispatcher to be taken up.
    void view.takeUpRuns();
  };

  const signIn = async (): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const options = await askDeskServer<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
      '/api/session/options',
      {},
    );
    if (options.ok) {
      try {
        const signed = await askDeskServer('/api/session', {
          response: await startAuthentication({ optionsJSON: options.options }),
        });
        if (!signed.ok) setAnswer(signed.message);
      } catch (error) {
        setAnswer(`No passkey answered (${error instanceof Error ? error.message : String(error)}).`);
      }
    } else setAnswer(options.message);
    setBusy(false);
    await refresh();
    void view.takeUpRuns();
  };

  const signOut = async (): Promise<void> => {
    await askDeskServer('/api/session/end', {});
    await refresh();
  };

  return (
    <section class="dispatcher-bar" id="dispatcher" aria-label="Who is at the desk">
      {!supported ? (
        <p class="muted" id="no-passkeys">
          {NO_WEBAUTHN}
        </p>
      ) : session?.dispatcher ? (
        <p>
          Signed in as <strong id="dispatcher-name">{session.dispatcher.name}</strong>{' '}
          <small class="fine-print">({session.dispatcher.id})</small>{' '}
          <button type="button" class="link" onClick={() => void signOut()}>
            Sign out
          </button>
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
          <button type="submit" class="primary" disabled={busy || session?.enrolment === 'invite'} id="enrol">
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
