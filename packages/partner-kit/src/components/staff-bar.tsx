// Who is at this site's page. The site's staff act here (hand over, book in, reset); a staff
// member enrols once, only with a one-time link opened in this browser (the setup link `npm start`
// prints for the first, or an invitation from a staff member: `#enrol=<code>`, a fragment no server
// sees), and is then signed in by their passkey. Inviting or removing someone takes the signed-in
// staff member's passkey again. A browser with no passkey support is told plainly what works.
import { useEffect, useState } from 'preact/hooks';
import type { ToolResult } from '@warrant/surface';
import type { RemotePartnerSite } from '../remote-partner-site.ts';
import { confirmWithPasskey } from '../staff-passkey.ts';

interface StaffMember {
  readonly id: string;
  readonly name: string;
}

interface Session {
  readonly staff: StaffMember | null;
  readonly staffCount: number;
}

/** The one-time link's code this page was opened with, if any. */
function linkCode(): string | null {
  return /^#enrol=([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1] ?? null;
}

const NO_WEBAUTHN =
  'This browser cannot use passkeys here, so staff cannot sign in with it. Everything else on this page can be read. A security key, a phone, or a browser with a password manager that keeps passkeys can sign in.';

async function readJson<T>(path: string): Promise<(T & { ok: true }) | null> {
  try {
    const response = await fetch(path, { cache: 'no-store' });
    const body = (await response.json()) as T & { ok: boolean };
    return body.ok ? (body as T & { ok: true }) : null;
  } catch {
    return null;
  }
}

export function StaffBar<D>({ site, organisation }: { site: RemotePartnerSite<D>; organisation: string }) {
  const [session, setSession] = useState<Session | null>(null);
  const [staff, setStaff] = useState<readonly StaffMember[]>([]);
  const [name, setName] = useState('');
  const [invitee, setInvitee] = useState('');
  const [invitation, setInvitation] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(linkCode);
  const supported = typeof window.PublicKeyCredential === 'function' && window.isSecureContext;

  const refresh = async (): Promise<void> => {
    const got = await readJson<Session>('/api/people/session');
    setSession(got);
    const list = got?.staff ? await readJson<{ staff: StaffMember[] }>('/api/people') : null;
    setStaff(list?.staff ?? []);
  };
  useEffect(() => void refresh(), []);
  useEffect(() => {
    const opened = (): void => setLink(linkCode());
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);

  /** Runs one step of the bar: busy while it runs, its refusal said, the session read again after. */
  const step = async (run: () => Promise<ToolResult | null>): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    try {
      const answered = await run();
      if (answered && !answered.ok) setAnswer(answered.message);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const enrol = (event: Event): void => {
    event.preventDefault();
    void step(async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await site.post('/api/people/enrol/options', { name, link });
      if (!options.ok) return options;
      let response: unknown;
      try {
        response = await startRegistration({
          optionsJSON: options['options'] as Parameters<typeof startRegistration>[0]['optionsJSON'],
        });
      } catch (error) {
        setAnswer(`No passkey was made (${error instanceof Error ? error.message : String(error)}).`);
        return null;
      }
      const enrolled = await site.post('/api/people/enrol', { response });
      if (enrolled.ok) {
        // The link is spent: it leaves the address bar.
        history.replaceState(null, '', window.location.pathname + window.location.search);
        setLink(null);
        setName('');
      }
      return enrolled;
    });
  };

  const signIn = (): void =>
    void step(async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await site.post('/api/people/session/options', {});
      if (!options.ok) return options;
      try {
        const response = await startAuthentication({
          optionsJSON: options['options'] as Parameters<typeof startAuthentication>[0]['optionsJSON'],
        });
        return await site.post('/api/people/session', { response });
      } catch (error) {
        setAnswer(`No passkey answered (${error instanceof Error ? error.message : String(error)}).`);
        return null;
      }
    });

  const signOut = (): void => void step(() => site.post('/api/people/session/end', {}));

  const invite = (event: Event): void => {
    event.preventDefault();
    setInvitation(null);
    void step(async () => {
      const invited = await confirmWithPasskey(site.post, '/api/people/invitations', { name: invitee });
      if (invited.ok) {
        setInvitation((invited['invitation'] as { url: string }).url);
        setInvitee('');
      }
      return invited;
    });
  };

  const remove = (member: StaffMember): void =>
    void step(() => confirmWithPasskey(site.post, `/api/people/${encodeURIComponent(member.id)}/remove`, {}));

  const me = session?.staff ?? null;
  return (
    <section class="panel staff-bar" id="staff" aria-labelledby="staff-heading">
      <h2 id="staff-heading">Staff</h2>
      {!supported ? (
        <p class="muted" id="no-passkeys">
          {NO_WEBAUTHN}
        </p>
      ) : me ? (
        <>
          <p>
            Signed in as <strong id="staff-name">{me.name}</strong> <small class="fine-print">({me.id})</small>{' '}
            <button type="button" id="staff-sign-out" disabled={busy} onClick={signOut}>
              Sign out
            </button>
          </p>
          <p class="fine-print">
            Changing this week&rsquo;s stock and resetting the site&rsquo;s data ask for your passkey each time.
          </p>
          <details class="folded" id="staff-people">
            <summary>Staff of {organisation}</summary>
            <ul class="plain-list" id="staff-list">
              {staff.map((member) => (
                <li key={member.id}>
                  {member.name} <small class="fine-print">({member.id})</small>{' '}
                  {member.id === me.id ? null : (
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => remove(member)}
                      aria-label={`Remove ${member.name} (asks for your passkey)`}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <form class="staff-form" onSubmit={invite}>
              <label for="invitee-name">Invite someone by name</label>
              <input
                id="invitee-name"
                value={invitee}
                maxLength={60}
                required
                autocomplete="off"
                onInput={(event) => setInvitee((event.target as HTMLInputElement).value)}
              />
              <button type="submit" disabled={busy} id="invite">
                Invite (asks for your passkey)
              </button>
            </form>
            {invitation ? (
              <p id="invitation">
                Send this link to them; it works once, for two days:{' '}
                <input
                  readOnly
                  value={invitation}
                  aria-label="Invitation link"
                  id="invitation-link"
                  onFocus={(event) => (event.target as HTMLInputElement).select()}
                />
              </p>
            ) : null}
          </details>
        </>
      ) : link ? (
        <form class="staff-form" onSubmit={enrol}>
          <label for="staff-name-input">Your name</label>
          <input
            id="staff-name-input"
            value={name}
            maxLength={60}
            required
            autocomplete="name"
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
          />
          <button type="submit" class="primary" disabled={busy} id="staff-enrol">
            Enrol with a passkey
          </button>
        </form>
      ) : (
        <p>
          {session && session.staffCount > 0 ? (
            <button type="button" disabled={busy} onClick={signIn} id="staff-sign-in">
              Sign in with your staff passkey
            </button>
          ) : (
            <span id="no-staff">
              {organisation} has no staff signed up yet. The person who runs this site has a one-time setup link on the
              server&rsquo;s console (<code>npm start</code> prints it); open it in this browser to enrol.
            </span>
          )}{' '}
          <small class="fine-print">
            Staff sign in to hand things over, book them in or reset this site. New here? A staff member invites you
            with a link.
          </small>
        </p>
      )}
      {answer ? (
        <p class="act-outcome refused" role="alert" id="staff-answer">
          {answer}
        </p>
      ) : null}
    </section>
  );
}
