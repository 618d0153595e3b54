// A signed-in dispatcher's people: who is on the desk's list, an invitation by name, a removal.
// Each of those is a person's act: the desk's server writes its statement (who invites whom and
// until when, or who removes whom) and does it only once this dispatcher's passkey has signed
// that statement, just now. The page only asks; the ledger row is the server's.
import { useEffect, useState } from 'preact/hooks';
import type { ToolRefusal } from '@warrant/surface';
import type { Invited, ProposedAct } from '../../api/answers.ts';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';

/** Has the passkey sign the act's statement the server `proposed`, and sends the answer to `confirm`. */
async function confirmWithPasskey<A>(
  proposed: Promise<ProposedAct | ToolRefusal>,
  confirm: (response: object) => Promise<A | ToolRefusal>,
): Promise<A | ToolRefusal> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const statement = await proposed;
  if (!statement.ok) return statement;
  return confirm(
    await startAuthentication({
      optionsJSON: { ...statement.options, allowCredentials: [...statement.options.allowCredentials] },
    }),
  );
}

export function PeoplePanel({ me }: { me: { readonly id: string } }) {
  const [people, setPeople] = useState<readonly { id: string; name: string }[]>([]);
  const [invitee, setInvitee] = useState('');
  const [invitation, setInvitation] = useState<Invited['invitation'] | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async (): Promise<void> => {
    const got = await askDesk(DESK_API.dispatchers);
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
      const made = await confirmWithPasskey(
        askDesk(DESK_API.invitationOptions, { body: { name: invitee } }),
        (response) => askDesk(DESK_API.invite, { body: { response } }),
      );
      if (!made.ok) return made.message;
      setInvitation(made.invitation);
      setInvitee('');
      return null;
    });
  };

  const remove = (person: { id: string; name: string }) =>
    void act(async () => {
      const params = { id: person.id };
      const removed = await confirmWithPasskey(askDesk(DESK_API.removalOptions, { params }), (response) =>
        askDesk(DESK_API.remove, { params, body: { response } }),
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
