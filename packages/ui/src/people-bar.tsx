// Who is at this site's page, over the site's people routes (@warrant/people's peopleRoutes): a
// person enrols once, only with a one-time link opened in this browser (the setup link `npm start`
// prints for the first, or an invitation from a person: `#enrol=<code>`, a fragment no server
// sees), and is then signed in by their passkey. Inviting or removing someone takes the signed-in
// person's passkey again. A browser with no passkey support is told plainly what works. The words
// (and the ids of the controls) are the site's: a partner's staff, the launch board's editors.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ToolResult } from '@warrant/surface';
import { confirmWithPasskey, type PostJson } from './passkey-act.ts';

interface Member {
  readonly id: string;
  readonly name: string;
  /** Their role, at a site whose people hold roles. */
  readonly role?: string;
}

/** What a site calls its people, on screen and in its answers. */
export interface PeopleBarWords {
  /** The key its server answers a person under ('staff', 'editor'), and the prefix of the controls' ids. */
  readonly key: string;
  /** The bar's heading ("Staff", "Editors"). */
  readonly heading: string;
  /** "Sign in with your staff passkey". */
  readonly signIn: string;
  /** What acting here asks of a signed-in person's passkey, in small print. */
  readonly passkeyNote: string;
  /** Said when the site has no one yet. */
  readonly nobodyYet: string;
  /** Said beside the sign-in button: what signing in is for. */
  readonly whySignIn: string;
  /** Heading of the list ("Staff of Pantry"). */
  readonly listHeading: string;
  /** At a site whose people hold roles: the roles an invitation may name, first the usual one. */
  readonly roles?: readonly { readonly value: string; readonly label: string }[];
}

type Session = { readonly [key: string]: Member | number | null };

/** The one-time link's code this page was opened with, if any. */
function linkCode(): string | null {
  return /^#enrol=([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1] ?? null;
}

const NO_WEBAUTHN =
  'This browser cannot use passkeys here, so no one can sign in with it. Everything else on this page can be read. A security key, a phone, or a browser with a password manager that keeps passkeys can sign in.';

async function readJson<T>(path: string): Promise<(T & { ok: true }) | null> {
  try {
    const response = await fetch(path, { cache: 'no-store' });
    const body = (await response.json()) as T & { ok: boolean };
    return body.ok ? (body as T & { ok: true }) : null;
  } catch {
    return null;
  }
}

export function PeopleBar({
  post,
  words,
  onSession,
  children,
}: {
  /** POSTs to the site's own server (with its session cookie) and answers its JSON. */
  post: PostJson;
  words: PeopleBarWords;
  /** Told who is signed in whenever that is read again (null: no one). */
  onSession?: (person: Member | null) => void;
  /** Shown to a signed-in person below their name. */
  children?: ComponentChildren;
}) {
  const { key } = words;
  const [session, setSession] = useState<Session | null>(null);
  const [people, setPeople] = useState<readonly Member[]>([]);
  const [name, setName] = useState('');
  const [invitee, setInvitee] = useState('');
  const [role, setRole] = useState(words.roles?.[0]?.value ?? '');
  const roleLabel = (member: Member): string | null =>
    member.role ? (words.roles?.find((held) => held.value === member.role)?.label ?? member.role) : null;
  const [invitation, setInvitation] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(linkCode);
  const supported = typeof window.PublicKeyCredential === 'function' && window.isSecureContext;

  const refresh = async (): Promise<void> => {
    const got = await readJson<Session>('/api/people/session');
    setSession(got);
    const signedIn = (got?.[key] as Member | null | undefined) ?? null;
    onSession?.(signedIn);
    const list = signedIn ? await readJson<Record<string, Member[]>>('/api/people') : null;
    setPeople(list?.[key] ?? []);
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
      const options = await post('/api/people/enrol/options', { name, link });
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
      const enrolled = await post('/api/people/enrol', { response });
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
      const options = await post('/api/people/session/options', {});
      if (!options.ok) return options;
      try {
        const response = await startAuthentication({
          optionsJSON: options['options'] as Parameters<typeof startAuthentication>[0]['optionsJSON'],
        });
        return await post('/api/people/session', { response });
      } catch (error) {
        setAnswer(`No passkey answered (${error instanceof Error ? error.message : String(error)}).`);
        return null;
      }
    });

  const signOut = (): void => void step(() => post('/api/people/session/end', {}));

  const invite = (event: Event): void => {
    event.preventDefault();
    setInvitation(null);
    void step(async () => {
      const invited = await confirmWithPasskey(post, '/api/people/invitations', {
        name: invitee,
        ...(words.roles ? { role } : {}),
      });
      if (invited.ok) {
        setInvitation((invited['invitation'] as { url: string }).url);
        setInvitee('');
      }
      return invited;
    });
  };

  const remove = (member: Member): void =>
    void step(() => confirmWithPasskey(post, `/api/people/${encodeURIComponent(member.id)}/remove`, {}));

  const me = (session?.[key] as Member | null | undefined) ?? null;
  const count = (session?.[`${key}Count`] as number | undefined) ?? 0;
  return (
    <section class="panel people-bar" id={key} aria-labelledby={`${key}-heading`}>
      <h2 id={`${key}-heading`}>{words.heading}</h2>
      {!supported ? (
        <p class="muted" id="no-passkeys">
          {NO_WEBAUTHN}
        </p>
      ) : me ? (
        <>
          <p>
            Signed in as <strong id={`${key}-name`}>{me.name}</strong>
            {roleLabel(me) ? <span id={`${key}-role`}>, {roleLabel(me)}</span> : null}{' '}
            <small class="fine-print">({me.id})</small>{' '}
            <button type="button" id={`${key}-sign-out`} disabled={busy} onClick={signOut}>
              Sign out
            </button>
          </p>
          <p class="fine-print">{words.passkeyNote}</p>
          {children}
          <details class="folded" id={`${key}-people`}>
            <summary>{words.listHeading}</summary>
            <ul class="plain-list" id={`${key}-list`}>
              {people.map((member) => (
                <li key={member.id}>
                  {member.name}
                  {roleLabel(member) ? `, ${roleLabel(member)}` : ''} <small class="fine-print">({member.id})</small>{' '}
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
            <form class="people-form" onSubmit={invite}>
              <label for="invitee-name">Invite someone by name</label>
              <input
                id="invitee-name"
                value={invitee}
                maxLength={60}
                required
                autocomplete="off"
                onInput={(event) => setInvitee((event.target as HTMLInputElement).value)}
              />
              {words.roles ? (
                <>
                  <label for="invitee-role">as</label>
                  <select
                    id="invitee-role"
                    value={role}
                    onChange={(event) => setRole((event.target as HTMLSelectElement).value)}
                  >
                    {words.roles.map((offered) => (
                      <option key={offered.value} value={offered.value}>
                        {offered.label}
                      </option>
                    ))}
                  </select>
                </>
              ) : null}
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
        <form class="people-form" onSubmit={enrol}>
          <label for={`${key}-name-input`}>Your name</label>
          <input
            id={`${key}-name-input`}
            value={name}
            maxLength={60}
            required
            autocomplete="name"
            onInput={(event) => setName((event.target as HTMLInputElement).value)}
          />
          <button type="submit" class="primary" disabled={busy} id={`${key}-enrol`}>
            Enrol with a passkey
          </button>
        </form>
      ) : (
        <p>
          {count > 0 ? (
            <button type="button" disabled={busy} onClick={signIn} id={`${key}-sign-in`}>
              {words.signIn}
            </button>
          ) : (
            <span id={`no-${key}`}>{words.nobodyYet}</span>
          )}{' '}
          <small class="fine-print">{words.whySignIn}</small>
        </p>
      )}
      {answer ? (
        <p class="act-outcome refused" role="alert" id={`${key}-answer`}>
          {answer}
        </p>
      ) : null}
    </section>
  );
}
