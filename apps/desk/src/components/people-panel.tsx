// A signed-in dispatcher's people: who is on the desk's list, an invitation by name, a removal.
// Each of those is a person's act: the desk's server writes its statement (who invites whom and
// until when, or who removes whom) and does it only once this dispatcher's passkey has signed
// that statement, just now. The page only asks; the ledger row is the server's.
import { useEffect, useState } from 'preact/hooks';
import { askDeskServer } from '../consent/desk-server.ts';

interface Proposed {
  readonly options: { readonly challenge: string; readonly rpId: string };
}

/** Asks the server for an act's statement, has the passkey sign it, and sends the answer. */
async function confirmWithPasskey<T>(optionsPath: string, body: unknown, donePath: string) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const proposed = await askDeskServer<Proposed>(optionsPath, body);
  if (!proposed.ok) return proposed;
  const response = await startAuthentication({
    optionsJSON: proposed.options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return askDeskServer<T>(donePath, { response });
}

export function PeoplePanel({ me }: { me: { readonly id: string } }) {
  const [people, setPeople] = useState<readonly { id: string; name: string }[]>([]);
  const [invitee, setInvitee] = useState('');
  const [invitation, setInvitation] = useState<{ url: string; name: string; expires_at: string } | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async (): Promise<void> => {
    const got = await askDeskServer<{ dispatchers: { id: string; name: string }[] }>('/api/dispatchers');
    if (got.ok) setPeople(got.dispatchers);
  };
  useEffect(() => void refresh(), [me.id]);

  const act = async (run: () => Promise<string | null>): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await run());
    } catch (error) {
      setAnswer(
        `No passkey answered (${error instanceof Error ? error.message : String(error)}). Nothing was changed.`,
      );
    }
    setBusy(false);
    await refresh();
  };

  const invite = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const made = await confirmWithPasskey<{ invitation: { url: string; name: string; expires_at: string } }>(
        '/api/invitations/options',
        { name: invitee },
        '/api/invitations',
      );
      if (!made.ok) return made.message;
      setInvitation(made.invitation);
      setInvitee('');
      return null;
    });
  };

  const remove = (person: { id: string; name: string }) =>
    void act(async () => {
      const removed = await confirmWithPasskey(
        `/api/dispatchers/${encodeURIComponent(person.id)}/remove/options`,
        {},
        `/api/dispatchers/${encodeURIComponent(person.id)}/remove`,
      );
      return removed.ok ? `${person.name} is no longer a dispatcher here.` : removed.message;
    });

  return (
    <details class="people-panel" id="people-panel" onToggle={() => void refresh()}>
      <summary>People at this desk ({people.length})</summary>
      <ul class="people-list" id="people-list">
        {people.map((person) => (
          <li key={person.id} data-person={person.id}>
            {person.name} <small class="fine-print">({person.id})</small>{' '}
            <button type="button" class="link remove-person" disabled={busy} onClick={() => remove(person)}>
              Remove{person.id === me.id ? ' me' : ''}
            </button>
          </li>
        ))}
      </ul>
      <form class="enrol" onSubmit={invite}>
        <label for="invitee-name">Invite someone by name</label>
        <input
          id="invitee-name"
          value={invitee}
          maxLength={60}
          required
          onInput={(event) => setInvitee((event.target as HTMLInputElement).value)}
        />
        <button type="submit" disabled={busy} id="invite">
          Invite with my passkey
        </button>
      </form>
      {invitation ? (
        <p id="invitation">
          Send this link to {invitation.name}; it works once, until {new Date(invitation.expires_at).toLocaleString()}:{' '}
          <input id="invitation-link" readOnly value={invitation.url} aria-label="Invitation link" />
        </p>
      ) : null}
      <small class="fine-print">Inviting and removing take your passkey; being signed in is not enough.</small>
      {answer ? (
        <p class="act-answer" role="status" id="people-answer">
          {answer}
        </p>
      ) : null}
    </details>
  );
}
